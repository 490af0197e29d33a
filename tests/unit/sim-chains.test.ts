/**
 * Long finite chains of microtasks run to their end, and starvation is claimed only when the drain is seen going round
 * a cycle (drain-watch.ts), never from the number of steps (issue #39): a 2,000-deep and a 100,000-deep `then` chain
 * print what Node prints, with a bounded number of snapshots; an endless `then` loop, a busy wait on `await` and a
 * recursive nextTick are still caught; a microtask that never returns is an endless task, not starvation.
 * Counts are asserted, not durations (`npm run bench` prints those).
 */
import { describe, expect, it } from 'vitest';
import { logLines, simulate, type Runtime, type SimResult } from '../../components/shared/js-sim/simulator.ts';
import { DrainWatch } from '../../components/shared/js-sim/drain-watch.ts';
import { microMacroText } from '../../components/micro-macro/micro-macro-text.ts';
import { codeText } from '../../components/micro-macro/micro-macro-code-text.ts';
import type { TaskView } from '../../components/shared/js-sim/types.ts';

const ok = (r: SimResult): Extract<SimResult, { ok: true }> => {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r;
};
const RUNTIMES: Runtime[] = ['node', 'browser'];

const chain = (n: number): string => `setTimeout(() => console.log('timer'), 0);
let p = Promise.resolve(0);
for (let i = 0; i < ${n}; i++) p = p.then((v) => v + 1);
p.then((v) => console.log('chain', v));
console.log('script');`;

describe('long finite chains run to their end', () => {
  for (const rt of RUNTIMES) {
    it(`a 2,000-deep then chain (${rt})`, { timeout: 60_000 }, () => {
      const r = ok(simulate(chain(2000), rt));
      expect(r.end.code).toBe('done');
      expect(logLines(r)).toEqual(['script', 'chain 2000', 'timer']);
      expect(r.steps.length).toBeLessThan(3000);
    });

    it(`a 100,000-deep then chain, its jobs past the quota one step (${rt})`, { timeout: 60_000 }, () => {
      const r = ok(simulate(chain(100_000), rt));
      expect(r.end.code).toBe('done');
      expect(logLines(r)).toEqual(['script', 'chain 100000', 'timer']);
      expect(r.steps.length).toBeLessThan(3000);
      const quiet = r.steps.filter((s) => s.event.code === 'statements' && s.event.params['jobs'] !== undefined);
      expect(quiet).toHaveLength(1);
      // the microtasks not shown as steps: all of them but the recorded ones (the chain's 100,001 and the timer's none)
      const shown = r.steps.filter((s) => s.event.code === 'taskStart' && s.event.params['queue'] === 'microtasks');
      expect(Number(quiet[0]!.event.params['jobs']) + shown.length).toBe(100_001);
      expect(microMacroText.en.event.statements(quiet[0]!.event.params)).toMatch(/more queued callbacks ran/);
      expect(microMacroText.ru.event.statements(quiet[0]!.event.params)).toMatch(/колбэк/);
    });
  }

  it('a callback that queues the next one 100,000 times, and 100,000 awaits', { timeout: 60_000 }, () => {
    const countdown = `setTimeout(() => console.log('timer'), 0);
function countdown(n) {
  if (n === 0) return console.log('done');
  Promise.resolve().then(() => countdown(n - 1));
}
countdown(100000);`;
    expect(logLines(ok(simulate(countdown, 'node')))).toEqual(['done', 'timer']);
    const awaits = `setTimeout(() => console.log('timer'), 0);
(async () => { let s = 0; for (let i = 0; i < 100000; i++) s += await i; console.log(s); })();`;
    expect(logLines(ok(simulate(awaits, 'browser')))).toEqual(['4999950000', 'timer']);
  });
});

describe('what never empties is still caught, and said in both languages', () => {
  for (const rt of RUNTIMES) {
    it(`an endless then loop (${rt})`, { timeout: 60_000 }, () => {
      const r = ok(
        simulate(
          `setTimeout(() => console.log('never'), 0);
function again() { Promise.resolve().then(again); }
again();`,
          rt,
        ),
      );
      expect(r.end.code).toBe('starvedMicrotasks');
      expect(logLines(r)).toEqual([]);
      expect(r.steps.length).toBeLessThan(3000);
      expect(codeText.en.ends.starvedMicrotasks(r.end.params)).toMatch(/^Stopped after 200,001 microtasks/);
      expect(codeText.ru.ends.starvedMicrotasks(r.end.params)).toMatch(/^Остановлено после 200\u00a0001 микрозадачи/);
    });
  }

  it('a queue that grows (each callback queues two)', { timeout: 60_000 }, () => {
    const r = ok(simulate(`function two() { queueMicrotask(two); queueMicrotask(two); }\ntwo();`, 'browser'));
    expect(r.end.code).toBe('starvedMicrotasks');
  });

  it('a microtask that never returns is an endless task, not starvation', { timeout: 60_000 }, () => {
    const r = ok(simulate(`queueMicrotask(() => { while (true) {} });`, 'node'));
    expect(r.end.code).toBe('infiniteLoop');
  });
});

describe('DrainWatch: the evidence of a cycle', () => {
  const view = (name: string): TaskView => ({ id: 0, kind: 'callback', name, line: 1 });
  const feed = (w: DrainWatch, jobs: number, queued: (i: number) => number, fresh = true, names = ['a']): void => {
    for (let i = 0; i < jobs; i++) w.job(view(names[i % names.length]!), queued(i), fresh);
  };

  it('the same callbacks, a queue never shorter, jobs set up in the drain: endless after a few windows', () => {
    const w = new DrainWatch();
    feed(w, 2048, () => 1);
    expect(w.endless).toBe(false);
    feed(w, 2048, () => 1, true, ['a', 'b']);
    expect(w.endless).toBe(false); // the callbacks changed: the count starts again
    feed(w, 2048, () => 1, true, ['a', 'b']);
    expect(w.endless).toBe(true);
  });

  it('a chain built before the drain, a queue that shrinks, or many callbacks: never a cycle', () => {
    const stale = new DrainWatch();
    feed(stale, 20_000, () => 1, false);
    expect(stale.endless).toBe(false);
    const shrinking = new DrainWatch();
    feed(shrinking, 20_000, (i) => 20_000 - i);
    expect(shrinking.endless).toBe(false);
    const many = new DrainWatch();
    feed(
      many,
      20_000,
      () => 1,
      true,
      Array.from({ length: 40 }, (_, i) => `f${i}`),
    );
    expect(many.endless).toBe(false);
    const reset = new DrainWatch();
    feed(reset, 20_000, () => 1);
    reset.reset();
    expect(reset.endless).toBe(false);
  });
});
