/**
 * Running the person's code off the page's thread: the micro-macro model's run transitions (pure, no DOM, no
 * worker), the size-bounded results cache, the size estimate, blank snippets.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cancelRun,
  chooseExample,
  chooseRuntime,
  currentRun,
  editDraft,
  initialState,
  listingWindow,
  refuseInsert,
  runDraft,
  runFailed,
  runFinished,
  stepCount,
  forward,
  wantedJob,
  type MicroMacroState,
} from '../../components/micro-macro/micro-macro-model.ts';
import { ResultStore, SizedLru } from '../../components/shared/sim-runner/result-store.ts';
import { isBlankSnippet, resultSize, runJob } from '../../components/shared/sim-runner/sim-job.ts';
import { tokenizer } from 'acorn';
import { logLines, type Runtime, type SimResult } from '../../components/shared/js-sim/index.ts';
import { SIM_SEED } from './sim-seed.ts';
import { SimRunner, TASK_MS } from '../../components/shared/sim-runner/sim-runner.ts';
import { simulate } from '../../components/shared/js-sim/simulator.ts';
import { MAX_SNIPPET_BYTES, utf8Bytes } from '../../components/shared/sim-runner/sim-limits.ts';

const custom = (draft: string): MicroMacroState => editDraft(chooseExample(initialState(), 'custom'), draft);

function simulateNow(source: string, runtime: Runtime): { result: SimResult; size: number } {
  const reply = runJob({ id: 1, source, runtime });
  if (reply.kind !== 'result') throw new Error(reply.kind);
  return reply;
}

describe('the run of your code, as states', () => {
  const code = "setTimeout(() => console.log('later'), 0);\nconsole.log('now');";

  it('Run: running, then the result (sent by the runner) gives a guess and steps', () => {
    const runs = new ResultStore();
    const s = runDraft(custom(code), runs);
    expect(s.job.status).toBe('running');
    expect(currentRun(s, runs)).toBeNull();
    expect(wantedJob(s, runs)).toEqual({ source: code, runtime: 'browser' });
    const { result, size } = simulateNow(code, 'browser');
    runs.put(code, 'browser', result, size);
    const done = runFinished(s, code, 'browser', result);
    expect(done.job.status).toBe('ready');
    expect(done.editing).toBe(false);
    expect([...done.guess].sort()).toEqual(['later', 'now']);
    expect(wantedJob(done, runs)).toBeNull();
    expect(stepCount(done, runs)).toBe(result.ok ? result.steps.length : -1);
    expect(forward(done, runs).index).toBe(1);
    // without the store the model has no run to step (the element passes its own)
    expect(forward(done).index).toBe(0);
  });

  it('a result already in the store is shown at once, with no job', () => {
    const runs = new ResultStore();
    const { result, size } = simulateNow(code, 'browser');
    runs.put(code, 'browser', result, size);
    const s = runDraft(custom(code), runs);
    expect(s.job.status).toBe('ready');
    expect(logLines(currentRun(s, runs)!)).toEqual(['now', 'later']);
    expect(wantedJob(s, runs)).toBeNull();
  });

  it('a result that is not for the run waited for is ignored (stale, another runtime, cancelled)', () => {
    const s = runDraft(custom(code), new ResultStore());
    const other = simulateNow("console.log('x')", 'browser').result;
    expect(runFinished(s, "console.log('x')", 'browser', other)).toBe(s);
    expect(runFinished(s, code, 'node', other)).toBe(s);
    const cancelled = cancelRun(s);
    expect(cancelled.job.status).toBe('cancelled');
    expect(wantedJob(cancelled, new ResultStore())).toBeNull();
    expect(runFinished(cancelled, code, 'browser', other)).toBe(cancelled);
    expect(cancelRun(cancelled)).toBe(cancelled);
  });

  it('the budget ends a run: the editor stays, with the reason; a new Run starts again', () => {
    const s = runDraft(custom(code), new ResultStore());
    const failed = runFailed(s, code, 'browser', { status: 'timeout', budgetMs: 5000 });
    expect(failed.job).toEqual({ status: 'timeout', budgetMs: 5000 });
    expect(failed.editing).toBe(true);
    expect(wantedJob(failed, new ResultStore())).toBeNull();
    expect(runFailed(failed, code, 'browser', { status: 'crashed', detail: 'x' })).toBe(failed);
    expect(runDraft(failed, new ResultStore()).job.status).toBe('running');
  });

  it('empty, blank or comment-only code has nothing to run: no job', () => {
    for (const draft of ['', '   \n\t', '// a comment', '/* one */\n// two\n', '#!/usr/bin/env node\n']) {
      const s = runDraft(custom(draft), new ResultStore());
      expect(s.job.status, JSON.stringify(draft)).toBe('empty');
      expect(wantedJob(s, new ResultStore())).toBeNull();
    }
    expect(runDraft(custom('1;'), new ResultStore()).job.status).toBe('running');
  });

  it('a re-created element (empty store) runs a ready state again; another runtime is a new job', () => {
    const runs = new ResultStore();
    const { result, size } = simulateNow(code, 'browser');
    runs.put(code, 'browser', result, size);
    const s = runDraft(custom(code), runs);
    expect(wantedJob(s, new ResultStore())).toEqual({ source: code, runtime: 'browser' });
    const node = chooseRuntime(s, 'node', runs);
    expect(node.job.status).toBe('running');
    expect(wantedJob(node, runs)).toEqual({ source: code, runtime: 'node' });
  });

  it('examples stay synchronous: no job, a run at once', () => {
    const s = chooseExample(initialState(), 'seed');
    expect(wantedJob(s, new ResultStore())).toBeNull();
    expect(currentRun(s)?.ok).toBe(true);
  });
});

