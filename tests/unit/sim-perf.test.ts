/**
 * What the interpreter's speed work must keep (no durations are asserted: the bench, `npm run bench`, prints them):
 * a loop of a million turns finishes with the right output, a truly endless one is still stopped with the
 * endless-task message, the fast path (fast.ts) gives the same steps as the general one, snapshots are never changed
 * after they are recorded, and consecutive snapshots share the queues that did not change.
 */
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import {
  logLines,
  queueViews,
  simulate,
  type Runtime,
  type SimResult,
  type Snapshot,
} from '../../components/shared/js-sim/simulator.ts';
import { endMessage, microMacroText } from '../../components/micro-macro/micro-macro-text.ts';
import { codeText } from '../../components/micro-macro/micro-macro-code-text.ts';
import { loadCorpus } from './sim-corpus-lib.ts';
import { SIM_SEED } from './sim-seed.ts';

const ok = (r: SimResult): Extract<SimResult, { ok: true }> => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r;
};

describe('a million turns of a loop finish', () => {
  const loops: [string, string, string[]][] = [
    ['s++', 'let s = 0; for (let i = 0; i < 1000000; i++) s++; console.log(s);', ['1000000']],
    [
      'if (i % 3 === 0) n++ and s += i',
      'let n = 0, s = 0;\nfor (let i = 0; i < 1000000; i++) {\n  s += i;\n  if (i % 3 === 0) n++;\n}\nconsole.log(n, s);',
      ['333334 499999500000'],
    ],
    [
      'a call of a small function',
      'function f(x) { return x + 2; }\nlet s = 0;\nfor (let i = 0; i < 1000000; i++) s = f(s);\nconsole.log(s);',
      ['2000000'],
    ],
    [
      'an array push',
      'const a = [];\nfor (let i = 0; i < 1000000; i++) a.push(i);\nconsole.log(a.length);',
      ['1000000'],
    ],
  ];
  for (const [name, src, expected] of loops) {
    it(name, { timeout: 60_000 }, () => {
      const r = ok(simulate(src, 'node'));
      expect(r.end.code).toBe('done');
      expect(logLines(r)).toEqual(expected);
    });
  }

  it('in the browser runtime too, with the timer and the microtask after it', { timeout: 60_000 }, () => {
    const src = `setTimeout(() => console.log('timeout'), 0);
Promise.resolve().then(() => console.log('then'));
let s = 0;
for (let i = 0; i < 1000000; i++) s += i;
console.log(s);`;
    const r = ok(simulate(src, 'browser'));
    expect(r.end.code).toBe('done');
    expect(logLines(r)).toEqual(['499999500000', 'then', 'timeout']);
    // the loop's statements past the task's quota are one step, not a million
    const unrecorded = r.steps.find((s) => s.event.code === 'statements');
    expect(Number(unrecorded?.event.params['count'])).toBeGreaterThan(1_000_000);
    expect(r.steps.length).toBeLessThan(400);
  });
});

describe('an endless task is still stopped', () => {
  const endless: [string, Runtime][] = [
    ['while (true) {}', 'node'],
    ['let x = 0;\nfor (;;) x++;', 'node'],
    ["setTimeout(() => console.log('never'), 0);\nlet x = 0;\nwhile (true) { x++; }", 'browser'],
    ["function spin() { for (;;) {} }\nsetTimeout(spin, 0);\nconsole.log('set');", 'node'],
  ];
  for (const [src, rt] of endless) {
    it(`${src.split('\n').pop()!} (${rt})`, { timeout: 60_000 }, () => {
      const r = ok(simulate(src, rt));
      expect(r.end.code).toBe('infiniteLoop');
      expect(endMessage(microMacroText.en, r.end.code, r.end.params, codeText.en)).toMatch(
        /^Stopped after 20,000,000 operations \(the simulator’s work limit\): one task \(at line \d+\) did not finish within it\. Either it never returns \(an endless loop\) or it needs more work/,
      );
      expect(r.output.filter((o) => o.text === 'never')).toEqual([]);
    });
  }
});

describe('the synchronous path gives the steps of the general one', () => {
  // An `await` that never runs, inside the loop's body, sends the loop, its block and its `if`s to evaluate.ts's
  // generators (the statements without an await inside still take the fast path): both must print what the host
  // engine computes for the same loop.
  const bodies = fc.constantFrom(
    's++;',
    's += i;',
    'if (i % 3 === 0) n++; else s--;',
    'a.push(i % 4);',
    's = f(s);',
    'n = i > 5 ? n + 1 : n;',
    's = s + (n || 1);',
    'if (i === 7) continue; n++;',
    'if (i === 9) break; s += 2;',
  );
  it('loops of random bodies: the fast path and the general path print the same', () => {
    fc.assert(
      fc.property(fc.array(bodies, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 40 }), (body, turns) => {
        const prelude = 'function f(x) { return x + 1; }\nlet s = 0, n = 0;\nconst a = [];\n';
        const loop = (extra: string) => `for (let i = 0; i < ${turns}; i++) {\n  ${extra}${body.join('\n  ')}\n}\n`;
        const log = "console.log(s, n, a.join(','));";
        const sync = prelude + loop('') + log;
        const general = `(async () => {\n${prelude}${loop('if (i < 0) await null;\n  ')}${log}\n})();`;
        const expected = runInNewContext(`${prelude}${loop('')}[s, n, a.join(',')].join(' ');`) as string;
        expect(logLines(ok(simulate(sync, 'node')))).toEqual([expected]);
        expect(logLines(ok(simulate(general, 'node')))).toEqual([expected]);
      }),
      { seed: SIM_SEED, numRuns: 60 },
    );
  });
});

