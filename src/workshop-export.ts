/**
 * The presenter's export of the room (`/api/export.csv`, `/api/export.json`), proved by the presenter's cookie (the
 * page never knows the secret; server/secret.ts) rather than a key in an address (a link's address shows on the
 * projector when hovered, and copies): fetched, then saved from a `blob:` address that names nothing. Resolves to null
 * when the file was saved, else why it was not.
 */
export async function saveExport(kind: 'csv' | 'json', room: string): Promise<string | null> {
  try {
    const res = await fetch(`${window.location.origin}/api/export.${kind}`, {
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (!res.ok) return `HTTP ${res.status}`;
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `workshop-${room}.${kind}`;
    a.hidden = true;
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
