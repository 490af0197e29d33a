/**
 * The recorder's Web Worker (a module worker): CPython 3.14 in WebAssembly (Pyodide), loaded on the first Run only,
 * runs asyncio_recorder.py on a person's program and posts the recording back.
 *
 * - Loading: Pyodide's files come from `../pyodide/` beside this file in the build (scripts/pyodide-files.ts), from
 *   `/pyodide/` under `vite dev`. The bytes are counted as they arrive (a counting `fetch` while Pyodide loads), so
 *   the page shows a real progress bar.
 * - Isolation: after loading, the worker's ways out are closed before any program runs: `fetch`, XMLHttpRequest,
 *   WebSocket, EventSource, IndexedDB, the Cache API, BroadcastChannel, nested workers, `postMessage` and `close`
 *   (the worker keeps its own references). The recorder refuses `import js` and `import pyodide`; the worker also
 *   takes `js` and `pyodide*` out of `sys.modules` while the program runs. And the worker's own CSP (WORKER_CSP)
 *   allows connections to the deck's origin only.
 * - Pyodide's own running loop (WebLoop) is set aside by the recorder while its loop runs.
 */
import recorderSource from './asyncio_recorder.py?raw';
import type { RunRequest, WarmRequest, WorkerMessage } from './py-protocol.ts';
import { PYODIDE_BYTES, PYODIDE_DIR, PYODIDE_FILES } from './py-files.ts';

interface Pyodide {
  runPython(code: string, options?: { globals?: unknown }): unknown;
  globals: { set(name: string, value: unknown): void };
}
type LoadPyodide = (options: {
  indexURL: string;
  stdout?: (s: string) => void;
  stderr?: (s: string) => void;
}) => Promise<Pyodide>;

const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<RunRequest | WarmRequest>) => void): void;
  fetch: typeof fetch;
};
const post = scope.postMessage.bind(scope);
// (this file's address through a variable: Vite would take `new URL(…, import.meta.url)` for an asset of its own)
const here = import.meta.url;
const base = import.meta.env.DEV ? new URL(`/${PYODIDE_DIR}/`, here).href : new URL(`../${PYODIDE_DIR}/`, here).href;

let loaded = 0;
let lastPost = 0;
function progress(bytes: number, force = false): void {
  loaded = Math.min(PYODIDE_BYTES, loaded + bytes);
  const now = Date.now();
  if (force || now - lastPost > 100) {
    lastPost = now;
    post({ kind: 'progress', loaded, total: PYODIDE_BYTES });
  }
}

/** `fetch` that counts the bytes of each response's body as it is read. */
function countingFetch(real: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await real(input, init);
    if (!res.body) return res;
    const counted = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          progress(chunk.byteLength);
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

const sizeOf = (name: string) => PYODIDE_FILES.find((f) => f.name === name)?.bytes ?? 0;

async function load(): Promise<Pyodide> {
  post({ kind: 'progress', loaded: 0, total: PYODIDE_BYTES });
  const real = scope.fetch.bind(scope);
  scope.fetch = countingFetch(real);
  try {
    // The two scripts are modules (import(), not fetch): counted whole when each has arrived.
    const { loadPyodide } = (await import(/* @vite-ignore */ `${base}pyodide.mjs`)) as { loadPyodide: LoadPyodide };
    progress(sizeOf('pyodide.mjs'));
    await import(/* @vite-ignore */ `${base}pyodide.asm.mjs`);
    progress(sizeOf('pyodide.asm.mjs'));
    const py = await loadPyodide({ indexURL: base, stdout: () => {}, stderr: () => {} });
    progress(PYODIDE_BYTES, true);
    return py;
  } finally {
    scope.fetch = real;
  }
}

/** After Pyodide has loaded: what a program could reach the page, the network or storage with is taken away. */
function lockDown(): void {
  const refused = () => {
    throw new Error('not available to the program: it runs in a sandbox');
  };
  const g = self as unknown as Record<string, unknown>;
  for (const name of [
    'fetch',
    'XMLHttpRequest',
    'WebSocket',
    'WebSocketStream',
    'EventSource',
    'BroadcastChannel',
    'Worker',
    'SharedWorker',
    'importScripts',
    'postMessage',
    'close',
  ]) {
    Object.defineProperty(g, name, { value: refused, writable: false, configurable: false });
  }
  for (const name of ['indexedDB', 'caches', 'cookieStore']) {
    try {
      Object.defineProperty(g, name, { value: undefined, writable: false, configurable: false });
    } catch {
      // not there in this browser
    }
  }
}

const RUN = `
import sys, json, asyncio_recorder
_hidden = {k: sys.modules.pop(k) for k in list(sys.modules) if k == 'js' or k.startswith(('pyodide', '_pyodide'))}
try:
    _out = json.dumps(asyncio_recorder.record(SOURCE, budget_s=BUDGET_S, debug=DEBUG), ensure_ascii=False)
finally:
    sys.modules.update(_hidden)
_out
`;

let ready: Promise<{ py: Pyodide; python: string }> | null = null;

function boot(): Promise<{ py: Pyodide; python: string }> {
  ready ??= load().then((py) => {
    py.globals.set('RECORDER', recorderSource);
    const python = py.runPython(
      "import sys, types\nrecorder = types.ModuleType('asyncio_recorder')\n" +
        "exec(compile(RECORDER, 'asyncio_recorder.py', 'exec'), recorder.__dict__)\n" +
        "sys.modules['asyncio_recorder'] = recorder\n'.'.join(map(str, sys.version_info[:3]))",
    ) as string;
    lockDown();
    return { py, python };
  });
  return ready;
}

scope.addEventListener('message', (e) => {
  const m = e.data;
  // Loaded ahead of the first Run; a load that failed is tried again by the Run.
  if (m?.kind === 'warm') {
    boot().catch(() => (ready = null));
    return;
  }
  if (m?.kind !== 'run') return;
  void (async () => {
    try {
      const { py, python } = await boot();
      post({ kind: 'started', id: m.id, python });
      py.globals.set('SOURCE', String(m.source));
      py.globals.set('BUDGET_S', Math.max(0.001, Number(m.budgetMs) / 1000));
      py.globals.set('DEBUG', m.debug === true);
      post({ kind: 'result', id: m.id, json: py.runPython(RUN) as string });
    } catch (err) {
      post({ kind: 'failed', id: m.id, message: err instanceof Error ? err.message : String(err) });
    }
  })();
});
