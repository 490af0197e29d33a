// The pyodide engine of `npm run asyncio -- record` (scripts/asyncio.ts starts it): CPython 3.14 in WebAssembly,
// in a Node process of its own that holds none of the user's rights. scripts/asyncio.ts runs this file with Node's
// permission model (no child process, no worker, no file written, files read only from node_modules and this file)
// and without eval (--disallow-code-generation-from-strings); here, Pyodide gets a `js` module of its own (an empty
// object, not Node's global, which holds `process` and Pyodide's `require`), standard input is an I/O error and the
// globals that reach the network are taken away before the program runs.
//
// Reads one job from standard input, as JSON: { source, recorder (asyncio_recorder.py's text), budgetMs }. Writes
// lines of JSON to standard output: {"kind":"loaded"} once Python is up, then {"kind":"done","json":…} (the
// recording, made into JSON by JavaScript: Python's `json` is the program's to patch) or {"kind":"failed","message":…,"denied":…} (denied: what Node refused, as ChildProcess, or null).
import { constants as fsConstants } from 'node:fs';
import { constants as osConstants } from 'node:os';

const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const job = JSON.parse(Buffer.concat(chunks).toString('utf8'));

// Pyodide's NODEFS reads the file flags with process.binding('constants'), which the permission model refuses.
process.binding = (name) => {
  if (name === 'constants') return { fs: fsConstants, os: osConstants };
  throw new Error(`process.binding('${name}') is not available here`);
};

const { loadPyodide } = await import(new URL('../node_modules/pyodide/pyodide.mjs', import.meta.url).href);
const py = await loadPyodide({ jsglobals: Object.create(null), stdout: () => {}, stderr: () => {} });
py.setStdin({ error: true });
for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'require']) {
  try {
    Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false });
  } catch {
    // not there, or not ours to change
  }
}
py.globals.set('RECORDER', job.recorder);
py.runPython(
  "import sys, types\nrecorder = types.ModuleType('asyncio_recorder')\n" +
    "exec(compile(RECORDER, 'asyncio_recorder.py', 'exec'), recorder.__dict__)\n" +
    "sys.modules['asyncio_recorder'] = recorder\ndel RECORDER",
);
const record = py.runPython('recorder.record');
say({ kind: 'loaded' });
try {
  const recording = record.callKwargs(job.source, { budget_s: job.budgetMs / 1000 });
  say({
    kind: 'done',
    json: JSON.stringify(recording.toJs({ create_pyproxies: false, dict_converter: Object.fromEntries })),
  });
} catch (e) {
  // A refused call of Node's (a process, a file written) stops Pyodide itself: its message says which.
  const denied = e && e.code === 'ERR_ACCESS_DENIED' ? String(e.permission || 'refused') : null;
  say({ kind: 'failed', message: e instanceof Error ? e.message : String(e), denied });
}
// Once the line is out: process.exit() right after a write to a full pipe cuts it (the recording is up to 2 MB).
process.stdout.write('', () => process.exit(0));
