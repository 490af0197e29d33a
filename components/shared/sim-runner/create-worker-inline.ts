/**
 * The single file's simulator worker (vite.single.config.ts puts this module in place of create-worker.ts): a page
 * opened from `file://` cannot start a worker from a file, so the worker runs the text of the file's own
 * `<script id="hsw-sim">` (src/single-sim.ts: the simulator, which the page runs too) from a `blob:` URL (its
 * policy has `worker-src 'self' blob:`), as a classic script.
 */
let url: string | undefined;

export function createSimWorker(): Worker {
  if (url === undefined) {
    const source = document.getElementById('hsw-sim')?.textContent;
    if (!source) throw new Error('the single file carries no simulator (<script id="hsw-sim">)');
    url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  }
  return new Worker(url, { name: 'hsw-sim' });
}
