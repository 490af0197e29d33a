/**
 * heavy-task's run as the deck's one picture of the loop (components/shared/loop-picture/), Node's flavour: one
 * moment of each mode, taken from the simulation.
 *  - inline: the last instant of the heavy callback: it fills the call stack in the poll phase, the requests that
 *    arrived meanwhile wait in epoll's ready list, and the worker thread (another core) is idle;
 *  - chunked: the first request that runs between two slices: it has moved from the ready list to the stack, and the
 *    heavy task's next slice waits in the check queue (setImmediate);
 *  - worker: the heavy task computes in the worker thread; the stack runs one request at a time, nothing waits.
 * Pure: the slide's state and words in, a `Scene` out. The heavy task keeps the chip id `heavy` and a request
 * `req-<id>`, so the picture moves them from step to step.
 */
import { scene, type Chip, type Scene } from '../shared/loop-picture/loop-picture-model.ts';
import { simulate, type HeavyParams, type RequestRecord, type SimResult } from './heavy-task-model.ts';

/** The picture's words (heavy-task-text.ts's `picture`). */
export interface SceneWords {
  readonly heavy: (ms: string) => string;
  readonly slice: (i: number, n: number) => string;
  readonly request: (id: number) => string;
  readonly more: (n: number) => string;
  readonly worker: string;
}

/** The ready list shows this many requests by name, and the rest as one "+n" chip. */
export const SHOWN = 3;

const HEAVY = 'heavy';
const reqChip = (q: RequestRecord, w: SceneWords): Chip => ({ id: `req-${q.id}`, label: w.request(q.id), actor: 'io' });

/**
 * The requests waiting at `now` (but the one running): arrived by then, not yet done, in arrival order, as chips (the
 * rest as one "+n" chip).
 */
function waiting(r: SimResult, now: number, running: RequestRecord | undefined, w: SceneWords): Chip[] {
  const list = r.requests.filter((q) => q !== running && q.arrival <= now && q.start >= now);
  const chips = list.slice(0, SHOWN).map((q) => reqChip(q, w));
  if (list.length > SHOWN) chips.push({ id: 'req-more', label: w.more(list.length - SHOWN), actor: 'io' });
  return chips;
}

/** The heavy task's requests in a scene's ready list: the named ones and the "+n" chip's count. */
export function waitingCount(s: Scene): number {
  return s.readyList.reduce((n, c) => n + (c.id === 'req-more' ? Number(/\d+/.exec(c.label)?.[0] ?? 0) : 1), 0);
}

/** The moment a mode's picture shows, ms of the run. */
export function momentOf(r: SimResult): number {
  if (r.params.mode === 'inline') return r.heavy.end;
  // the first request that runs after the heavy task has begun (between two slices, or beside the worker)
  const q = r.requests.find((x) => x.start >= r.heavy.start && x.start < r.heavy.end);
  return q ? q.start : r.heavy.start;
}

const fmt = (v: number) => String(Math.round(v));

/** The picture of a run's mode at its moment. */
export function sceneOf(params: HeavyParams, w: SceneWords): Scene {
  const r = simulate(params);
  const now = momentOf(r);
  const heavy = (label: string): Chip => ({ id: HEAVY, label, actor: 'task', lit: true });
  const common = { flavour: 'node' as const, now: Math.round(now), poolName: w.worker };
  if (params.mode === 'inline')
    return scene({
      ...common,
      phase: 'poll',
      stack: [heavy(w.heavy(fmt(params.heavyMs)))],
      readyList: waiting(r, now, undefined, w),
      pool: [null],
      lit: ['stack'],
    });
  const running = r.requests.find((q) => q.start === now);
  const stack = running ? [reqChip(running, w)] : [];
  const ready = waiting(r, now, running, w);
  if (params.mode === 'chunked') {
    const done = r.main.filter((g) => g.kind === 'heavy' && g.end <= now).length;
    return scene({
      ...common,
      phase: 'poll',
      stack,
      readyList: ready,
      macrotasks: done < r.heavy.pieces ? [heavy(w.slice(done + 1, r.heavy.pieces))] : [],
      pool: [null],
      lit: ['macrotasks'],
    });
  }
  return scene({
    ...common,
    phase: 'poll',
    stack,
    readyList: ready,
    pool: [heavy(w.heavy(fmt(params.heavyMs)))],
    lit: ['pool'],
  });
}
