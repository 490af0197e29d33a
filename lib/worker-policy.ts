/**
 * The policy of "Your code"'s worker (components/shared/py-record/py-worker.ts, built as `assets/py-worker-*.js`):
 * every server the project ships sends it as the `Content-Security-Policy` header of that file (`vite preview` and
 * `vite dev` through scripts/pyodide-files.ts, the workshop server through server/static.ts). A dedicated worker
 * takes its policy from its own response, not from the page: without the header it runs with none at all.
 * Compiling WebAssembly needs `'wasm-unsafe-eval'`; nothing else is granted: no `eval`, no font, image or media
 * loads, connections to the deck's own origin only (Pyodide's files), no nested workers.
 */
export const WORKER_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; worker-src 'none'; base-uri 'none'; form-action 'none'";

/** The worker's file in the build (any folder above it: the workshop serves the deck under a path), and its module under `vite dev`. */
export const WORKER_FILE = /\/(assets\/py-worker-[\w-]+\.js|components\/shared\/py-record\/py-worker\.ts)(\?|$)/;
