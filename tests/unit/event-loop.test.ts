import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import {
  apply,
  canStep,
  createSession,
  createState,
  current,
  currentLine,
  currentPhase,
  heapPop,
  heapPush,
  isHeap,
  runToIdle,
  step,
  type Action,
  type LoopState,
  type Mode,
  type Scenario,
  type SocketName,
  type Timer,
  NODE_CODE_LINES,
  NODE_LINE_NUMBERS,
  SIMPLE_CODE_LINES,
  SIMPLE_LINE_NUMBERS,
  SOCKETS,
  SPEAKER_SEQUENCE,
  initialState,
  matchesStop,
  sessionForStep,
  stateForStep,
} from '../../components/event-loop/event-loop-model.ts';
import { speakerSteps } from '../../slides/types.ts';
import { eventLoopText } from '../../components/event-loop/event-loop-text.ts';
import { BARE_SKIP } from '../../components/event-loop/event-loop-code.ts';
import { sceneOf } from '../../components/event-loop/event-loop-scene.ts';
import { moved, placeOf, type Scene } from '../../components/shared/loop-picture/loop-picture-model.ts';

const { en, ru } = eventLoopText;

const outputOf = (s: LoopState): string[] => [...runToIdle(s).at(-1)!.output];

describe('the simplified loop of seed 004', () => {
  it('sleeps until the nearest deadline, says why it woke, and drains microtasks after each callback', () => {
    const states = runToIdle(createState('simple'));
    const woke = states.map((s) => s.event).filter((e) => e.k === 'woke');
    // timers at 50 and 120 ms, data on B at 80 ms (the default scenario)
    expect(woke).toEqual([
      { k: 'woke', from: 0, to: 50, slept: 50, reason: 'timer', sockets: [] },
      { k: 'woke', from: 50, to: 80, slept: 30, reason: 'socket', sockets: ['B'] },
      { k: 'woke', from: 80, to: 120, slept: 40, reason: 'timer', sockets: [] },
    ]);
    expect(states.at(-1)!.output).toEqual(['t1', 'p1', 'read B', 'B.then(parse)', 'B.then(reply)', 't2', 'p2']);
    // After the last timer nothing is left: epoll_wait would wait forever (timeout -1), the model refuses to step.
    const last = states.at(-1)!;
    expect(last.line).toBe('timeout');
    expect(last.timeout).toBeNull();
    expect(canStep(last)).toBe(false);
  });

  it('highlights the lines of the listing in the order the code runs them', () => {
    const lines = runToIdle(createState('simple', { timers: [10], arrivals: [] })).map(currentLine);
    // while → timeout → epoll_wait → for timers → t.callback → runAllMicrotasks → for ready → while → timeout
    expect(lines).toEqual([2, 3, 4, 6, 7, 8, 10, 2, 3]);
  });

  it('returns from epoll_wait at once when data is already waiting, and with timeout 0 when a timer is due', () => {
    let s = createState('simple', { timers: [], arrivals: [] });
    s = apply({ states: [s], index: 0 }, { type: 'arrive', socket: 'C', delay: 0 }).states[1]!;
    s = step(s); // timeout: none → -1
    expect(s.timeout).toBeNull();
    s = step(s);
    expect(s.event).toEqual({ k: 'woke', from: 0, to: 0, slept: 0, reason: 'already', sockets: ['C'] });

    let z = createState('simple', { timers: [0], arrivals: [] });
    z = step(step(z));
    expect(z.event).toMatchObject({ k: 'woke', slept: 0, reason: 'zero' });
  });

  it('a timer added between computing the timeout and sleeping shortens the sleep (no code runs in between)', () => {
    let session = createSession('simple', { timers: [100], arrivals: [] });
    session = apply(session, { type: 'step' }); // while
    expect(current(session).timeout).toBe(100);
    session = apply(session, { type: 'add-timer', delay: 20 });
    expect(current(session).timeout).toBe(20);
    session = apply(session, { type: 'step' });
    expect(current(session).event).toMatchObject({ k: 'woke', slept: 20, reason: 'timer' });
  });

  it('two timers due together: each callback is followed by the whole microtask drain (t1 p1 t2 p2)', () => {
    expect(outputOf(createState('simple', { timers: [0, 0], arrivals: [] }))).toEqual(['t1', 'p1', 't2', 'p2']);
  });

  it('data that arrives together with a deadline wakes it with reason "both"', () => {
    const s = runToIdle(createState('simple', { timers: [40], arrivals: [{ socket: 'A', at: 40 }] }));
    expect(s.map((x) => x.event).find((e) => e.k === 'woke')).toMatchObject({
      reason: 'both',
      slept: 40,
      sockets: ['A'],
    });
  });
});

