/**
 * The pool's state as the deck's one picture of the loop (components/shared/loop-picture/), Node's flavour with the
 * thread pool attached: a lane per pool thread holding the request it runs, the pool's queue (the next requests
 * first), and the way back: a request that has just finished signals the loop (libuv's `uv_async_send` writes its
 * eventfd, which epoll reports ready), and its callback waits in the loop's queue for the poll phase; those finished
 * before have run. Pure: a schedule and an instant in, a `Scene` out. A request keeps its id (dns-3, file-1) from the
 * queue to a thread to the loop's queue, so the picture moves it.
 */
import type { Lang } from '../../lib/i18n.ts';
import { scene, type Chip, type Region, type Scene } from '../shared/loop-picture/loop-picture-model.ts';
import { libuvPoolText } from './libuv-pool-text.ts';
import { SPEAKER_SEQUENCE, type PoolPreset } from './libuv-pool-sequence.ts';
import {
  PRESETS,
  snapshotAt,
  type PoolParams,
  type PoolSchedule,
  type PoolTask,
  type WorkKind,
} from './libuv-pool-model.ts';

/** A request on a thread or in the queue: I/O waits (a lookup, a read) in the I/O colour, pbkdf2's CPU in the thread's. */
const ACTOR: Record<WorkKind, Chip['actor']> = { dns: 'io', file: 'io', pbkdf2: 'thread' };

/** The id the eventfd's chip keeps in the ready list. */
export const WAKE_ID = 'eventfd';

/** The preset these parameters are (the speaker's steps), or null for the sliders' own. */
export function presetOf(params: PoolParams): PoolPreset | null {
  const same = (a: PoolParams, b: PoolParams) => JSON.stringify(a) === JSON.stringify(b);
  return SPEAKER_SEQUENCE.find((name) => same(PRESETS[name], params)) ?? null;
}

/** The regions the speaker's step is about: the threads, the queue the reads wait in, or the callbacks come back. */
const LIT: Record<PoolPreset, Region[]> = {
  calm: ['pool'],
  incident: ['poolQueue'],
  today: ['macrotasks'],
  bigPool: ['pool'],
};

/** The picture of schedule `s` at instant `t` (ms), its words in `lang`. */
export function sceneOf(s: PoolSchedule, t: number, lang: Lang): Scene {
  const words = libuvPoolText[lang].kinds;
  const snap = snapshotAt(s, t);
  const chip = (x: PoolTask, lit = false): Chip => ({ id: x.id, label: words[x.kind], actor: ACTOR[x.kind], lit });
  // just finished: its callback waits for the loop; finished before: it has run
  const back = snap.done.filter((x) => x.end === t).sort((a, b) => a.thread - b.thread);
  const ran = snap.done.filter((x) => x.end < t).sort((a, b) => a.end - b.end || a.thread - b.thread);
  const firstQueuedRead = snap.queued.find((x) => x.kind === 'file');
  const preset = presetOf(s.params);
  return scene({
    flavour: 'node',
    phase: 'poll',
    // nothing came back: the loop sleeps in epoll_wait while the threads work
    asleep: back.length === 0,
    now: t,
    pool: snap.threads.map((x) => (x ? chip(x) : null)),
    poolQueue: snap.queued.map((x) => chip(x, x === firstQueuedRead && preset === 'incident')),
    readyList: back.length > 0 ? [{ id: WAKE_ID, label: WAKE_ID, actor: 'kernel' }] : [],
    macrotasks: back.map((x) => ({ id: x.id, label: words[x.kind], actor: 'task', lit: x.kind === 'file' })),
    ran: ran.map((x) => words[x.kind]),
    lit: preset ? LIT[preset] : ['pool'],
  });
}
