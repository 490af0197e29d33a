/**
 * The recorder's Web Worker (a module worker): CPython 3.14 in WebAssembly (Pyodide), loaded on the first Run only,
 * runs asyncio_recorder.py on a person's program and posts the recording back.
 *
 * - Loading: Pyodide's files come from `../pyodide/` beside this file in the build (scripts/pyodide-files.ts), from
 *   `/pyodide/` under `vite dev`. The bytes are counted as they arrive (a counting `fetch` while Pyodide loads), so
 *   the page shows a real progress bar.
 * - Isolation, in walls that do not rest on one another:
 *   1. Pyodide's `js` module is an empty object of its own (`jsglobals`), not the worker's global: no JavaScript
 *      object a program reaches through Pyodide leads to `self`, `fetch`, `FontFace`, storage or the address.
 *   2. After loading, the worker's ways out are closed before any program runs: `fetch`, XMLHttpRequest, WebSocket,
 *      EventSource, FontFace and the worker's fonts, IndexedDB, the Cache API, storage (`navigator`), BroadcastChannel,
 *      nested workers, `postMessage` and `close` (the worker keeps its own references); `location` is gone, stack
 *      traces are empty and the strings that hold the deck's address in Pyodide's own objects are blanked.
 *   3. The worker's own CSP (WORKER_CSP, lib/worker-policy.ts), which every server the project ships sends: no eval,
 *      no load from another host, connections to the deck's origin only.
 *   4. The recorder refuses `js` and `pyodide*` at import (a finder first on sys.meta_path, the modules out of
 *      sys.modules) and standard input.
 * - What comes back: the recording is made into JSON here, by JavaScript (JSON.stringify of the dict converted by
 *   Pyodide), never by Python's `json`, which a program can patch; over MAX_RECORDING_CHARS it is not sent.
 * - Pyodide's own running loop (WebLoop) is set aside by the recorder while its loop runs.
 */
import recorderSource from './asyncio_recorder.py?raw';
import { MAX_RECORDING_CHARS, type RunRequest, type WarmRequest, type WorkerMessage } from './py-protocol.ts';
import { PYODIDE_BYTES, PYODIDE_DIR, PYODIDE_FILES, STDLIB_FULL } from './py-files.ts';
import { STDLIB_FINDER, STDLIB_FULL_TOP, STDLIB_TRIMMED_NAME } from './py-stdlib.ts';

/** What of a PyProxy the worker uses (pyodide/ffi.d.ts). */
interface PyObject {
  callKwargs(...args: unknown[]): PyObject;
  toJs(options: {
    create_pyproxies: boolean;
    dict_converter: (entries: Iterable<[string, unknown]>) => unknown;
  }): unknown;
  destroy(): void;
}
interface Pyodide {
  runPython(code: string): unknown;
  globals: { set(name: string, value: unknown): void };
  setStdin(options: { error: boolean }): void;
  FS: { writeFile(path: string, data: Uint8Array): void };
}
type LoadPyodide = (options: {
  indexURL: string;
  stdLibURL?: string;
  jsglobals: object;
  stdout?: (s: string) => void;
  stderr?: (s: string) => void;
  fsInit?: () => Promise<void>;
}) => Promise<Pyodide>;

const scope = self as unknown as {
  postMessage(message: WorkerMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<RunRequest | WarmRequest>) => void): void;
  fetch: typeof fetch;
};
const post = scope.postMessage.bind(scope);
/** The worker's own fetch, kept before the lock-down: it fetches the whole standard library, and nothing else. */
const fetchOwn = scope.fetch.bind(scope);
// (this file's address through a variable: Vite would take `new URL(…, import.meta.url)` for an asset of its own)
const here = import.meta.url;
const base = import.meta.env.DEV ? new URL(`/${PYODIDE_DIR}/`, here).href : new URL(`../${PYODIDE_DIR}/`, here).href;
/** The deck's own address (a presenter's deck may be served under a path of its own): no program may read it. */
const deckAddress = new URL(import.meta.env.DEV ? '/' : '../', here).href;

