/**
 * The stack frames the simulator prints, held exactly against real Node 20 (the corpus compares frames loosely: see
 * normalizeStacks). Node's own frames (its module loader's, `node:internal/…`) are dropped from the real output, and
 * the file's path becomes the simulator's `snippet.js`; everything else must be the same, frame by frame, column by
 * column (the simulator prints a stack's innermost frames, not its callers'): an error from a built-in (JSON.parse) names the built-in's frame, `at JSON.parse (<anonymous>)`, above the
 * caller's.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logLines, simulate } from '../../components/shared/js-sim/simulator.ts';

const nodeOk = spawnSync('node', ['--version'], { encoding: 'utf8' }).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'sim-stacks-'));

const SNIPPETS: Record<string, string> = {
  'json-parse-logged': `try {
  const config = JSON.parse('{"port": 80,}');
  console.log(config);
} catch (e) {
  console.error(e);
  console.log(e.stack);
}
function load(text) {
  return JSON.parse(text);
}
try {
  load('[1, 2');
} catch (err) {
  console.error(err);
}
(async () => {
  await null;
  try {
    const r = JSON.parse('nul');
  } catch (err) {
    console.log(err);
  }
})();
`,
  'new-error-logged': `function f() {
  const e = new Error('boom');
  console.error(e);
}
f();
`,
};

function real(name: string, source: string): { out: string[]; err: string[] } {
  const file = join(tmp, `${name}.cjs`);
  writeFileSync(file, source);
  const r = spawnSync('node', [file], { encoding: 'utf8', timeout: 10_000 });
  expect(r.status).toBe(0);
  const clean = (text: string): string[] =>
    text
      .split('\n')
      .filter((l) => l !== '' && !/\(node:internal\/|at node:internal\//.test(l))
      .map((l) => l.replaceAll(file, 'snippet.js'));
  return { out: clean(r.stdout), err: clean(r.stderr) };
}

const FRAME = /^\s+at /;
/**
 * The simulator prints the innermost frames only (the built-in's and the snippet's own, not its callers'): the real
 * lines without the further frames of each stack, the ones past those the simulator printed there
 */
function outer(realLines: string[], predicted: string[]): string[] {
  const kept: string[] = [];
  let p = 0;
  for (const line of realLines) {
    if (FRAME.test(line) && !FRAME.test(predicted[p] ?? '')) continue;
    kept.push(line);
    p++;
  }
  return kept;
}

describe.skipIf(!nodeOk)('stack frames against real node', () => {
  for (const [name, source] of Object.entries(SNIPPETS)) {
    it(name, () => {
      const predicted = simulate(source, 'node', { exploreTiming: false });
      if (!predicted.ok) throw new Error(`refused: ${JSON.stringify(predicted.error)}`);
      const r = real(name, source);
      // a logged multi-line string (`e.stack`) is one entry of the output: one line each here, as Node prints it
      const split = (texts: string[]): string[] => texts.flatMap((t) => t.split('\n'));
      const out = split(logLines(predicted));
      const err = split(predicted.output.filter((o) => o.kind === 'error').map((o) => o.text));
      expect(out).toEqual(outer(r.out, out));
      expect(err).toEqual(outer(r.err, err));
    });
  }

  it('JSON.parse in a browser: V8 names the same built-in frame, the message with its line and column', () => {
    const predicted = simulate("try { JSON.parse('{bad'); } catch (e) { console.log(e.stack); }", 'browser');
    if (!predicted.ok) throw new Error('refused');
    expect(logLines(predicted).join('\n').split('\n')).toEqual([
      "SyntaxError: Expected property name or '}' in JSON at position 1 (line 1 column 2)",
      '    at JSON.parse (<anonymous>)',
      '    at <anonymous>:1:12',
    ]);
  });
});