describe('a snippet longer than Your code takes', () => {
  const line = 'a = a + 1;\n';
  it('is refused on Run with its size (UTF-8 bytes), not sent and not parsed', () => {
    const big = 'let a = 0;\n' + line.repeat(95_000);
    const s = runDraft(custom(big), new ResultStore());
    expect(s.job).toEqual({ status: 'tooLong', bytes: big.length });
    expect(s.editing).toBe(true);
    expect(wantedJob(s, new ResultStore())).toBeNull();
    // at the limit it runs; one byte over (a two-byte letter in a comment), it is refused
    const at = `//${'x'.repeat(MAX_SNIPPET_BYTES - 2)}`;
    expect(runDraft(custom(at), new ResultStore()).job.status).toBe('empty');
    const over = `//й${'x'.repeat(MAX_SNIPPET_BYTES - 3)}`;
    expect(over.length).toBe(MAX_SNIPPET_BYTES);
    expect(runDraft(custom(over), new ResultStore()).job).toEqual({ status: 'tooLong', bytes: MAX_SNIPPET_BYTES + 1 });
  });

  it('a paste that would make it too long is refused, the draft kept; the next edit clears the refusal', () => {
    const s = custom('console.log(1);');
    expect(refuseInsert(s, MAX_SNIPPET_BYTES)).toBe(s);
    const refused = refuseInsert(s, 1_000_000);
    expect(refused.refusedBytes).toBe(1_000_000);
    expect(refused.draft).toBe('console.log(1);');
    expect(editDraft(refused, 'console.log(2);').refusedBytes).toBe(0);
  });

  it('UTF-8 sizes: ASCII, two- and three-byte letters, a surrogate pair, a lone surrogate', () => {
    expect(utf8Bytes('abc')).toBe(3);
    expect(utf8Bytes('й')).toBe(2);
    expect(utf8Bytes('→')).toBe(3);
    expect(utf8Bytes('😀')).toBe(4);
    expect(utf8Bytes('\ud800')).toBe(3);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => utf8Bytes(text) === new TextEncoder().encode(text).length),
    );
  });

  it('a long listing is shown as a window around the line that runs', () => {
    const src = 'let a = 0;\n' + line.repeat(999);
    expect(listingWindow('a;\nb;', 2)).toEqual({ code: 'a;\nb;', first: 1, last: 2, total: 2 });
    expect(listingWindow(src, null)).toMatchObject({ first: 1, last: 30, total: 1000 });
    const w = listingWindow(src, 500);
    expect(w).toMatchObject({ first: 490, last: 519, total: 1000 });
    expect(w.code.split('\n')).toHaveLength(30);
    expect(listingWindow(src, 1000)).toMatchObject({ first: 971, last: 1000 });
  });
});

