import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { PYODIDE_DIR, PYODIDE_FILES, STDLIB_FULL } from '../components/shared/py-record/py-files.ts';
import { STDLIB_TRIMMED_NAME } from '../components/shared/py-record/py-stdlib.ts';
import { shippedStdlib } from './stdlib-trim.ts';
import { WORKER_CSP, WORKER_FILE } from '../lib/worker-policy.ts';

/**
 * "Your code" on the asyncio-loop slide runs a program in CPython compiled to WebAssembly (the `pyodide` package).
 * This plugin puts Pyodide's files (components/shared/py-record/py-files.ts) into the build under `pyodide/`, and
 * nothing else loads them but the recorder's worker (`assets/py-worker-*.js`), on the first Run: the pages' and the
 * slides' own files do not change.
 *
 * Compiling WebAssembly under a Content Security Policy needs `'wasm-unsafe-eval'`. The pages keep their strict
 * policy (scripts/csp.ts, no `wasm-unsafe-eval`, no `unsafe-eval`); the worker, a dedicated worker of the deck's
 * own origin, is governed by the policy of its own response, WORKER_CSP (lib/worker-policy.ts), which `vite preview`
 * (and `vite dev`) sends as a header on the worker's file, as the workshop server does (server/static.ts). A host
 * that serves the deck sends the same header on `assets/py-worker-*.js` (docs/your-code.md, "Security policy").
 */

const PACKAGE = join(import.meta.dirname, '..', 'node_modules', 'pyodide');

/** Every file served under `pyodide/`: the package's, and the standard library trimmed and compiled (made once). */
const FILES = [...PYODIDE_FILES, STDLIB_FULL];
let trimmed: Promise<Uint8Array> | null = null;
async function bytesOf(name: string): Promise<Uint8Array> {
  if (name !== STDLIB_TRIMMED_NAME) return readFileSync(join(PACKAGE, name));
  trimmed ??= shippedStdlib(readFileSync(join(PACKAGE, STDLIB_FULL.name)));
  return trimmed;
}

function workerPolicy(): Connect.NextHandleFunction {
  return (req, res, next) => {
    if (WORKER_FILE.test(req.url ?? '')) res.setHeader('Content-Security-Policy', WORKER_CSP);
    next();
  };
}

export function pyodideFiles(): Plugin {
  return {
    name: 'hsw-pyodide-files',
    async generateBundle() {
      for (const f of FILES) {
        this.emitFile({
          type: 'asset',
          fileName: `${PYODIDE_DIR}/${f.name}`,
          source: await bytesOf(f.name),
        });
      }
    },
    configurePreviewServer(server) {
      server.middlewares.use(workerPolicy());
    },
    configureServer(server) {
      server.middlewares.use(workerPolicy());
      // vite dev: the files straight from the package
      server.middlewares.use((req, res, next) => {
        const m = new RegExp(`^/${PYODIDE_DIR}/([\\w.-]+)(\\?|$)`).exec(req.url ?? '');
        const file = m && FILES.find((f) => f.name === m[1]);
        if (!file) return next();
        const type = file.name.endsWith('.wasm')
          ? 'application/wasm'
          : file.name.endsWith('.mjs')
            ? 'text/javascript'
            : file.name.endsWith('.json')
              ? 'application/json'
              : 'application/zip';
        res.setHeader('Content-Type', type);
        bytesOf(file.name).then((bytes) => res.end(bytes), next);
      });
    },
  };
}
