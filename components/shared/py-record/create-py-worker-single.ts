/**
 * The single offline file's stand-in for create-py-worker.ts (vite.single.config.ts): Pyodide (13 MB) is not
 * inlined into the one HTML file, so "Your code" says it needs the deck served.
 */
export function pyWorkerAvailable(): boolean {
  return false;
}

export function createPyWorker(): Worker | null {
  return null;
}
