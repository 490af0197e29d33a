/**
 * The wake-up path: how one packet gets from the network card to a thread asleep in `epoll_wait`, and what the next
 * `epoll_wait` reports when data is left in the buffer, level- or edge-triggered. Pure: no DOM, no timers, no
 * randomness.
 *
 * The path (Linux; the kernel functions are named in the demo's details and the slide's appendix): the card writes
 * the frame by DMA into its RX ring and raises an interrupt; the driver's NAPI poll, in the softirq, builds an sk_buff
 * and hands it to IP and TCP (`tcp_v4_rcv`), which queue the data on the socket's receive buffer and call
 * `sk_data_ready` (`sock_def_readable`). That wakes the socket's wait queue, on which epoll registered its callback
 * when the fd was added (`EPOLL_CTL_ADD`): `ep_poll_callback` puts the fd on epoll's ready list and wakes the thread
 * sleeping in `epoll_wait` (`ep_poll`), which returns the fd; `read()` then copies from the buffer.
 *
 * `epoll(7)`: level-triggered, an fd is reported by every `epoll_wait` while it is readable; edge-triggered, only after
 * a new event (new data) since it was last reported. `runEpoll` is that rule as a machine of one socket (the bytes in
 * its buffer, whether it is on the ready list), checked against the real kernel by tests/unit/wake-up-real.test.ts.
 */
import * as stepping from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE } from './wake-up-sequence.ts';

export { SPEAKER_SEQUENCE };

/** The stages, in order; index 0 of the path is before any (the thread asleep), the last is `epoll_wait` again. */
export const STAGES = [
  'nic',
  'dma',
  'softirq',
  'tcp',
  'buffer',
  'waitqueue',
  'readylist',
  'woken',
  'read',
  'again',
] as const;
export type Stage = (typeof STAGES)[number];
/** Where each stage happens: the card, the kernel (in the softirq and the scheduler), or the thread itself. */
export const PLACES = ['hardware', 'kernel', 'thread'] as const;
export type Place = (typeof PLACES)[number];
export const PLACE: Record<Stage, Place> = {
  nic: 'hardware',
  dma: 'hardware',
  softirq: 'kernel',
  tcp: 'kernel',
  buffer: 'kernel',
  waitqueue: 'kernel',
  readylist: 'kernel',
  woken: 'thread',
  read: 'thread',
  again: 'thread',
};

/** Positions on the path: 0 (asleep, nothing arrived) and one per stage. */
export const PATH_LENGTH = STAGES.length + 1;

export const TRIGGERS = ['level', 'edge'] as const;
export type Trigger = (typeof TRIGGERS)[number];

// ---------------------------------------------------------------- one socket under epoll

export type EpollOp =
  { readonly op: 'write'; readonly n: number } | { readonly op: 'read'; readonly n: number } | { readonly op: 'wait' };

export interface EpollOutcome {
  /** For a wait: whether `epoll_wait` reported the fd (null for the other ops). */
  readonly reported: boolean | null;
  /** Bytes left in the socket's receive buffer after the op. */
  readonly left: number;
}

/**
 * One socket watched by epoll for EPOLLIN, `trigger` as registered, and the ops in order: the peer writes `n` bytes
 * (new data wakes the socket's wait queue and ep_poll_callback puts the fd on the ready list), this side reads up to
 * `n`, or calls `epoll_wait` with a timeout of 0. `epoll_wait` takes the fd off the ready list and asks the socket
 * whether it is readable: if so it reports it, and level-triggered puts it back on the list (so the next wait asks
 * again); edge-triggered does not, so the fd is reported again only after new data. A read never touches the list.
 */
export function runEpoll(trigger: Trigger, ops: readonly EpollOp[]): EpollOutcome[] {
  let left = 0;
  let ready = false;
  const out: EpollOutcome[] = [];
  for (const o of ops) {
    if (o.op === 'write') {
      const n = Math.max(0, Math.trunc(o.n));
      left += n;
      if (n > 0) ready = true;
      out.push({ reported: null, left });
    } else if (o.op === 'read') {
      left -= Math.min(left, Math.max(0, Math.trunc(o.n)));
      out.push({ reported: null, left });
    } else {
      const reported: boolean = ready && left > 0;
      ready = reported && trigger === 'level';
      out.push({ reported, left });
    }
  }
  return out;
}

