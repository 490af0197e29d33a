/**
 * Predicts the console output of a JavaScript snippet with the task-queue simulator
 * (components/shared/js-sim/). The snippet is parsed and interpreted, never executed.
 *
 *   npm run -s predict -- --runtime node|browser [--lang en|ru] [--budget MS] FILE.js
 *
 * It runs the simulator as the slide's "Your code" does: the same job (components/shared/sim-runner/sim-job.ts), off
 * this thread (a worker thread, scripts/predict-worker.ts), stopped past the same wall-clock budget (5,000 ms unless
 * --budget says otherwise).
 *
 * stdout: one line per console.log, as the runtime prints it. An empty or comment-only file: nothing, and
 * "nothing to run" on stderr (exit 0).
 * Exit codes:
 *   0  the output is predicted
 *   1  bad usage or unreadable file
 *   2  the snippet uses something outside the simulator's subset (message on stderr)
 *   3  the order depends on timing (explanation and the possible outputs on stderr, nothing on stdout)
 *   4  the program does not finish: microtask or nextTick starvation, or one task stopped at the work limit (endless,
 *      or only longer than the simulator follows: it cannot tell which, and says so) (output so far on stdout)
 *   5  the process would crash: uncaught exception or unhandled rejection in Node (output up to it on stdout)
 *   6  the simulation took longer than the budget and was stopped (message on stderr)
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { formatNumber } from '../lib/i18n.ts';
import { logLines, type Runtime, type SimResult } from '../components/shared/js-sim/index.ts';
import { isBlankSnippet, type SimReply } from '../components/shared/sim-runner/sim-job.ts';
import { DEFAULT_BUDGET_MS } from '../components/shared/sim-runner/sim-limits.ts';
import { endMessage, microMacroText } from '../components/micro-macro/micro-macro-text.ts';
import { codeText, errorMessage } from '../components/micro-macro/micro-macro-code-text.ts';
import { parseCommandLine } from './command-line.ts';
import { exitWhenWritten } from './exit.ts';

function usage(message?: string): never {
  if (message) process.stderr.write(`predict: ${message}\n`);
  process.stderr.write('usage: npm run -s predict -- --runtime node|browser [--lang en|ru] [--budget MS] FILE.js\n');
  process.exit(1);
}

const { values, positionals } = parseCommandLine(
  {
    options: {
      runtime: { type: 'string' },
      lang: { type: 'string', default: 'en' },
      budget: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
  },
  usage,
);
if (values.help) usage();
const { runtime, lang } = values;
if (runtime !== undefined && runtime !== 'node' && runtime !== 'browser') usage(`unknown runtime ${runtime}`);
if (lang !== 'en' && lang !== 'ru') usage(`unknown language ${lang}`);
const budgetMs = values.budget === undefined ? DEFAULT_BUDGET_MS : Number(values.budget);
if (!Number.isInteger(budgetMs) || budgetMs < 1 || budgetMs > 3_600_000)
  usage('--budget takes whole milliseconds, 1 to 3600000');
if (positionals.length > 1) usage('one file at a time');
const [file] = positionals;
if (!runtime) usage('--runtime is required');
if (!file) usage('no file given');

let source: string;
try {
  source = readFileSync(file, 'utf8');
} catch (e) {
  usage(`cannot read ${file}: ${(e as Error).message}`);
}

const t = microMacroText[lang];
if (isBlankSnippet(source)) {
  process.stderr.write(`${file}: ${codeText[lang].nothingToRun}\n`);
  process.exit(0);
}

/**
 * A worker thread that runs a TypeScript module: tsx's loader hooks belong to the thread that registered them, so
 * the worker registers them again (tsx/esm/api) before it imports the module.
 */
function bootWorker(module: URL): URL {
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import { register } from ${JSON.stringify(api)};\nregister();\nawait import(${JSON.stringify(module.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/** The job in a worker thread, terminated past the budget (counted from when the worker is loaded). */
function runInWorker(job: { source: string; runtime: Runtime }): Promise<SimReply | { kind: 'timeout' }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootWorker(new URL('./predict-worker.ts', import.meta.url)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    worker.on('message', (m: SimReply | { kind: 'ready' }) => {
      if (m.kind === 'ready') {
        worker.postMessage({ id: 1, ...job });
        timer = setTimeout(() => {
          resolve({ kind: 'timeout' });
          void worker.terminate();
        }, budgetMs);
        return;
      }
      clearTimeout(timer);
      resolve(m);
      void worker.terminate();
    });
    worker.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

const reply = await runInWorker({ source, runtime });
if (reply.kind === 'timeout') {
  process.stderr.write(`${file}: ${codeText[lang].timeout(formatNumber(budgetMs / 1000, lang, 1))}\n`);
  process.exit(6);
}
if (reply.kind === 'tooLarge') throw new Error('predict sets no size limit');
if (reply.kind === 'overrun') throw new Error('predict sets no interrupt');
if (reply.kind === 'crashed') {
  process.stderr.write(`${file}: ${codeText[lang].crashed(reply.message)}\n`);
  process.exit(1);
}
const result: SimResult = reply.result;
if (!result.ok) {
  process.stderr.write(`${file}: ${errorMessage(codeText[lang], result.error)}\n`);
  process.exit(2);
}
if (result.timing?.affectsOutput) {
  const { code, params, alternatives } = result.timing;
  process.stderr.write(`${file}: ${t.timing[code](params)}\n`);
  for (const lines of [logLines(result), ...alternatives]) process.stderr.write(`  possible: ${lines.join(' | ')}\n`);
  await exitWhenWritten(3);
}
const lines = logLines(result);
process.stdout.write(lines.map((l) => `${l}\n`).join(''));
for (const o of result.output) if (o.kind === 'error') process.stderr.write(`(console error) ${o.text}\n`);
const end = result.end.code;
if (end === 'done') await exitWhenWritten(0);
process.stderr.write(`${file}: ${endMessage(t, end, result.end.params, codeText[lang])}\n`);
await exitWhenWritten(end === 'crashUncaught' || end === 'crashUnhandledRejection' ? 5 : 4);