describe('the Node view: libuv ≥ 1.45 uv_run', () => {
  it('walks timers(once) → pending → poll → check → close → timers, with setImmediate before setTimeout 0 inside I/O', () => {
    const states = runToIdle(createState('node'));
    expect(states.at(-1)!.output).toEqual([
      'read A',
      'A.then(parse)',
      'A.then(reply)',
      'A: setImmediate',
      'A: setTimeout 0',
      't1',
      'p1',
    ]);
    const phases = states.map(currentPhase).filter((p, i, a) => p !== null && p !== a[i - 1]);
    expect(phases.slice(0, 7)).toEqual(['timers', 'pending', 'poll', 'check', 'close', 'timers', 'pending']);
    // setTimeout(…, 0) is 1 ms in Node: after the immediate, the loop sleeps 1 ms in poll for it.
    const woke = states.map((s) => s.event).filter((e) => e.k === 'woke');
    expect(woke[1]).toEqual({ k: 'woke', from: 10, to: 11, slept: 1, reason: 'timer', sockets: [] });
  });

  it('a pending setImmediate makes the poll timeout 0', () => {
    const states = runToIdle(createState('node', { timers: [500], arrivals: [{ socket: 'B', at: 5 }] }));
    const idx = states.findIndex((s) => s.event.k === 'immediate-callback');
    expect(idx).toBeGreaterThan(0);
    // Before the check phase the immediate was queued; the next timeout computed after it ran is not 0 again.
    const timeouts = states.map((s) => s.event).filter((e) => e.k === 'timeout');
    expect(timeouts[0]).toMatchObject({ timeout: 500 });
    expect(timeouts[1]).toMatchObject({ timeout: 1 });
  });

  it('clamps setTimeout delays below 1 ms to 1 ms, and says so', () => {
    const s = apply(createSession('node', { timers: [], arrivals: [] }), { type: 'add-timer', delay: 0 });
    expect(current(s).event).toEqual({ k: 'added-timer', id: 1, due: 1, delay: 1, clamped: true });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Action>({ type: 'step' }) },
  { weight: 1, arbitrary: fc.constant<Action>({ type: 'back' }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 200 }).map<Action>((delay) => ({ type: 'add-timer', delay })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom<SocketName>(...SOCKETS), fc.integer({ min: 0, max: 200 }))
      .map<Action>(([socket, delay]) => ({ type: 'arrive', socket, delay })),
  },
);

describe('properties', () => {
  it('heap order, monotonic clock, never early, drained before every macrotask, undo restores', () => {
    fc.assert(
      fc.property(fc.constantFrom<Mode>('simple', 'node'), fc.array(actionArb, { maxLength: 80 }), (mode, actions) => {
        let session = createSession(mode, { timers: [], arrivals: [] });
        const dues = new Map<string, number>();
        for (const a of actions) {
          const before = current(session);
          const next = apply(session, a);
          const s = current(next);
          expect(isHeap(s.heap)).toBe(true);
          for (const t of s.heap) dues.set(t.label, t.due);
          if (a.type === 'step' && next !== session) {
            expect(s.now).toBeGreaterThanOrEqual(before.now);
            const e = s.event;
            if (e.k === 'timer-callback' || e.k === 'io-callback' || e.k === 'immediate-callback') {
              expect(before.microtasks).toEqual([]);
            }
            if (e.k === 'timer-callback') expect(s.now).toBeGreaterThanOrEqual(dues.get(e.label)!);
            if (e.k === 'woke') {
              const nearest = before.heap[0]?.due;
              if (nearest !== undefined) expect(e.to).toBeLessThanOrEqual(Math.max(nearest, before.now));
              expect(e.slept).toBe(e.to - e.from);
            }
            // undo gives back exactly the state before
            expect(current(apply(next, { type: 'back' }))).toBe(before);
          }
          session = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every timer fires exactly once, in (due, set order) order, and the loop ends asleep with an empty heap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Mode>('simple', 'node'),
        fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 12 }),
        fc.array(fc.record({ socket: fc.constantFrom<SocketName>(...SOCKETS), at: fc.integer({ min: 0, max: 300 }) }), {
          maxLength: 5,
        }),
        (mode, timers, arrivals) => {
          const states = runToIdle(createState(mode, { timers, arrivals }));
          const last = states.at(-1)!;
          expect(canStep(last)).toBe(false);
          expect(last.heap).toEqual([]);
          const fired = states.map((s) => s.event).flatMap((e) => (e.k === 'timer-callback' ? [e.label] : []));
          const userTimers = fired.filter((l) => /^t\d+$/.test(l));
          expect(userTimers.length).toBe(timers.length);
          expect(new Set(userTimers).size).toBe(userTimers.length);
          // every arrival was read (arrivals on one socket before it is served merge into one read)
          const reads = last.output.filter((l) => l.startsWith('read '));
          expect(new Set(reads)).toEqual(new Set(arrivals.map((a) => `read ${a.socket}`)));
          // in Node, each socket callback's setImmediate runs before its setTimeout 0
          if (mode === 'node') {
            for (const sock of SOCKETS) {
              const imm = last.output.indexOf(`${sock}: setImmediate`);
              const tmo = last.output.indexOf(`${sock}: setTimeout 0`);
              expect(imm === -1).toBe(tmo === -1);
              if (imm !== -1) expect(imm).toBeLessThan(tmo);
            }
          }
          // fire times are non-decreasing
          const fireTimes = states.filter((s) => s.event.k === 'timer-callback').map((s) => s.now);
          expect([...fireTimes].sort((a, b) => a - b)).toEqual(fireTimes);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the heap pops in (due, seq) order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 40 }), (dues) => {
        let h: Timer[] = [];
        dues.forEach((due, seq) => {
          h = heapPush(h, { id: seq, label: `t${seq}`, due, seq, chain: [] });
          expect(isHeap(h)).toBe(true);
        });
        const popped: Timer[] = [];
        while (h.length) {
          const r = heapPop(h);
          popped.push(r.top!);
          h = r.heap;
          expect(isHeap(h)).toBe(true);
        }
        const sorted = [...popped].sort((a, b) => a.due - b.due || a.seq - b.seq);
        expect(popped).toEqual(sorted);
      }),
    );
  });
});