describe('the results cache, bounded by size', () => {
  it('results larger than the bound: the total stays under it and the most recent stays', () => {
    const bound = 1_000_000;
    const lru = new SizedLru<string, SimResult>(bound);
    const { result } = simulateNow('for (let i = 0; i < 30; i++) setTimeout(() => console.log(i), i);', 'browser');
    for (let i = 0; i < 50; i++) {
      lru.set(`k${i}`, result, 300_000 + i * 1000);
      expect(lru.bytes).toBeLessThanOrEqual(bound);
      expect(lru.has(`k${i}`)).toBe(true);
    }
    expect(lru.size).toBe(2); // 348 + 349 KB: a third would pass 1 MB
    // one result alone larger than the bound: kept (it is the one shown), and only it
    lru.set('huge', result, 5 * bound);
    expect(lru.keys()).toEqual(['huge']);
  });

  it('least recently used goes first; a read counts as a use (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 400 })), {
          maxLength: 200,
        }),
        (ops) => {
          const bound = 1000;
          const lru = new SizedLru<number, number>(bound);
          const order: number[] = []; // a model: keys by last use
          const sizes = new Map<number, number>();
          for (const [read, k, size] of ops) {
            if (read) {
              if (lru.get(k) !== undefined) {
                order.splice(order.indexOf(k), 1);
                order.push(k);
              }
              continue;
            }
            lru.set(k, k, size);
            if (order.includes(k)) order.splice(order.indexOf(k), 1);
            order.push(k);
            sizes.set(k, size);
            let total = order.reduce((a, x) => a + sizes.get(x)!, 0);
            while (total > bound && order.length > 1) total -= sizes.get(order.shift()!)!;
            expect(lru.keys()).toEqual(order);
            expect(lru.bytes).toBe(total);
            expect(lru.bytes <= bound || lru.size === 1).toBe(true);
          }
        },
      ),
      { seed: SIM_SEED },
    );
  });
});

describe('a result’s size', () => {
  /** a value's JSON with every object written once (snapshots share unchanged queues, which JSON would copy) */
  const jsonOnce = (value: unknown): number => {
    const seen = new Set<object>();
    return JSON.stringify(value, (_k, x: unknown) => {
      if (x && typeof x === 'object') {
        if (seen.has(x)) return 0;
        seen.add(x);
      }
      return x;
    }).length;
  };

  it('grows with the steps and queue entries, and is of the order of its JSON (shared objects once)', () => {
    const size = (n: number) =>
      simulateNow(`for (let i = 0; i < ${n}; i++) setTimeout(() => console.log('t' + i), 0);`, 'browser');
    const small = size(10);
    const big = size(200);
    expect(big.size).toBeGreaterThan(small.size * 10);
    for (const r of [small, big]) {
      const json = jsonOnce(r.result);
      expect(r.size).toBeGreaterThan(json);
      expect(r.size).toBeLessThan(json * 8);
    }
  });

  it('counts a queue shared by two snapshots once', () => {
    const { result } = simulateNow("setTimeout(() => console.log('a'), 0);", 'browser');
    if (!result.ok) throw new Error('refused');
    const shared = { ...result, steps: result.steps.map((st) => ({ ...st, timers: result.steps[0]!.timers })) };
    const copied = {
      ...result,
      steps: result.steps.map((st) => ({
        ...st,
        timers: { ...result.steps[0]!.timers, pool: [...result.steps[0]!.timers.pool] },
      })),
    };
    expect(resultSize(shared)).toBeLessThanOrEqual(resultSize(copied));
  });
});

