import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SIM_SEED } from './sim-seed.ts';
import {
  ACTIONS,
  DEFAULT_PARAMS,
  MEASURED,
  QUIZ,
  RUNTIMES,
  SPEAKER_SEQUENCE,
  actionsOf,
  answer,
  currentFrame,
  frameCount,
  inUnits,
  initialState,
  normalize,
  osThreadCost,
  placedTasks,
  runningThreads,
  scenario,
  setAction,
  setCount,
  setRuntime,
  stateForStep,
  back,
  forward,
  taskMemory,
  totalMemory,
  type GreenParams,
} from '../../components/green-threads/green-threads-model.ts';
import { greenThreadsText } from '../../components/green-threads/green-threads-text.ts';

const p = (over: Partial<GreenParams>): GreenParams => ({ ...DEFAULT_PARAMS, ...over });

describe('Go, a blocking syscall (4 threads, 10,000 goroutines)', () => {
  const f = scenario(p({ runtime: 'go', action: 'syscall' }));
  it('M1 blocks with G1 and keeps P1; nobody runs on it', () => {
    expect(f.map((x) => x.event)).toEqual(['start', 'go-syscall-enter', 'go-handoff', 'go-syscall-exit']);
    expect(f[1]!.lanes[0]).toMatchObject({ thread: 1, p: 1, task: 1, status: 'kernel' });
    expect(runningThreads(f[1]!)).toBe(3);
    expect(f[1]!.osThreads).toBe(4);
  });
  it('after 20 µs sysmon hands P1 to a fifth OS thread, which runs G5', () => {
    const h = f[2]!;
    expect(h.t).toBe(20);
    expect(h.lanes[0]).toMatchObject({ p: null, task: 1, status: 'kernel' });
    expect(h.lanes[4]).toMatchObject({ kind: 'extra', thread: 5, p: 1, task: 5, status: 'running' });
    expect(h.osThreads).toBe(5);
    expect(runningThreads(h)).toBe(4);
    expect(h.next).toBe(5);
    expect(h.queue.length).toBe(10_000 - 5);
  });
  it('when read() returns, G1 goes to the back of the run queue and M1 sleeps', () => {
    const e = f[3]!;
    expect(e.task1).toBe('queued');
    expect(e.queue.at(-1)).toBe(1);
    expect(e.lanes[0]).toMatchObject({ task: null, status: 'idle' });
    expect(e.osThreads).toBe(5);
  });
  it('with no other goroutine, sysmon leaves the P and no thread is added', () => {
    const g = scenario(p({ runtime: 'go', action: 'syscall', threads: 4, tasks: 4 }));
    expect(g.map((x) => x.event)).toEqual(['start', 'go-syscall-enter', 'go-no-work', 'go-syscall-exit']);
    expect(Math.max(...g.map((x) => x.osThreads))).toBe(4);
    expect(g[3]!.task1).toBe('running');
  });
});

