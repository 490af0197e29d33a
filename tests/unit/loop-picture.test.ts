/**
 * The loop picture's model (components/shared/loop-picture/): a scene puts the timers in deadline order, refuses a
 * phase its flavour's ring lacks and a chip in two places, says what moved between two scenes, and names its regions
 * in each flavour (CPython's `_scheduled`, `_ready` and the selector; no microtask lane in asyncio). Its chips take
 * the deck's actor tokens.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACTORS,
  FLAVOURS,
  PHASES,
  moved,
  phaseIndex,
  placeOf,
  POOL_QUEUE_SHOWN,
  scene,
  sceneLabels,
  shownQueue,
  type Chip,
} from '../../components/shared/loop-picture/loop-picture-model.ts';
import { loopPictureStyles as styles } from '../../components/shared/loop-picture/loop-picture-styles.ts';

const chip = (id: string, actor: Chip['actor'] = 'task'): Chip => ({ id, label: id, actor });

describe('a scene', () => {
  it('orders the timers by deadline, the nearest first, ties in the order they were set', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 12 }), (dues) => {
        const timers = dues.map((due, i) => ({ id: `t${i}`, label: `t${i}`, actor: 'timer' as const, due }));
        const s = scene({ flavour: 'node', timers });
        for (let i = 1; i < s.timers.length; i++) {
          const [a, b] = [s.timers[i - 1]!, s.timers[i]!];
          expect(a.due < b.due || (a.due === b.due && Number(a.id.slice(1)) < Number(b.id.slice(1)))).toBe(true);
        }
        expect(s.timers).toHaveLength(dues.length);
      }),
    );
  });

  it('lights a phase of its own ring, and refuses one of another flavour with a clear message', () => {
    expect(phaseIndex(scene({ flavour: 'node', phase: 'check' }))).toBe(3);
    expect(phaseIndex(scene({ flavour: 'cpython', phase: 'select' }))).toBe(2);
    expect(phaseIndex(scene({ flavour: 'simple' }))).toBe(-1);
    expect(() => scene({ flavour: 'cpython', phase: 'check' })).toThrow(/cpython has no phase “check”/);
  });

  it('refuses a chip in two places at once, and microtasks in asyncio (it has no such queue)', () => {
    expect(() => scene({ flavour: 'node', stack: [chip('a')], macrotasks: [chip('a')] })).toThrow(
      /“a” is in two places/,
    );
    expect(() => scene({ flavour: 'cpython', microtasks: [chip('p1', 'microtask')] })).toThrow(/no microtask queue/);
  });

  it('says which chips moved: a timer from the timers row to the stack, a new microtask, one gone', () => {
    const before = scene({
      flavour: 'simple',
      timers: [{ ...chip('t1', 'timer'), due: 50 }],
      microtasks: [chip('p0', 'microtask')],
    });
    const after = scene({ flavour: 'simple', stack: [chip('t1', 'timer')], microtasks: [chip('p1', 'microtask')] });
    expect(moved(before, after).sort()).toEqual(['p0', 'p1', 't1']);
    expect(moved(after, after)).toEqual([]);
  });
});

describe('futures', () => {
  const fut = (over: object = {}) => ({ ...chip('fut', 'io'), done: false, ...over });

  it('are not drawn unless a slide gives them; a slide that does gets them in order, every field present', () => {
    expect(scene({ flavour: 'node' }).futures).toBeNull();
    expect(scene({ flavour: 'cpython', futures: [] }).futures).toEqual([]);
    const s = scene({ flavour: 'cpython', futures: [fut(), { ...fut(), id: 'f2' }] });
    expect(s.futures!.map((f) => f.id)).toEqual(['fut', 'f2']);
  });

  it('hold their waiters and callbacks in the futures region; a callback set going to _ready is a move', () => {
    const parked = scene({
      flavour: 'cpython',
      futures: [fut({ waiters: [{ ...chip('coro'), suspended: true }], callbacks: [chip('wake')] })],
    });
    expect(placeOf(parked).get('fut')).toBe('futures');
    expect(placeOf(parked).get('coro')).toBe('futures');
    expect(placeOf(parked).get('wake')).toBe('futures');
    const queued = scene({
      flavour: 'cpython',
      futures: [fut({ done: true, waiters: [{ ...chip('coro'), suspended: true }] })],
      macrotasks: [chip('wake')],
    });
    expect(moved(parked, queued)).toEqual(['wake']);
  });

  it('refuse a chip both on a future and elsewhere', () => {
    expect(() =>
      scene({ flavour: 'cpython', stack: [chip('coro')], futures: [fut({ waiters: [chip('coro')] })] }),
    ).toThrow(/“coro” is in two places/);
    expect(() => scene({ flavour: 'cpython', macrotasks: [chip('fut')], futures: [fut()] })).toThrow(
      /“fut” is in two places/,
    );
  });

  it('are named Futures in asyncio and Promises elsewhere, in both languages', () => {
    expect(sceneLabels('cpython', 'en').futures).toBe('Futures');
    expect(sceneLabels('cpython', 'ru').futures).toBe('Футуры');
    expect(sceneLabels('node', 'en').futures).toBe('Promises');
    expect(sceneLabels('simple', 'ru').futures).toBe('Промисы');
    for (const flavour of FLAVOURS)
      for (const lang of ['en', 'ru'] as const) expect(sceneLabels(flavour, lang).callbacks.length).toBeGreaterThan(0);
  });

  it('take the slide’s name for the region when it gives one (what a callback waits on too), and need futures', () => {
    expect(scene({ flavour: 'node', futures: [fut()], futuresName: 'Waiting' }).futuresName).toBe('Waiting');
    expect(scene({ flavour: 'node', futures: [fut()] }).futuresName).toBeNull();
    expect(() => scene({ flavour: 'node', futuresName: 'Waiting' })).toThrow(/names a futures region it does not draw/);
  });
});

describe('its words', () => {
  it('names the regions and every phase of each flavour in both languages', () => {
    for (const flavour of FLAVOURS)
      for (const lang of ['en', 'ru'] as const) {
        const l = sceneLabels(flavour, lang);
        expect(l.phases).toHaveLength(PHASES[flavour].length);
        for (const word of [l.stack, l.loop, l.timers, l.macrotasks, l.kernel, l.readyList, l.asleep, ...l.phases])
          expect(word.trim().length).toBeGreaterThan(0);
      }
  });

  it('CPython: _run_once’s six steps, _scheduled for the timers, _ready for the callbacks, the selector, no microtasks', () => {
    const en = sceneLabels('cpython', 'en');
    expect(en.loop).toBe('_run_once');
    expect(en.timers).toBe('_scheduled');
    expect(en.macrotasks).toBe('_ready');
    expect(en.readyList).toMatch(/selector/);
    expect(en.microtasks).toBeNull();
    expect(en.phases).toEqual(['cancelled', 'timeout', 'select', 'events', 'due timers', 'run _ready']);
    expect(sceneLabels('cpython', 'ru').macrotasks).toBe('_ready');
    // and Node keeps its own names: macrotasks and microtasks, epoll, libuv's five phases
    const node = sceneLabels('node', 'en');
    expect(node.macrotasks).toBe('Macrotasks');
    expect(node.microtasks).toBe('Microtasks');
    expect(node.readyList).toMatch(/epoll/);
    expect(node.phases).toEqual(['timers', 'pending', 'poll', 'check', 'close']);
  });
});

describe('the actors’ colours', () => {
  it('are the deck’s tokens, one class a chip for every actor (their values: theme-colors.test.ts)', () => {
    const text = styles.map((s) => String(s)).join('\n');
    for (const actor of ACTORS)
      expect(text, actor).toContain(
        `.chip.${actor} { --fill: var(--hsw-actor-${actor}); --ink: var(--hsw-actor-${actor}-text); }`,
      );
    expect(text).not.toMatch(/#[0-9a-f]{6}/i);
    // and a chip writes its text in that ink
    expect(text).toMatch(/\.chip \{[^}]*color: var\(--ink\);/);
  });
});

describe('a thread pool’s queue (libuv-pool: the work waiting for a thread)', () => {
  it('is a region of its own: a request moves from the queue to a thread to the loop’s queue', () => {
    const queued = scene({ flavour: 'node', pool: [chip('a', 'io'), null], poolQueue: [chip('b', 'io'), chip('c')] });
    expect(queued.poolQueue.map((c) => c.id)).toEqual(['b', 'c']);
    expect(placeOf(queued).get('b')).toBe('poolQueue');
    const running = scene({ flavour: 'node', pool: [chip('a', 'io'), chip('b', 'io')], poolQueue: [chip('c')] });
    expect(moved(queued, running)).toEqual(['b']);
    const back = scene({
      flavour: 'node',
      pool: [null, chip('b', 'io')],
      poolQueue: [chip('c')],
      macrotasks: [chip('a')],
    });
    expect(moved(running, back)).toEqual(['a']);
    // without a pool there is no queue, and a request cannot be queued and running at once
    expect(scene({ flavour: 'simple' }).poolQueue).toEqual([]);
    expect(() => scene({ flavour: 'node', poolQueue: [chip('b')] })).toThrow(/needs a pool/);
    expect(() => scene({ flavour: 'node', pool: [chip('b')], poolQueue: [chip('b')] })).toThrow(/two places/);
  });

  it('shows the next few requests and counts the rest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (n) => {
        const list = Array.from({ length: n }, (_, i) => chip(`q${i}`));
        const { shown, more } = shownQueue(list);
        expect(shown.map((c) => c.id)).toEqual(list.slice(0, POOL_QUEUE_SHOWN).map((c) => c.id));
        expect(shown.length + more).toBe(n);
      }),
    );
  });

  it('has a name in both languages and every flavour', () => {
    for (const flavour of FLAVOURS)
      for (const lang of ['en', 'ru'] as const) expect(sceneLabels(flavour, lang).poolQueue.trim()).not.toBe('');
  });
});

describe('a pool’s name', () => {
  it('is the flavour’s thread pool unless the slide names it (one worker thread), and needs a pool', () => {
    const worker = scene({ flavour: 'node', pool: [null], poolName: 'Worker thread' });
    expect(worker.poolName).toBe('Worker thread');
    expect(worker.pool).toEqual([null]);
    expect(scene({ flavour: 'node', pool: [null] }).poolName).toBeNull();
    expect(() => scene({ flavour: 'node', poolName: 'Worker thread' })).toThrow(/names a pool it does not draw/);
  });
});