/** a snapshot with its queues as lists of entries */
const entries = (s: Snapshot) => ({
  ...s,
  microtasks: queueViews(s.microtasks),
  ticks: queueViews(s.ticks),
  timers: queueViews(s.timers),
  immediates: queueViews(s.immediates),
  io: queueViews(s.io),
});

describe('snapshots', () => {
  const corpus = loadCorpus().filter((s) => s.expect === 'output');
  const picked = ['02', '01', '30', '52', '75', '140'].flatMap((p) => corpus.filter((s) => s.name.startsWith(`${p}-`)));

  it('are never changed after they are recorded (a run stopped at step k recorded the same step k)', () => {
    expect(picked.length).toBeGreaterThanOrEqual(5);
    for (const snippet of picked) {
      const rt = snippet.runtimes[0]!;
      const full = ok(simulate(snippet.source, rt, { exploreTiming: false }));
      const n = full.steps.length - 1;
      for (const k of [1, Math.floor(n / 3), Math.floor((2 * n) / 3), n - 1]) {
        // a run stopped right after step k: its step k is a copy taken when k was recorded
        const cut = ok(simulate(snippet.source, rt, { maxSteps: k + 1, exploreTiming: false }));
        // (the queues' shared list grows after step k: a step's queues are compared entry by entry)
        const recorded = entries(structuredClone(cut.steps[k]!));
        expect({ snippet: snippet.name, k, step: entries(full.steps[k]!) }).toEqual({
          snippet: snippet.name,
          k,
          step: recorded,
        });
      }
    }
  });

  it('share the queues and the stack that did not change with the step before', () => {
    const src = `let n = 0;
for (let i = 0; i < 500; i++) setTimeout(() => { n++; }, i % 10);
console.log('queued');`;
    const r = ok(simulate(src, 'node'));
    const timerLists = new Set(r.steps.map((s) => s.timers));
    const changes = r.steps.filter(
      (s, i) => i > 0 && JSON.stringify(queueViews(s.timers)) !== JSON.stringify(queueViews(r.steps[i - 1]!.timers)),
    );
    // one stored queue per change of the timer list, not one per step
    expect(timerLists.size).toBeLessThanOrEqual(changes.length + 2);
    expect(timerLists.size).toBeLessThan(r.steps.length / 2);
    for (let i = 1; i < r.steps.length; i++) {
      const [a, b] = [r.steps[i - 1]!, r.steps[i]!];
      if (
        JSON.stringify(queueViews(a.microtasks)) === JSON.stringify(queueViews(b.microtasks)) &&
        a.microtasks.length > 0
      )
        expect(b.microtasks).toBe(a.microtasks);
    }
    const stacks = new Set(r.steps.map((s) => s.stack));
    expect(stacks.size).toBeLessThan(r.steps.length);
  });

  it('store a long queue as runs of one shared list: 10,000 queued timers keep a few entries a step, not thousands', () => {
    const src = `let n = 0;
for (let i = 0; i < 10000; i++) setTimeout(() => { n++; }, i % 100);
console.log('queued');`;
    const r = ok(simulate(src, 'node'));
    const walked = r.steps.filter((s) => s.timers.length >= 5000);
    expect(walked.length).toBeGreaterThan(1000);
    // what the recording stores for the timers: each distinct stored queue's runs, and each shared list once
    const queues = new Set(r.steps.map((s) => s.timers));
    const pools = new Set(r.steps.map((s) => s.timers.pool));
    let stored = 0;
    for (const q of queues) stored += q.runs.length;
    for (const p of pools) stored += p.length;
    // a list of its own per change of the queue would be about half the entries the steps show (over 1,000 changes
    // of ~9,000 each); runs of a shared list store a twentieth at most
    const shown = r.steps.reduce((a, s) => a + s.timers.length, 0);
    expect(stored).toBeLessThan(shown / 20);
    // no queue is split into more runs than the encoder allows (a sixteenth of its entries, at least 8)
    for (const q of queues) expect(q.runs.length).toBeLessThanOrEqual(2 * Math.max(8, q.length >> 4));
    // and the runs give back the queue in due order
    const mid = walked[Math.floor(walked.length / 2)]!;
    const views = queueViews(mid.timers);
    expect(views.length).toBe(mid.timers.length);
    for (let i = 1; i < views.length; i++) expect(views[i]!.due!).toBeGreaterThanOrEqual(views[i - 1]!.due!);
  });
});