describe('the other scenarios, hand-worked', () => {
  it('Go, a long loop: preempted after 10 ms, G5 takes P1', () => {
    const f = scenario(p({ runtime: 'go', action: 'cpu' }));
    expect(f[1]).toMatchObject({ t: 10_000, event: 'go-preempt', task1: 'queued', next: 5 });
    expect(f[1]!.lanes[0]!.task).toBe(5);
  });
  it('Go, a channel receive: G1 parks on no thread, then is next in line', () => {
    const f = scenario(p({ runtime: 'go', action: 'receive', threads: 2, tasks: 3 }));
    expect(f[1]!.parked).toEqual([1]);
    expect(f[1]!.lanes.map((l) => l.task)).toEqual([3, 2]);
    expect(f[1]!.lanes.every((l) => l.status === 'running')).toBe(true);
    expect(f[2]).toMatchObject({ task1: 'next', queue: [1], parked: [] });
  });
  it('Java, socket I/O: V1 unmounts (heap), the carrier runs V5; with a free carrier it remounts at once', () => {
    const f = scenario(p({ runtime: 'java', action: 'syscall' }));
    expect(f[1]).toMatchObject({ event: 'java-unmount', task1: 'heap', next: 5 });
    expect(runningThreads(f[1]!)).toBe(4);
    const few = scenario(p({ runtime: 'java', action: 'syscall', threads: 4, tasks: 2 }));
    expect(few[1]!.lanes[0]!.status).toBe('idle');
    expect(few[2]).toMatchObject({ task1: 'running' });
  });
  it('Java, a long loop: after 10 ms V1 still holds carrier 1', () => {
    const f = scenario(p({ runtime: 'java', action: 'cpu' }));
    expect(f[1]).toMatchObject({ event: 'java-no-preempt', t: 10_000, task1: 'running' });
    expect(f[1]!.lanes[0]!.task).toBe(1);
    expect(f[2]).toMatchObject({ task1: 'done', next: 5 });
  });
  it('Java, synchronized + I/O: carrier 1 is pinned, 3 carriers run', () => {
    const f = scenario(p({ runtime: 'java', action: 'pinned' }));
    expect(f[1]!.lanes[0]).toMatchObject({ task: 1, status: 'pinned' });
    expect(runningThreads(f[1]!)).toBe(3);
    expect(f[1]!.queue.length).toBe(10_000 - 4);
  });
  it('Erlang, a long loop: 4,000 reductions, then P1 to the back of the queue', () => {
    const f = scenario(p({ runtime: 'erlang', action: 'cpu' }));
    expect(f[0]!.reductionsLeft).toBe(4000);
    expect(f[1]).toMatchObject({ event: 'erl-reductions', reductionsLeft: 0, task1: 'queued', next: 5 });
    expect(f[1]!.queue.at(-1)).toBe(1);
  });
  it('Erlang, a file read: on the dirty I/O scheduler, which exists from the start', () => {
    const f = scenario(p({ runtime: 'erlang', action: 'syscall' }));
    expect(f.every((x) => x.osThreads === 5)).toBe(true);
    expect(f[1]!.lanes[4]).toMatchObject({ kind: 'extra', task: 1, status: 'dirty' });
    expect(f[1]!.lanes[0]!.task).toBe(5);
  });
  it('synchronized is Java’s only', () => {
    expect(actionsOf('go')).not.toContain('pinned');
    expect(actionsOf('erlang')).not.toContain('pinned');
    expect(normalize(p({ runtime: 'go', action: 'pinned' })).action).toBe('syscall');
  });
});

describe('memory per task', () => {
  it('Go: the measured 2,048 B stack plus the runtime’s structures; 10,000 of them: about 25 MB', () => {
    expect(taskMemory('go')).toEqual({ bytes: 2048 + 522, basis: 'measured' });
    expect(inUnits(totalMemory(p({ runtime: 'go' })))).toEqual({ value: (2570 * 10_000) / 1024 ** 2, unit: 'MB' });
  });
  it('Erlang: the measured 2,640 bytes of OTP 25', () => {
    expect(taskMemory('erlang').bytes).toBe(MEASURED.erlang.processBytes);
    expect(MEASURED.erlang.processBytes).toBe(2640);
  });
  it('as OS threads: the stacks’ 8 MB is reserved address space; what is resident is the measured ~8 KB', () => {
    const c = osThreadCost(10_000);
    expect(inUnits(c.reserved)).toEqual({ value: (10_000 * 8) / 1024, unit: 'GB' });
    expect(c.residentEach).toBe(MEASURED.osThread.residentPerThread);
    expect(inUnits(c.resident).unit).toBe('MB');
    expect(c.reserved / c.resident).toBeGreaterThan(500);
    expect(MEASURED.osThread.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const lang of ['en', 'ru'] as const) {
      const line = greenThreadsText[lang].osThreadCompare('10', 'A', 'B', 'C');
      expect(line).toMatch(lang === 'en' ? /reserved/ : /зарезервировано/);
      expect(line).toMatch(lang === 'en' ? /resident/ : /в памяти/);
    }
  });
  it('Go’s slider counts Ps (GOMAXPROCS), not OS threads: the Ms are drawn and can outnumber the Ps', () => {
    for (const lang of ['en', 'ru'] as const) {
      expect(greenThreadsText[lang].threadsLabel('go')).toMatch(/GOMAXPROCS/);
      expect(greenThreadsText[lang].threadsLabel('go')).not.toMatch(/OS threads|Потоков ОС/);
    }
    const f = scenario(p({ runtime: 'go', action: 'syscall', threads: 4 }));
    expect(Math.max(...f.map((x) => x.osThreads))).toBe(5);
    expect(Math.max(...f.map((x) => runningThreads(x)))).toBe(4);
  });
  it('units: B, KB, MB, GB', () => {
    expect(inUnits(1023)).toEqual({ value: 1023, unit: 'B' });
    expect(inUnits(2048)).toEqual({ value: 2, unit: 'KB' });
    expect(inUnits(8 * 1024 ** 3)).toEqual({ value: 8, unit: 'GB' });
  });
});