describe('a recording too large to send', () => {
  it('is refused with its size past maxBytes; the command line drops the steps', () => {
    const source = 'for (let i = 0; i < 50; i++) setTimeout(() => console.log(i), 0);';
    const full = runJob({ id: 1, source, runtime: 'browser' });
    if (full.kind !== 'result') throw new Error(full.kind);
    const refused = runJob({ id: 2, source, runtime: 'browser', maxBytes: full.size - 1 });
    expect(refused).toMatchObject({ id: 2, kind: 'tooLarge', size: full.size });
    expect(runJob({ id: 3, source, runtime: 'browser', maxBytes: full.size }).kind).toBe('result');
    const slim = runJob({ id: 4, source, runtime: 'browser', steps: false });
    if (slim.kind !== 'result' || !slim.result.ok) throw new Error('no result');
    expect(slim.result.steps).toEqual([]);
    expect(logLines(slim.result)).toEqual(logLines(full.result));
    const s = runFailed(runDraft(custom(source), new ResultStore()), source, 'browser', {
      status: 'tooLarge',
      bytes: full.size,
    });
    expect(s.job).toEqual({ status: 'tooLarge', bytes: full.size });
    expect(s.editing).toBe(true);
  });
});

describe('blank snippets', () => {
  it('whitespace and comments are blank; code, or a syntax error, is not', () => {
    expect(isBlankSnippet('')).toBe(true);
    expect(isBlankSnippet('\n  // x\n/* y */ ')).toBe(true);
    expect(isBlankSnippet(';')).toBe(false);
    expect(isBlankSnippet('/* unterminated')).toBe(false);
    expect(isBlankSnippet("console.log('')")).toBe(false);
    // as acorn's tokenizer reads a script (the page decides without loading the parser)
    const blankByAcorn = (src: string): boolean => {
      try {
        return tokenizer(src, { ecmaVersion: 'latest', allowHashBang: true }).getToken().type.label === 'eof';
      } catch {
        return false;
      }
    };
    for (const src of [
      '#!/usr/bin/env node\n// x',
      '\u00a0\ufeff\u2028 /**/',
      '<!-- html\n',
      '/* a */ x',
      '//\r;',
      '#!x',
      '/',
    ])
      expect(isBlankSnippet(src), JSON.stringify(src)).toBe(blankByAcorn(src));
  });
});

