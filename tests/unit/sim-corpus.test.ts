/**
 * The simulator against real Node: every corpus snippet that runs in Node (tests/snippets/*.js, and the slide's
 * examples) is run with `node` as a CommonJS file and its stdout compared line by line with the prediction.
 * Snippets marked `// expect: timing` must be flagged by the simulator, and real Node must print one of the two
 * orders it names. Snippets marked `// expect: starvation` must be stopped by the simulator, and real Node must
 * still be running after two seconds (it is then killed) having printed exactly the predicted lines.
 *
 * This machine can be heavily loaded (other suites run in parallel), and a preempted process fires its timers late,
 * which is real timing dependence, not a model error. So a real run that differs is repeated, up to three runs in
 * all; the test fails if none matches. A wrong model differs every time.
 *
 * A logged Error's stack frames are the one thing compared loosely (normalizeStacks in sim-corpus-lib.ts): each run
 * of `    at …` lines counts as one line, on both sides; the Error's first line is compared exactly.
 */
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logLines, simulate } from '../../components/shared/js-sim/simulator.ts';
import { EXAMPLES } from '../../components/micro-macro/micro-macro-examples.ts';
import { loadCorpus, normalizeStacks, type CorpusSnippet } from './sim-corpus-lib.ts';

const nodeOk = spawnSync('node', ['--version'], { encoding: 'utf8' }).status === 0;
const tmp = mkdtempSync(join(tmpdir(), 'sim-corpus-'));

function runNode(
  name: string,
  source: string,
  timeoutMs: number,
): { lines: string[]; errLines: string[]; killed: boolean; status: number | null } {
  const file = join(tmp, name.replace(/\.js$/, '') + '.cjs');
  writeFileSync(file, source);
  const r = spawnSync('node', [file], { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  const split = (text: string): string[] => {
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return lines;
  };
  return {
    lines: normalizeStacks(split(r.stdout)),
    errLines: normalizeStacks(split(r.stderr)),
    killed: r.signal === 'SIGKILL',
    status: r.status,
  };
}

/** Runs node until it has printed `expected` lines, waits `graceMs` more, then kills it if still running. */
function runUntilQuiet(
  name: string,
  source: string,
  expected: number,
  graceMs: number,
): Promise<{ lines: string[]; killed: boolean }> {
  const file = join(tmp, name.replace(/\.js$/, '') + '.cjs');
  writeFileSync(file, source);
  return new Promise((resolve) => {
    const child = spawn('node', [file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    let killed = false;
    let timer: NodeJS.Timeout | null = null;
    const arm = (): void => {
      if (timer || out.split('\n').length - 1 < expected) return;
      timer = setTimeout(() => {
        killed = child.kill('SIGKILL');
      }, graceMs);
    };
    const deadline = setTimeout(() => {
      killed = child.kill('SIGKILL');
    }, 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      arm();
    });
    arm();
    child.on('exit', () => {
      if (timer) clearTimeout(timer);
      clearTimeout(deadline);
      const lines = out.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      resolve({ lines, killed });
    });
  });
}

const corpus = loadCorpus();
const exampleSnippets: CorpusSnippet[] = EXAMPLES.filter((e) => e.runtimes.includes('node')).map((e) => ({
  name: `example-${e.id}.js`,
  source: e.code,
  runtimes: e.runtimes,
  expect: e.id === 'race' ? 'timing' : e.id === 'busyWait' ? 'starvation' : 'output',
}));

describe('corpus', () => {
  it('has at least 40 snippets, each in a supported runtime', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    for (const s of corpus) {
      for (const rt of s.runtimes) {
        const r = simulate(s.source, rt);
        expect(r.ok, `${s.name} (${rt}) is refused: ${r.ok ? '' : JSON.stringify(r.error)}`).toBe(true);
      }
    }
  });
});

describe.skipIf(!nodeOk)('simulator against real node (CommonJS)', () => {
  for (const s of [...corpus, ...exampleSnippets].filter((c) => c.runtimes.includes('node'))) {
    it(`${s.name}`, async () => {
      const predicted = simulate(s.source, 'node');
      if (!predicted.ok) throw new Error(`refused: ${JSON.stringify(predicted.error)}`);
      if (s.expect === 'starvation') {
        expect(['starvedMicrotasks', 'starvedTicks']).toContain(predicted.end.code);
        const real = await runUntilQuiet(s.name, s.source, logLines(predicted).length, 1000);
        expect(real.killed, 'real node should still be spinning a second after its last line').toBe(true);
        expect(real.lines).toEqual(logLines(predicted));
        return;
      }
      const options =
        s.expect === 'timing'
          ? [logLines(predicted), ...(predicted.timing?.alternatives ?? [])].map((o) =>
              JSON.stringify(normalizeStacks(o)),
            )
          : [JSON.stringify(normalizeStacks(logLines(predicted)))];
      let real = runNode(s.name, s.source, 10_000);
      for (let attempt = 1; attempt < 3 && !options.includes(JSON.stringify(real.lines)); attempt++) {
        real = runNode(s.name, s.source, 10_000);
      }
      expect(real.status).toBe(0);
      if (s.expect === 'timing') {
        expect(predicted.timing?.affectsOutput, 'the simulator should call this order timing-dependent').toBe(true);
        expect(options).toContain(JSON.stringify(real.lines));
        return;
      }
      expect(
        predicted.timing?.affectsOutput ?? false,
        `unexpected timing flag: ${JSON.stringify(predicted.timing)}`,
      ).toBe(false);
      expect(predicted.end.code).toBe('done');
      expect(normalizeStacks(logLines(predicted))).toEqual(real.lines);
      // console.error and console.warn: stderr, in order (a process warning names the real pid, the simulated one
      // a fixed pid: the pid is the one thing compared loosely)
      const pid = (line: string): string => line.replace(/^\(node:\d+\)/, '(node:PID)');
      expect(normalizeStacks(predicted.output.filter((o) => o.kind === 'error').map((o) => pid(o.text)))).toEqual(
        real.errLines.map(pid),
      );
    });
  }
});
