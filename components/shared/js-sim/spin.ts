/**
 * Time and turns of the loop. Running code takes no virtual time; the clock moves when the loop sleeps until a timer
 * is due. A real turn of the loop does take time — a few microseconds (on this machine a bare setImmediate turn takes
 * about 2.5 µs, a polling `await new Promise(r => setImmediate(r))` turn about 4–8 µs: 600–1,200 turns before a 5 ms
 * timer) — too little to matter for a short chain of callbacks, but it is why a loop that polls with setImmediate
 * eventually sees a timer fall due. Simulating each of those turns would blow the step cap, so the simulator
 * fast-forwards a *spin* (see `SpinDetector.boundary`): when the loop has made the same turn SPIN_TURNS times in a row — the
 * same callbacks on the same lines, nothing printed, no I/O, the same work left pending (a timer or immediate the turn
 * re-creates counts as the same) — while a timer set before the spin waits, the turns that would follow are taken as
 * identical and skipped: with setImmediate polling (a turn costs ~0 ms of virtual time) the clock jumps to the timer;
 * with timer polling (each turn sleeps P ms: 1 ms in Node, 4 ms for nested timers in a browser) whole turns are
 * skipped only when the rest would not fit in the step budget. Skipping is sound only if the skipped turns change
 * nothing the program later prints (a counter that is printed, or tested, would differ), and how many turns really
 * fit before the timer depends on the machine; so `simulate()` re-runs such a program with the spin skipped late
 * (after half the step budget) and not at all, and calls the output timing-dependent ('loopSpin') if they differ
 * (timing.ts).
 */
import type { Timer } from './engine-types.ts';
import type { Recorder } from './recorder.ts';
import { TIMER_SLACK } from './timing.ts';
import type { Phase, Variant } from './types.ts';

/** identical turns in a row after which the loop is taken to be spinning */
const SPIN_TURNS = 3;

/** What the spin detector reads of the loop, and moves when it skips turns. */
export interface SpinLoop {
  readonly rec: Recorder;
  now: number;
  phase: Phase;
  /** Timer.seq of the last timer created */
  readonly seq: number;
  readonly timers: readonly Timer[];
  /** the immediates pending (Node), as 'name:line' */
  pendingImmediates(): string[];
  /** whether an I/O operation is in flight (Node) */
  ioPending(): boolean;
  /** what of a timer's nesting level changes its future (a browser clamps nested timers): part of a turn's signature */
  nestingSignature(t: Timer): number;
  /** the timers' due times were changed in place */
  timersMoved(): void;
}

/** where a turn of the loop began */
interface TurnMark {
  step: number;
  output: number;
  now: number;
  /** Timer.seq of the last timer created before the turn: later ones were created by the turn */
  seq: number;
}

export class SpinDetector {
  /** the current turn of the loop, and the last turn's signature and how many turns in a row had it */
  private turn: TurnMark | null = null;
  private spinSig = '';
  private spinCount = 0;
  /** the first skipped spin's parameters, for a 'loopSpin' timing note */
  params: Record<string, string | number> | null = null;

  /** 'spinNever': never skip; 'spinLate': only once half the step budget is used */
  constructor(private readonly variant: Variant) {}

  /**
   * Called between turns of the loop (Node: before each timers phase inside the loop; browser: before each task).
   * Compares the turn that just ended with the one before it and, once the loop has made the same turn SPIN_TURNS
   * times in a row while a timer set before the spin waits, skips the identical turns that would follow (see the
   * file comment). A turn counts as the same if it printed nothing, started no I/O, took the same steps (events,
   * lines, callbacks), advanced the clock by the same period P, left the same immediates and the same older timers
   * pending, and created timers alike (callback, delay, due time relative to now; in a browser, whether the nesting
   * clamp applies).
   */
  boundary(loop: SpinLoop): void {
    const rec = loop.rec;
    const start = this.turn;
    this.turn = { step: rec.steps.length, output: rec.output.length, now: loop.now, seq: loop.seq };
    if (!start || this.variant === 'spinNever') return;
    if (rec.output.length !== start.output || loop.ioPending()) {
      this.spinCount = 0;
      return;
    }
    const trace = rec.steps
      .slice(start.step)
      .map(
        (st) =>
          `${st.event.code}:${st.line ?? ''}:${st.event.params['queue'] ?? ''}:${st.event.params['name'] ?? ''}:${st.event.params['kind'] ?? ''}`,
      );
    if (trace.some((t) => t.startsWith('waitIo:') || t.startsWith('uncaught:'))) {
      this.spinCount = 0;
      return;
    }
    const period = loop.now - start.now;
    const live = loop.timers.filter((t) => !t.cleared);
    const fresh = live.filter((t) => t.seq > start.seq);
    const old = live.filter((t) => t.seq <= start.seq);
    const sig = JSON.stringify([
      trace,
      period,
      loop.pendingImmediates(),
      old.map((t) => t.seq).sort((a, b) => a - b),
      fresh
        .map(
          (t) =>
            `${t.view.name}:${t.view.line ?? ''}:${t.ms}:${t.due - loop.now}:${t.repeat}:${loop.nestingSignature(t)}`,
        )
        .sort(),
    ]);
    if (sig === this.spinSig) this.spinCount++;
    else {
      this.spinSig = sig;
      this.spinCount = 1;
    }
    if (this.spinCount < SPIN_TURNS) return;
    // the timer the spin waits for: the earliest one set before the spin
    let wait: Timer | undefined;
    for (const t of old)
      if (t.due > loop.now && (!wait || t.due < wait.due || (t.due === wait.due && t.seq < wait.seq))) wait = t;
    if (!wait) return;
    const late = this.variant === 'spinLate';
    if (late && rec.steps.length < rec.maxSteps / 2) return;
    let shift: number;
    let turns = 0;
    if (period === 0) {
      // setImmediate polling: real turns take microseconds each; the clock jumps to the timer
      if (fresh.some((t) => t.due <= loop.now)) return;
      shift = wait.due - loop.now;
    } else {
      // timer polling: skip whole turns, up to TIMER_SLACK before the timer (the approach is simulated as usual),
      // and only when the rest would not fit comfortably in the step budget
      if (fresh.length === 0) return;
      const lastFresh = Math.max(...fresh.map((t) => t.due));
      turns = Math.floor((wait.due - TIMER_SLACK - lastFresh) / period);
      if (turns < 1) return;
      const perTurn = rec.steps.length - start.step;
      if (turns * perTurn <= (rec.maxSteps - rec.steps.length) / 2) return;
      shift = turns * period;
    }
    const from = loop.now;
    const params = { from, to: from + shift, timer: wait.view.name, due: wait.due, period, turns };
    loop.phase = 'idle';
    rec.snap('spin', params, null);
    loop.now += shift;
    for (const t of fresh) {
      t.due += shift;
      t.nesting += turns;
    }
    loop.timersMoved();
    this.params ??= params;
    this.spinCount = 0;
    this.spinSig = '';
    this.turn = { step: rec.steps.length, output: rec.output.length, now: loop.now, seq: loop.seq };
  }
}