describe('properties', () => {
  const params = fc.record({
    runtime: fc.constantFrom(...RUNTIMES),
    action: fc.constantFrom(...ACTIONS),
    threads: fc.integer({ min: 1, max: 8 }),
    tasks: fc.integer({ min: 1, max: 300 }),
  });
  it('every task is in exactly one place in every frame (a finished one nowhere)', () => {
    fc.assert(
      fc.property(params, (raw) => {
        const q = normalize(raw);
        for (const f of scenario(q)) {
          const placed = placedTasks(f);
          const expected = Array.from({ length: q.tasks }, (_, i) => i + 1).filter(
            (x) => f.task1 !== 'done' || x !== 1,
          );
          expect(placed).toEqual(expected);
          // a thread runs one task at a time and never more threads than lanes
          expect(runningThreads(f)).toBeLessThanOrEqual(f.osThreads);
        }
      }),
      { seed: SIM_SEED },
    );
  });
  it('while work waits, no worker thread is idle except one whose task left it in the kernel’s hands', () => {
    fc.assert(
      fc.property(params, (raw) => {
        for (const f of scenario(normalize(raw))) {
          if (f.queue.length === 0) continue;
          for (const l of f.lanes) if (l.kind === 'worker' && l.status === 'idle') expect(l.thread).toBe(1);
        }
      }),
      { seed: SIM_SEED },
    );
  });
  it('Go is the only runtime that adds an OS thread, and only for a blocking syscall with work waiting', () => {
    fc.assert(
      fc.property(params, (raw) => {
        const q = normalize(raw);
        const f = scenario(q);
        const grew = f.at(-1)!.osThreads > f[0]!.osThreads;
        expect(grew).toBe(q.runtime === 'go' && q.action === 'syscall' && q.tasks > q.threads);
      }),
      { seed: SIM_SEED },
    );
  });
  it('every event has a caption in both languages', () => {
    for (const r of RUNTIMES)
      for (const a of actionsOf(r))
        for (const f of scenario(p({ runtime: r, action: a })))
          for (const lang of ['en', 'ru'] as const) expect(f.event in greenThreadsText[lang].captions).toBe(true);
  });
});

describe('the demo state', () => {
  it('the speaker sequence: Go handoff, Go preemption, Java unmount, Java pinning, Erlang reductions', () => {
    const s0 = initialState();
    const events = SPEAKER_SEQUENCE.map((_, i) => currentFrame(stateForStep(i, s0)).event);
    expect(events).toEqual(['start', 'go-handoff', 'go-preempt', 'java-unmount', 'java-pinned', 'erl-reductions']);
  });
  it('a step keeps the person’s counts', () => {
    const s = setCount(initialState(), 'threads', 2);
    expect(stateForStep(3, s).params.threads).toBe(2);
  });
  it('stepping is clamped; a new runtime or action starts over', () => {
    let s = initialState();
    for (let i = 0; i < 10; i++) s = forward(s);
    expect(s.index).toBe(frameCount(s) - 1);
    expect(back(s).index).toBe(frameCount(s) - 2);
    expect(setRuntime(s, 'erlang').index).toBe(0);
    expect(setAction(s, 'cpu').index).toBe(0);
    expect(setAction(setRuntime(s, 'go'), 'pinned')).toBe(setRuntime(s, 'go'));
    expect(setRuntime(setAction(setRuntime(s, 'java'), 'pinned'), 'go').params.action).toBe('syscall');
  });
  it('the quiz: the right answer is "a few"; an answer locks', () => {
    expect(QUIZ).toEqual({ id: 'green-threads-predict', choiceCount: 4, correct: 2 });
    expect(greenThreadsText.en.quiz.choices[QUIZ.correct ?? -1]).toMatch(/a few/);
    const s = answer(initialState(), 0);
    expect(s.quiz.phase).toEqual({ kind: 'answered', choice: 0 });
    expect(answer(s, 2)).toBe(s);
  });
});