describe('the runner, with stand-in workers', () => {
  /** A stand-in Worker: `ready` says whether it starts, `answer` whether it answers jobs (in-process). */
  function fakeWorker(opts: { ready: boolean; answer: boolean }): { create: () => Worker; terminated: () => number } {
    let terminated = 0;
    const create = () => {
      const w = {
        onmessage: null as ((e: MessageEvent) => void) | null,
        onerror: null as ((e: ErrorEvent) => void) | null,
        postMessage(job: { id: number; source: string; runtime: Runtime }) {
          if (!opts.answer) return;
          setTimeout(() => w.onmessage?.({ data: runJob(job) } as MessageEvent), 0);
        },
        terminate() {
          terminated++;
        },
      };
      setTimeout(() => {
        if (opts.ready) w.onmessage?.({ data: { kind: 'ready' } } as MessageEvent);
        else w.onerror?.({ message: '', preventDefault() {} } as ErrorEvent);
      }, 0);
      return w as unknown as Worker;
    };
    return { create, terminated: () => terminated };
  }

  it('a worker that answers gives the result, off the page', async () => {
    const runner = new SimRunner(fakeWorker({ ready: true, answer: true }).create);
    const o = await runner.run("console.log('x')", 'browser', 5000);
    expect(o.kind).toBe('result');
    expect(o.kind === 'result' && logLines(o.result)).toEqual(['x']);
    expect(runner.onPage).toBe(false);
  });

  it('past the budget: timeout, and the worker is terminated', async () => {
    const fake = fakeWorker({ ready: true, answer: false });
    const runner = new SimRunner(fake.create);
    expect(await runner.run('1;', 'browser', 20)).toEqual({ kind: 'timeout', budgetMs: 20 });
    expect(fake.terminated()).toBe(1);
    expect(runner.busy).toBeNull();
  });

  it('a new run cancels the pending one', async () => {
    const runner = new SimRunner(fakeWorker({ ready: true, answer: true }).create);
    const first = runner.run("console.log('a')", 'browser', 5000);
    const second = runner.run("console.log('b')", 'browser', 5000);
    expect(await first).toEqual({ kind: 'cancelled' });
    const o = await second;
    expect(o.kind === 'result' && logLines(o.result)).toEqual(['b']);
  });

  it('no worker (refused, or it never starts): the job runs on the page’s thread, and says so', async () => {
    for (const create of [
      () => {
        throw new Error('refused');
      },
      fakeWorker({ ready: false, answer: false }).create,
    ]) {
      const runner = new SimRunner(create);
      const o = await runner.run("console.log('p')", 'browser', 5000);
      expect(o.kind === 'result' && logLines(o.result)).toEqual(['p']);
      expect(runner.onPage).toBe(true);
    }
  });
  describe('on the page’s thread (no worker can be made)', () => {
    const refused = (): Worker => {
      throw new Error('refused');
    };
    /** how many times a timer of the page's own ran while `work` was pending */
    async function watched<T>(work: Promise<T>): Promise<{ value: T; gaps: number }> {
      let gaps = 0;
      let done = false;
      const beat = (): void => {
        gaps++;
        if (!done) setTimeout(beat, 1);
      };
      setTimeout(beat, 1);
      const value = await work;
      done = true;
      return { value, gaps };
    }

    it('an endless task cannot be split: stopped as an overrun (its line), not a frozen thread', async () => {
      const runner = new SimRunner(refused);
      const o = await runner.run('let x = 0;\nwhile (true) { x++; }', 'browser', 5000);
      expect(o.kind).toBe('overrun');
      if (o.kind !== 'overrun') return;
      expect(o.line).toBe(2);
      expect(o.taskMs).toBe(TASK_MS);
      // stopped long before the work limit a worker would reach (20 M operations)
      expect(o.ops).toBeLessThan(20_000_000);
      expect(runner.busy).toBeNull();
    });

    it('many short tasks: in slices, other tasks of the page run between them, the same result as at once', async () => {
      const src = `for (let k = 0; k < 4; k++) {\n  setTimeout(() => console.log('t' + k), k);\n  setImmediate(() => console.log('i' + k));\n}\nlet n = 0;\nfunction again() {\n  if (++n < 300) setImmediate(again);\n}\nagain();`;
      const runner = new SimRunner(refused);
      const { value: o, gaps } = await watched(runner.run(src, 'node', 60_000));
      expect(o.kind).toBe('result');
      if (o.kind !== 'result') return;
      expect(o.result).toEqual(simulate(src, 'node'));
      // the page's own timer ran between slices (at once, it could not have run at all before the result)
      expect(gaps).toBeGreaterThan(1);
    });

    it('the budget and Stop end it between two slices', async () => {
      const src = `let n = 0;\nfunction again() {\n  if (++n < 800) setImmediate(again);\n}\nfor (let k = 0; k < 4; k++) {\n  setTimeout(() => console.log('t' + k), k);\n  setImmediate(() => console.log('i' + k));\n}\nagain();`;
      const runner = new SimRunner(refused);
      expect(await runner.run(src, 'node', 30)).toEqual({ kind: 'timeout', budgetMs: 30 });
      const pending = runner.run(src, 'node', 60_000);
      await new Promise((r) => setTimeout(r, 60));
      expect(runner.busy).not.toBeNull();
      runner.cancel();
      expect(await pending).toEqual({ kind: 'cancelled' });
      expect(runner.busy).toBeNull();
    });
  });
});
