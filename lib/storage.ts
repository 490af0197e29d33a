/** Reads storage without ever throwing (private mode, disabled storage, corrupt values). */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes storage without ever throwing: when storage is unavailable the value lasts for this page only. */
export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}