/** The slide's packet: one TCP segment of a 1,500-byte Ethernet frame (1,448 bytes with timestamps), read 1,024 at a time. */
export const PACKET_BYTES = 1448;
export const READ_BYTES = 1024;

/** The slide's story as epoll ops: the packet arrives, epoll_wait reports it, read() takes 1,024, epoll_wait again. */
export const STORY: readonly EpollOp[] = [
  { op: 'write', n: PACKET_BYTES },
  { op: 'wait' },
  { op: 'read', n: READ_BYTES },
  { op: 'wait' },
];

export interface StoryFigures {
  /** Bytes the first epoll_wait finds, and whether it reports the fd. */
  readonly firstReported: boolean;
  /** Bytes left after read(). */
  readonly left: number;
  /** Whether the second epoll_wait reports the fd. */
  readonly againReported: boolean;
}

export function storyFigures(trigger: Trigger): StoryFigures {
  const r = runEpoll(trigger, STORY);
  return {
    firstReported: r[1]?.reported === true,
    left: r[2]?.left ?? 0,
    againReported: r[3]?.reported === true,
  };
}

// ---------------------------------------------------------------- the demo's state

export interface WakeUpState {
  /** Position on the path: 0 … PATH_LENGTH - 1. */
  readonly index: number;
  readonly trigger: Trigger;
}

export function initialState(): WakeUpState {
  return stateForStep(0, null);
}

export function stateForStep(step: number, _current: WakeUpState | null): WakeUpState {
  const s = SPEAKER_SEQUENCE[stepping.clampIndex(step, SPEAKER_SEQUENCE.length)] ?? SPEAKER_SEQUENCE[0];
  return { index: s.index, trigger: s.trigger };
}

/** The stage at a position (null: asleep, before the packet). */
export function stageAt(index: number): Stage | null {
  const i = stepping.clampIndex(index, PATH_LENGTH);
  return i === 0 ? null : (STAGES[i - 1] ?? null);
}

/** Where a stage is relative to the current position: passed, current, or still ahead. */
export function stageStatus(stage: Stage, index: number): 'done' | 'current' | 'ahead' {
  const at = STAGES.indexOf(stage) + 1;
  const i = stepping.clampIndex(index, PATH_LENGTH);
  return at < i ? 'done' : at === i ? 'current' : 'ahead';
}

/** Where the data is and what the thread does, at a position. */
export interface Where {
  /** Bytes in the socket's receive buffer. */
  readonly buffered: number;
  /** The fd is on epoll's ready list. */
  readonly onReadyList: boolean;
  /** The thread is asleep in epoll_wait. */
  readonly asleep: boolean;
}

export function whereAt(s: WakeUpState): Where {
  const i = stepping.clampIndex(s.index, PATH_LENGTH);
  const at = (stage: Stage) => STAGES.indexOf(stage) + 1;
  const f = storyFigures(s.trigger);
  const buffered = i < at('buffer') ? 0 : i < at('read') ? PACKET_BYTES : f.left;
  // On the ready list from ep_poll_callback until epoll_wait takes it off; level-triggered puts it back.
  const onReadyList =
    i >= at('readylist') &&
    (i < at('woken') || (s.trigger === 'level' && i < at('again')) || (i >= at('again') && f.againReported));
  const asleep = i < at('woken') || (i >= at('again') && !f.againReported);
  return { buffered, onReadyList, asleep };
}

export function setTrigger(s: WakeUpState, trigger: Trigger): WakeUpState {
  return trigger === s.trigger || !TRIGGERS.includes(trigger) ? s : { ...s, trigger };
}

export const forward = (s: WakeUpState): WakeUpState => stepping.forward(s, PATH_LENGTH);
export const back = (s: WakeUpState): WakeUpState => stepping.back(s);
export const reset = (s: WakeUpState): WakeUpState => stepping.reset(s);
