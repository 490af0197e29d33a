/**
 * Dumps what `simulate()` returns for every program the project knows, in both runtimes, as JSON: the corpus
 * (tests/snippets/), the micro-macro slide's examples, the busy-wait quiz's programs, the snippets of the semantics
 * tests and a few loops. Run it on two trees and diff, to check that a change to the interpreter (a faster path)
 * changes no step and no output:
 *
 *   npx tsx scripts/sim-dump.ts [--root DIR] --out FILE
 *
 * `--root` is the tree whose simulator runs (default: this one); the programs come from this tree. Prints one line
 * per program and runtime with a hash of its result, and writes the whole results to FILE.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Runtime, SimResult } from '../components/shared/js-sim/index.ts';
import { EXAMPLES } from '../components/micro-macro/micro-macro-examples.ts';
import { SIM_VARIANTS, simProgram } from '../components/quiz-busy-wait/quiz-busy-wait-model.ts';
import { parseCommandLine } from './command-line.ts';

const here = resolve(import.meta.dirname, '..');
const USAGE = 'usage: npx tsx scripts/sim-dump.ts [--root DIR] --out FILE';
function usage(message?: string): never {
  if (message) process.stderr.write(`sim-dump: ${message}\n`);
  process.stderr.write(`${USAGE}\n`);
  process.exit(1);
}
const { values } = parseCommandLine({ options: { root: { type: 'string' }, out: { type: 'string' } } }, usage);
const root = resolve(values.root ?? here);
const { out } = values;
if (!out) usage();

type Sim = { simulate: (source: string, runtime: Runtime) => SimResult };
// index.ts loads the simulator (loadSimulator); a tree from before that exported simulate itself
const entry = (await import(pathToFileURL(join(root, 'components/shared/js-sim/index.ts')).href)) as
  Sim | { loadSimulator: () => Promise<Sim> };
const sim: Sim = 'loadSimulator' in entry ? await entry.loadSimulator() : entry;

/** loops and calls the fast paths of the interpreter must run exactly as the general one */
const LOOPS: Record<string, string> = {
  'loop-closures': `const fs = [];
for (let i = 0; i < 5; i++) { fs.push(() => i); setTimeout(() => console.log('t', i), 0); }
console.log(fs.map((f) => f()).join(','));`,
  'loop-let-body': `let s = 0;
for (let i = 0; i < 300; i++) { const j = i * 2; if (j % 3 === 0) s += j; else s--; }
console.log(s);`,
  'loop-var': `var n = 0;
for (var i = 0; i < 250; i++) n += i % 7 === 0 ? 1 : 0;
console.log(n, i);`,
  'loop-while-break': `let i = 0, hits = 0;
while (true) { i++; if (i % 5 === 0) continue; hits++; if (i > 400) break; }
console.log(i, hits);`,
  'loop-do': `let k = 10; do { k -= 3; } while (k > 0); console.log(k);`,
  'loop-calls': `function sq(x) { return x * x; }
const add = (a, b) => a + b;
let t = 0;
for (let i = 0; i < 220; i++) t = add(t, sq(i));
console.log(t);`,
  'loop-array': `const a = [];
for (let i = 0; i < 230; i++) a.push(i % 4);
let c = 0;
for (const x of a) if (x === 3) c++;
console.log(a.length, c);`,
  'loop-async': `async function f() { let s = 0; for (let i = 0; i < 210; i++) { s += i; if (i % 50 === 0) await null; } return s; }
f().then((v) => console.log('sum', v));
console.log('sync');`,
  'loop-tdz': `try { for (let i = 0; i < 3; i++) { console.log(j); let j = 1; } } catch (e) { console.log(e.message); }`,
  'loop-const-assign': `try { for (const i = 0; i < 3; i++) {} } catch (e) { console.log(e.message); }`,
  'loop-endless-while': `let x = 0; while (true) { x++; }`,
  'loop-endless-for': `let x = 0; for (;;) x++;`,
  'loop-endless-in-timer': `setTimeout(() => { for (;;) {} }, 0); console.log('set');`,
  'loop-unknown-name': `for (let i = 0; i < 3; i++) { if (i === 2) nope(); }`,
  'loop-throw': `function f(i) { if (i === 7) throw new Error('seven'); return i; }
let s = 0; try { for (let i = 0; i < 10; i++) s += f(i); } catch (e) { console.log(e.message, s); }`,
};

const programs: { name: string; source: string }[] = [];
const snippetDir = join(here, 'tests/snippets');
for (const f of readdirSync(snippetDir).sort()) {
  if (f.endsWith('.js')) programs.push({ name: `corpus/${f}`, source: readFileSync(join(snippetDir, f), 'utf8') });
}
for (const ex of EXAMPLES) programs.push({ name: `example/${ex.id}`, source: ex.code });
for (const v of SIM_VARIANTS) programs.push({ name: `busy-wait/${v}`, source: simProgram(v, '// wait') });
const semantics = readFileSync(join(here, 'tests/unit/sim-semantics.test.ts'), 'utf8');
let n = 0;
for (const m of semantics.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
  const src = m[1]!;
  if (src.includes('${') || !src.includes('(')) continue;
  programs.push({ name: `semantics/${++n}`, source: src.replace(/\\`/g, '`').replace(/\\\\/g, '\\') });
}
for (const [name, source] of Object.entries(LOOPS)) programs.push({ name: `loops/${name}`, source });

const results: Record<string, unknown> = {};
for (const p of programs) {
  for (const rt of ['node', 'browser'] as const) {
    const key = `${p.name} ${rt}`;
    let r: unknown;
    try {
      r = sim.simulate(p.source, rt);
    } catch (e) {
      r = { thrown: String(e) };
    }
    const json = JSON.stringify(r);
    results[key] = r;
    console.log(`${createHash('sha256').update(json).digest('hex').slice(0, 12)} ${key}`);
  }
}
writeFileSync(out, JSON.stringify(results));
console.log(`${Object.keys(results).length} results → ${out}`);
