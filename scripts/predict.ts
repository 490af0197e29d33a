/**
 * Predicts the console output of a JavaScript snippet with the task-queue simulator
 * (components/shared/js-sim/). The snippet is parsed and interpreted, never executed.
 *
 *   npm run -s predict -- --runtime node|browser [--lang en|ru] FILE.js
 *
 * stdout: one line per console.log, as the runtime prints it.
 * Exit codes:
 *   0  the output is predicted
 *   1  bad usage or unreadable file
 *   2  the snippet uses something outside the simulator's subset (message on stderr)
 *   3  the order depends on timing (explanation and the possible outputs on stderr, nothing on stdout)
 *   4  the program never finishes: microtask or nextTick starvation, an endless loop (output so far on stdout)
 *   5  the process would crash: uncaught exception or unhandled rejection in Node (output up to it on stdout)
 */
import { readFileSync } from 'node:fs';
import { simulate, logLines, type Runtime } from '../components/shared/js-sim/index.ts';
import { endMessage, errorMessage, microMacroText } from '../components/micro-macro/micro-macro-text.ts';

function usage(message?: string): never {
  if (message) process.stderr.write(`predict: ${message}\n`);
  process.stderr.write('usage: npm run -s predict -- --runtime node|browser [--lang en|ru] FILE.js\n');
  process.exit(1);
}

let runtime: Runtime | undefined;
let lang: 'en' | 'ru' = 'en';
let file: string | undefined;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--runtime' || a.startsWith('--runtime=')) {
    const v = a.includes('=') ? a.split('=')[1] : args[++i];
    if (v !== 'node' && v !== 'browser') usage(`unknown runtime ${String(v)}`);
    runtime = v;
  } else if (a === '--lang' || a.startsWith('--lang=')) {
    const v = a.includes('=') ? a.split('=')[1] : args[++i];
    if (v !== 'en' && v !== 'ru') usage(`unknown language ${String(v)}`);
    lang = v;
  } else if (a === '-h' || a === '--help') usage();
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else if (file === undefined) file = a;
  else usage('one file at a time');
}
if (!runtime) usage('--runtime is required');
if (!file) usage('no file given');

let source: string;
try {
  source = readFileSync(file, 'utf8');
} catch (e) {
  usage(`cannot read ${file}: ${(e as Error).message}`);
}

const t = microMacroText[lang];
const result = simulate(source, runtime);
if (!result.ok) {
  process.stderr.write(`${file}: ${errorMessage(t, result.error)}\n`);
  process.exit(2);
}
if (result.timing?.affectsOutput) {
  const { code, params, alternatives } = result.timing;
  process.stderr.write(`${file}: ${t.timing[code](params)}\n`);
  for (const lines of [logLines(result), ...alternatives]) process.stderr.write(`  possible: ${lines.join(' | ')}\n`);
  process.exit(3);
}
const lines = logLines(result);
process.stdout.write(lines.map((l) => `${l}\n`).join(''));
for (const o of result.output) if (o.kind === 'error') process.stderr.write(`(console error) ${o.text}\n`);
const end = result.end.code;
if (end === 'done') process.exit(0);
process.stderr.write(`${file}: ${endMessage(t, end, result.end.params)}\n`);
process.exit(end === 'crashUncaught' || end === 'crashUnhandledRejection' ? 5 : 4);
