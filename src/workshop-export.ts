/**
 * The presenter's export of the room (`/api/export.csv`, `/api/export.json`), with the key in a header rather than in
 * an address (a link's address shows on the projector when hovered, and copies): fetched, then saved from a `blob:`
 * address that names nothing. Resolves to null when the file was saved, else why it was not.
 */
export async function saveExport(
  kind: 'csv' | 'json',
  where: { room: string; secret: string | null },
): Promise<string | null> {
  try {
    const res = await fetch(`${window.location.origin}/api/export.${kind}`, {
      headers: { Authorization: `Bearer ${where.secret ?? ''}` },
      cache: 'no-store',
    });
    if (!res.ok) return `HTTP ${res.status}`;
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `workshop-${where.room}.${kind}`;
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