describe('text', () => {
  it('both listings have the same code in both languages; only comments differ; line numbers fit', () => {
    const strip = (code: string) => code.split('\n').map((l) => l.replace(/\s*\/\/.*$/, '').trimEnd());
    expect(strip(ru.simpleCode)).toEqual(strip(en.simpleCode));
    expect(strip(ru.nodeCode)).toEqual(strip(en.nodeCode));
    expect(en.simpleCode.split('\n').length).toBe(SIMPLE_CODE_LINES);
    expect(en.nodeCode.split('\n').length).toBe(NODE_CODE_LINES);
    expect(ru.simpleCode.split('\n')[3]).toContain('epoll_wait(ep, timeout)');
    expect(en.nodeCode.split('\n')[5]).toContain('uv__io_poll');
  });

  it("the line numbers come from the listings' markers and point at the code each step runs", () => {
    const simple = en.simpleCode.split('\n');
    const node = ru.nodeCode.split('\n');
    expect(simple[SIMPLE_LINE_NUMBERS.wait - 1]).toContain('epoll_wait(ep, timeout)');
    expect(simple[SIMPLE_LINE_NUMBERS.timerCb - 1]).toContain('t.callback()');
    expect(simple[SIMPLE_LINE_NUMBERS.ioDrain - 1]).toContain('runAllMicrotasks()');
    expect(node[NODE_LINE_NUMBERS.poll - 1]).toContain('uv__io_poll(loop, timeout)');
    expect(node[NODE_LINE_NUMBERS.preTimers - 1]).toContain('uv__run_timers(loop)');
    expect(node[NODE_LINE_NUMBERS.timers - 1]).toContain('uv__run_timers(loop)');
    expect(NODE_LINE_NUMBERS.timers).toBeGreaterThan(NODE_LINE_NUMBERS.preTimers);
  });

  it('presented, the bare listings (no comments) keep every line of code, BARE_SKIP lines higher', () => {
    for (const [full, bare] of [
      [en.simpleCode, en.simpleCodeBare],
      [ru.nodeCode, ru.nodeCodeBare],
    ] as const) {
      const code = full.split('\n').map((l) => l.replace(/\s*\/\/.*$/, '').trimEnd());
      expect(bare.split('\n')).toEqual(code.slice(BARE_SKIP));
      expect(bare).not.toContain('//');
    }
    expect(en.simpleCodeBare.split('\n')[SIMPLE_LINE_NUMBERS.wait - 1 - BARE_SKIP]).toBe(
      '  const ready = epoll_wait(ep, timeout);',
    );
  });

  it('describes every event of a run in both languages', () => {
    for (const mode of ['simple', 'node'] as const) {
      for (const s of runToIdle(createState(mode))) {
        expect(en.event(s.event).length).toBeGreaterThan(5);
        expect(ru.event(s.event).length).toBeGreaterThan(5);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The real thing: the same scenario in real Node, compared line by line with the model's prediction.

const hasNode = spawnSync('node', ['--version']).status === 0;

function realNode(mode: Mode, scenario: Scenario): string[] {
  const script = `
const net = require('net');
const out = [];
const log = (s) => out.push(s);
const expected = ${JSON.stringify(outputOf(createState(mode, scenario)).length)};
const finish = () => { process.stdout.write(JSON.stringify(out)); process.exit(0); };
const check = () => { if (out.length >= expected) setTimeout(finish, 20); };
const server = net.createServer((conn) => {
  conn.once('data', (buf) => {
    const S = buf.toString();
    log('read ' + S);
    Promise.resolve().then(() => log(S + '.then(parse)')).then(() => { log(S + '.then(reply)'); check(); });
    ${
      mode === 'node'
        ? `setImmediate(() => log(S + ': setImmediate'));
    setTimeout(() => { log(S + ': setTimeout 0'); check(); }, 0);`
        : ''
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  const arrivals = ${JSON.stringify(scenario.arrivals)};
  for (const a of arrivals) {
    const c = net.connect(port, '127.0.0.1', () => setTimeout(() => c.write(a.socket), a.at));
  }
  ${JSON.stringify(scenario.timers)}.forEach((d, i) => {
    const id = i + 1;
    setTimeout(() => { log('t' + id); Promise.resolve().then(() => { log('p' + id); check(); }); }, d);
  });
});
setTimeout(finish, 3000);
`;
  const r = spawnSync('node', ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as string[];
}

describe('against real Node', () => {
  const cases: [Mode, Scenario][] = [
    ['simple', { timers: [0, 0], arrivals: [] }],
    ['node', { timers: [0, 0], arrivals: [] }],
    ['simple', { timers: [100, 20, 60], arrivals: [] }],
    ['simple', { timers: [50, 120], arrivals: [{ socket: 'B', at: 80 }] }],
    ['node', { timers: [30], arrivals: [{ socket: 'A', at: 10 }] }],
    [
      'node',
      {
        timers: [0, 150],
        arrivals: [
          { socket: 'B', at: 60 },
          { socket: 'C', at: 100 },
        ],
      },
    ],
  ];
  for (const [mode, scenario] of cases) {
    it.skipIf(!hasNode)(
      `${mode} ${JSON.stringify(scenario)}: the model's output is what Node prints (needs the node binary; skipped without it)`,
      () => {
        const predicted = outputOf(createState(mode, scenario));
        expect(predicted.length).toBeGreaterThan(0);
        expect(realNode(mode, scenario)).toEqual(predicted);
      },
    );
  }

  it.skipIf(!hasNode)(
    "the brief's case: t1 p1 t2 for two timers due together (needs the node binary; skipped without it)",
    () => {
      const r = spawnSync(
        'node',
        [
          '-e',
          `const o=[];const log=s=>o.push(s);setTimeout(()=>{log('t1');Promise.resolve().then(()=>log('p1'))},0);setTimeout(()=>log('t2'),0);setTimeout(()=>console.log(o.join(' ')),20)`,
        ],
        { encoding: 'utf8' },
      );
      expect(r.stdout.trim()).toBe('t1 p1 t2');
      // the model predicts the same relative order for the same pair of timers (its t2 also queues a p2)
      expect(outputOf(createState('node', { timers: [0, 0], arrivals: [] })).slice(0, 3)).toEqual(['t1', 'p1', 't2']);
      expect(outputOf(createState('simple', { timers: [0, 0], arrivals: [] })).slice(0, 3)).toEqual(['t1', 'p1', 't2']);
    },
  );
});

describe('speaker sequence', () => {
  it('stops at each moment it names, in order, and step 0 is the fresh loop', () => {
    expect(sessionForStep(0)).toEqual(createSession('simple'));
    const stops = SPEAKER_SEQUENCE.slice(1);
    const events = stops.map((_, i) => current(sessionForStep(i + 1)).event);
    expect(events.map((e) => e.k)).toEqual([
      'woke',
      'microtask',
      'woke',
      'microtask',
      'io-callback',
      'immediate-callback',
      'timer-callback',
    ]);
    expect(current(sessionForStep(3)).event).toMatchObject({ reason: 'socket', slept: 30 });
    // every stop is reachable (findIndex found it, not the fallback end)
    for (let i = 1; i <= stops.length; i++)
      expect(matchesStop(stops[i - 1]!, current(sessionForStep(i)).event)).toBe(true);
  });

  it("the contract: step 0 is the initial state; a step keeps the person's delay and socket", () => {
    expect(stateForStep(0, initialState())).toEqual(initialState());
    const mine = { ...initialState(), delay: 120, socket: 'C' as const };
    expect(stateForStep(5, mine)).toMatchObject({ delay: 120, socket: 'C' });
    expect(stateForStep(99, mine).session).toEqual(sessionForStep(SPEAKER_SEQUENCE.length - 1));
  });
});

describe('the slide module', () => {
  it('declares as many speaker steps as the model has stops, plus the fresh start', async () => {
    const { eventLoop } = await import('../../slides/event-loop.ts');
    expect(speakerSteps(eventLoop)).toBe(SPEAKER_SEQUENCE.length);
  });
});

describe('the loop picture (presented)', () => {
  const scenes = SPEAKER_SEQUENCE.map((_, i) => sceneOf(current(sessionForStep(i))));
  /** Where the chip labelled `label` is, or undefined. */
  const where = (sc: Scene, label: string) => {
    const all = [...sc.stack, ...sc.timers, ...sc.macrotasks, ...sc.microtasks, ...sc.readyList];
    const c = all.find((x) => x.label === label);
    return c && placeOf(sc).get(c.id);
  };

  it('every state of both views maps to a scene (no phase outside the ring, no chip in two places)', () => {
    for (const mode of ['simple', 'node'] as const) for (const s of runToIdle(createState(mode))) sceneOf(s);
  });

  it('each speaker step changes the picture: a chip moves, a region lights or the phase turns', () => {
    for (let i = 1; i < scenes.length; i++) {
      const [a, b] = [scenes[i - 1]!, scenes[i]!];
      const changed =
        moved(a, b).length > 0 || a.phase !== b.phase || a.asleep !== b.asleep || a.lit.join() !== b.lit.join();
      expect(changed, `step ${i}`).toBe(true);
    }
  });

  it('shows at each step what its notes talk about: t1, p1, B, t2, then Node’s setImmediate and setTimeout 0', () => {
    const [s0, s1, s2, s3, s4, s5, s6, s7] = scenes as [Scene, Scene, Scene, Scene, Scene, Scene, Scene, Scene];
    // 0: two timers and a socket whose data is on its way
    expect(s0.timers.map((t) => t.label)).toEqual(['t1', 't2']);
    expect(s0.sockets.find((k) => k.id === 'B')!.state).toBe('coming');
    // 1: asleep in epoll_wait until t1's deadline, which is lit
    expect([s1.phase, s1.asleep, s1.now]).toEqual(['wait', true, 50]);
    expect(s1.timers[0]).toMatchObject({ label: 't1', lit: true });
    // 2: p1 runs right after t1
    expect(where(s2, 'p1')).toBe('stack');
    expect(s2.ran).toEqual(['t1', 'p1']);
    // 3: data on B woke it before t2's deadline: B in epoll's ready list, t2 still waiting
    expect([s3.asleep, s3.now]).toEqual([true, 80]);
    expect(where(s3, 'B')).toBe('kernel');
    expect(s3.sockets.find((k) => k.id === 'B')!.state).toBe('ready');
    expect(s3.timers.map((t) => t.label)).toEqual(['t2']);
    // 4: the end of B's chain runs, the microtask lane is empty
    expect(where(s4, 'B.then(reply)')).toBe('stack');
    expect(s4.microtasks).toEqual([]);
    // 5: Node's poll: A's callback runs and schedules setImmediate (a macrotask) and setTimeout 0 (due first)
    expect([s5.flavour, s5.phase]).toEqual(['node', 'poll']);
    expect(where(s5, 'read A')).toBe('stack');
    expect(where(s5, 'setImmediate')).toBe('macrotasks');
    expect(s5.timers.map((t) => t.label)).toEqual(['setTimeout 0', 't1']);
    expect(where(s5, 'A.then(parse)')).toBe('microtasks');
    // 6: check runs the immediate while the timer waits
    expect(s6.phase).toBe('check');
    expect(where(s6, 'setImmediate')).toBe('stack');
    expect(where(s6, 'setTimeout 0')).toBe('timers');
    // 7: the timer runs in the next turn's timers phase
    expect(s7.phase).toBe('timers');
    expect(where(s7, 'setTimeout 0')).toBe('stack');
  });

  it('a presented caption is one short sentence in both languages for every event of a run', () => {
    for (const mode of ['simple', 'node'] as const)
      for (const s of runToIdle(createState(mode)))
        for (const t of [en, ru]) expect(t.caption(s.event).length, t.caption(s.event)).toBeLessThanOrEqual(100);
  });
});
