/**
 * Makes the simulator's Web Worker from its own file (`assets/sim-worker-*.js` in the build; CSP `worker-src 'self'`).
 * On a page of another origin (`<hsw-slide>` loaded from the deck's host, src/embed-element.ts) a browser refuses a
 * worker from that host's address; there the worker is a tiny module of the page's own origin (a `blob:`) that
 * imports the deck's worker file (fetched with CORS, as `embed.js` itself was). If the page's policy refuses that
 * too, the runner falls back to the page's thread (sim-runner.ts) and says so.
 *
 * The single-file build (vite.single.config.ts) replaces this module with create-worker-inline.ts.
 */
import workerUrl from './sim-worker.ts?worker&url';

export function createSimWorker(): Worker {
  const url = new URL(workerUrl, import.meta.url);
  if (url.origin === location.origin) return new Worker(url, { type: 'module', name: 'hsw-sim' });
  const shim = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(shim), { type: 'module', name: 'hsw-sim' });
}
