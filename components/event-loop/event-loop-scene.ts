/**
 * The event loop's state as the deck's one picture of the loop (components/shared/loop-picture/): what runs on the
 * call stack, the phase of the ring, the timers by deadline, the callbacks waiting for this turn (macrotasks), the
 * microtasks, the sockets and what epoll_wait reported. Pure: a `LoopState` in, a `Scene` out. A chip keeps its id
 * as it moves (timer-<id> from the timers row to the stack, io-<socket> from the ready list to the stack, job-<label>
 * from the microtask lane to the stack), so the picture can move it.
 */
import {
  scene,
  type Chip,
  type Region,
  type Scene,
  type SocketState,
} from '../shared/loop-picture/loop-picture-model.ts';
import type { Timer } from './event-loop-heap.ts';
import {
  canStep,
  currentPhase,
  SOCKETS,
  type LoopState,
  type SimpleLine,
  type SocketName,
} from './event-loop-model.ts';

/** Node's callbacks scheduled from socket A's callback say "A: setImmediate": the picture drops the "A: ". */
export function shortLabel(label: string): string {
  return label.replace(/^[A-C]: /, '');
}

const timerChip = (t: Timer, lit = false) => ({
  id: `timer-${t.id}`,
  label: shortLabel(t.label),
  actor: 'timer' as const,
  due: t.due,
  lit,
});
const ioChip = (socket: SocketName): Chip => ({ id: `io-${socket}`, label: `read ${socket}`, actor: 'io' });
const jobChip = (label: string): Chip => ({ id: `job-${label}`, label: shortLabel(label), actor: 'microtask' });
const immediateChip = (label: string): Chip => ({ id: `imm-${label}`, label: shortLabel(label), actor: 'task' });

const SIMPLE_PHASE: Record<SimpleLine, 'timeout' | 'wait' | 'timers' | 'ready' | null> = {
  while: null,
  timeout: 'timeout',
  wait: 'wait',
  forTimers: 'timers',
  timerCb: 'timers',
  timerDrain: 'timers',
  forReady: 'ready',
  ioCb: 'ready',
  ioDrain: 'ready',
};

/** Whether the current line iterates the due timers, the sockets epoll_wait returned, or Node's check batch. */
function iterating(s: LoopState): 'timers' | 'sockets' | 'check' | null {
  if (s.mode === 'simple') {
    const phase = SIMPLE_PHASE[s.line as SimpleLine];
    return phase === 'timers' ? 'timers' : phase === 'ready' ? 'sockets' : null;
  }
  if ((s.line === 'preTimers' || s.line === 'timers') && s.entered) return 'timers';
  if (s.line === 'poll') return 'sockets';
  if (s.line === 'check') return 'check';
  return null;
}

/** The regions a step lights: the one its event is about. */
function litRegions(s: LoopState): Region[] {
  const e = s.event;
  switch (e.k) {
    case 'woke':
      return e.reason === 'timer' ? ['timers'] : e.reason === 'both' ? ['timers', 'kernel'] : ['kernel'];
    case 'timeout':
    case 'added-timer':
      return ['timers'];
    case 'expired':
      return ['macrotasks'];
    case 'timer-callback':
    case 'io-callback':
    case 'immediate-callback':
    case 'microtask':
      return ['stack'];
    case 'scheduled-arrival':
    case 'arrived-now':
      return ['kernel'];
    default:
      return ['loop'];
  }
}

/** The picture of one state of the event loop. */
export function sceneOf(s: LoopState): Scene {
  const e = s.event;
  const woke = e.k === 'woke';
  const over = iterating(s);
  // the item the current line is at has run (or runs) when inCallback: those after it still wait
  const next = s.cursor + (s.inCallback ? 1 : 0);

  const stack: Chip[] = [];
  if (e.k === 'timer-callback') {
    const t = s.expired[s.cursor];
    if (t) stack.push(timerChip(t));
  } else if (e.k === 'io-callback') stack.push(ioChip(e.socket));
  else if (e.k === 'immediate-callback') stack.push(immediateChip(e.label));
  else if (e.k === 'microtask') stack.push(jobChip(e.label));

  const macrotasks: Chip[] = [];
  if (over === 'timers') macrotasks.push(...s.expired.slice(next).map((t) => timerChip(t)));
  if (over === 'sockets' && !woke) macrotasks.push(...s.returned.slice(next).map(ioChip));
  const immediates = over === 'check' ? [...s.checkBatch.slice(next), ...s.immediates] : s.immediates;
  macrotasks.push(...immediates.map((j) => immediateChip(j.label)));

  const readyList = woke ? s.returned.map((k): Chip => ({ id: `io-${k}`, label: k, actor: 'kernel' })) : [];
  const waiting = over === 'sockets' && !woke ? s.returned.slice(next) : [];
  const socketState = (k: SocketName): SocketState => {
    if (woke && s.returned.includes(k)) return 'ready';
    if (waiting.includes(k) || s.readyData.includes(k)) return 'data';
    if (s.arrivals.some((a) => a.socket === k)) return 'coming';
    return 'idle';
  };

  const timerLit = woke && (e.reason === 'timer' || e.reason === 'both');
  return scene({
    flavour: s.mode,
    stack,
    phase: s.mode === 'simple' ? SIMPLE_PHASE[s.line as SimpleLine] : currentPhase(s),
    asleep: (woke && e.slept > 0) || !canStep(s),
    now: s.now,
    timers: s.heap.map((t) => timerChip(t, timerLit && t.due <= s.now)),
    macrotasks,
    microtasks: s.microtasks.map((j) => jobChip(j.label)),
    sockets: SOCKETS.map((k) => ({ id: k, label: k, state: socketState(k) })),
    readyList,
    ran: s.output.map(shortLabel),
    lit: litRegions(s),
  });
}