/** A progress bar's count of `total` bytes: each count posts it, at most every 100 ms unless `force`d. */
type Meter = (bytes: number, force?: boolean) => void;
function meter(total: number): Meter {
  let loaded = 0;
  let lastPost = 0;
  return (bytes, force = false) => {
    loaded = Math.min(total, loaded + bytes);
    const now = Date.now();
    if (force || now - lastPost > 100) {
      lastPost = now;
      post({ kind: 'progress', loaded, total });
    }
  };
}

/** `fetch` that counts the bytes of each response's body on `count` as it is read. */
function countingFetch(real: typeof fetch, count: Meter): typeof fetch {
  return async (input, init) => {
    const res = await real(input, init);
    if (!res.body) return res;
    const counted = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          count(chunk.byteLength);
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * The worker's phases as performance marks (`py:…`, in its own timeline beside its resource timings), read by
 * scripts/bench-pyodide.ts through the browser (Playwright's worker.evaluate): nothing is posted, nothing changes.
 */
const mark = (name: string) => performance.mark(`py:${name}`);
mark('worker');

const sizeOf = (name: string) => PYODIDE_FILES.find((f) => f.name === name)?.bytes ?? 0;

async function load(): Promise<Pyodide> {
  const progress = meter(PYODIDE_BYTES);
  progress(0, true);
  const real = scope.fetch.bind(scope);
  scope.fetch = countingFetch(real, progress);
  try {
    // The two scripts are modules (import(), not fetch): counted whole when each has arrived.
    const { loadPyodide } = (await import(/* @vite-ignore */ `${base}pyodide.mjs`)) as { loadPyodide: LoadPyodide };
    mark('pyodide.mjs');
    progress(sizeOf('pyodide.mjs'));
    // Pyodide's runtime script, imported here beside loadPyodide (the same module: the browser loads it once), so
    // that the wasm and the standard library, which loadPyodide asks for before it, download while it is parsed.
    const runtime = import(/* @vite-ignore */ `${base}pyodide.asm.mjs`).then(() => {
      mark('pyodide.asm.mjs');
      progress(sizeOf('pyodide.asm.mjs'));
    });
    runtime.catch(() => {}); // (a failed import fails loadPyodide too, which says so)
    // `js` is this empty object, not the worker's global (Pyodide's default)
    const jsglobals = Object.create(null) as object;
    // The standard library in part (py-stdlib.ts): the rest only when a program imports a module outside it.
    const py = await loadPyodide({
      indexURL: base,
      stdLibURL: `${base}${STDLIB_TRIMMED_NAME}`,
      jsglobals,
      stdout: () => {},
      stderr: () => {},
      // called once the wasm is instantiated, before Python starts
      fsInit: () => {
        mark('wasm');
        return Promise.resolve();
      },
    });
    await runtime;
    mark('python');
    py.setStdin({ error: true });
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
    'WebTransport',
    'EventSource',
    'FontFace',
    'BroadcastChannel',
    'Worker',
    'SharedWorker',
    'importScripts',
    'postMessage',
    'close',
  ]) {
    Object.defineProperty(g, name, { value: refused, writable: false, configurable: false });
  }
  for (const name of ['indexedDB', 'caches', 'cookieStore', 'fonts', 'navigator', 'location']) {
    try {
      Object.defineProperty(g, name, { value: undefined, writable: false, configurable: false });
    } catch {
      // not there in this browser
    }
  }
  // a JavaScript error's stack names the worker's file, under the deck's address
  try {
    Object.defineProperty(Error, 'stackTraceLimit', { value: 0, writable: false, configurable: false });
  } catch {
    // an engine whose limit is not ours to set
  }
}

/**
 * Blanks every string that holds the deck's address in the objects reachable from `root` (Pyodide's API: its
 * config's indexURL, the lock file's base…), own data properties only, no getter called, no Python object entered.
 */
function forgetAddress(root: object, address: string): void {
  const seen = new Set<object>();
  const queue: object[] = [root];
  while (queue.length > 0) {
    const o = queue.pop()!;
    if (seen.has(o) || ArrayBuffer.isView(o) || o instanceof ArrayBuffer || o instanceof WebAssembly.Memory) continue;
    seen.add(o);
    if (typeof (o as { toJs?: unknown }).toJs === 'function' && 'destroy' in o) continue; // a PyProxy
    for (const key of Reflect.ownKeys(o)) {
      const d = Object.getOwnPropertyDescriptor(o, key);
      if (!d || !('value' in d)) continue;
      const v: unknown = d.value;
      if (typeof v === 'string') {
        if (v.includes(address)) {
          try {
            (o as Record<PropertyKey, unknown>)[key] = '';
          } catch {
            // read-only: left as it is
          }
        }
      } else if (v !== null && (typeof v === 'object' || typeof v === 'function')) queue.push(v);
    }
    const proto = Object.getPrototypeOf(o) as object | null;
    if (proto) queue.push(proto);
  }
}

interface Booted {
  readonly python: string;
  /** The recorder's `record`, held from boot: a program that rebinds the module's name does not change it. */
  readonly record: PyObject;
  /** Pyodide, for the whole standard library when a program asks for it. */
  readonly py: Pyodide;
  /** Whether the last run imported a module of the standard library that is not loaded yet (held from boot). */
  readonly wanted: (whole?: string) => unknown;
}

/** Where the whole standard library's zip is put in Python's file system. */
const WHOLE = '/lib/python_stdlib_whole.zip';

/**
 * The whole standard library, fetched once (its fixed address, the worker's own fetch, counted as Pyodide's files are)
 * and put on sys.path.
 */
let fullLoaded: Promise<void> | null = null;
function loadFullStdlib(booted: Booted): Promise<void> {
  fullLoaded ??= (async () => {
    const progress = meter(STDLIB_FULL.bytes);
    const res = await countingFetch(fetchOwn, progress)(`${base}${STDLIB_FULL.name}`);
    if (!res.ok || !res.body) throw new Error(`the standard library did not load (${res.status})`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    progress(0, true);
    booted.py.FS.writeFile(WHOLE, bytes);
    booted.wanted(WHOLE);
  })().catch((error: unknown) => {
    fullLoaded = null;
    throw error;
  });
  return fullLoaded;
}
let ready: Promise<Booted> | null = null;

function boot(): Promise<Booted> {
  ready ??= load().then((py) => {
    py.globals.set('RECORDER', recorderSource);
    const python = py.runPython(
      "import sys, types\nrecorder = types.ModuleType('asyncio_recorder')\n" +
        "exec(compile(RECORDER, 'asyncio_recorder.py', 'exec'), recorder.__dict__)\n" +
        "sys.modules['asyncio_recorder'] = recorder\ndel RECORDER\n'.'.join(map(str, sys.version_info[:3]))",
    ) as string;
    mark('recorder');
    const record = py.runPython('recorder.record') as PyObject;
    py.runPython('del recorder');
    py.globals.set('TOP', STDLIB_FULL_TOP.join(' '));
    py.runPython(STDLIB_FINDER);
    const wanted = py.runPython('_stdlib_wanted') as Booted['wanted'];
    py.runPython('del _stdlib_wanted');
    mark('finder');
    forgetAddress(py, deckAddress);
    mark('forget');
    lockDown();
    mark('ready');
    return { python, record, py, wanted };
  });
  return ready;
}

/** The recording as JSON, made by JavaScript from the recorder's dict (Python's `json` is the program's to patch). */
function recordingJson(recording: PyObject): string {
  try {
    return JSON.stringify(recording.toJs({ create_pyproxies: false, dict_converter: Object.fromEntries }));
  } finally {
    recording.destroy();
  }
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
      const booted = await boot();
      post({ kind: 'started', id: m.id, python: booted.python });
      const recordOnce = () =>
        recordingJson(
          booted.record.callKwargs(String(m.source), {
            budget_s: Math.max(0.001, Number(m.budgetMs) / 1000),
            debug: m.debug === true,
          }),
        );
      mark('run');
      let json = recordOnce();
      mark('recorded');
      // It imported a module of the standard library not loaded yet: the rest of it loads, and the program runs again
      // (if it cannot load, the first recording stands, its traceback saying why).
      if (booted.wanted() === true) {
        const loaded = await loadFullStdlib(booted).then(
          () => true,
          () => false,
        );
        if (loaded) json = recordOnce();
      }
      if (json.length > MAX_RECORDING_CHARS) post({ kind: 'oversize', id: m.id, chars: json.length });
      else post({ kind: 'result', id: m.id, json });
    } catch (err) {
      post({ kind: 'failed', id: m.id, message: err instanceof Error ? err.message : String(err) });
    }
  })();
});
