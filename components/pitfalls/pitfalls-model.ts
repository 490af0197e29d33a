/**
 * 10,000 calls fired at once against an API with a concurrency limit: a discrete-event model in virtual time.
 *
 * Pure: no DOM, no timers, no randomness. Parameters in, a run out.
 *
 * The world it models (and that tests/unit/pitfalls-real.test.ts builds for real with node:http on loopback):
 * - the API serves at most `apiLimit` calls at once; each takes `latencyMs`. A call that arrives while `apiLimit`
 *   are in service is answered at once with 429 Too Many Requests, which takes the client `rejectMs` (one round
 *   trip on an open connection). The API keeps working on a call whose client gave up: its slot frees only after
 *   `latencyMs` (a server does not know that the client timed out);
 * - the client fires `calls` calls at t = 0 through its own limit `limit` (a semaphore, `p-limit`, a worker pool:
 *   at most `limit` calls in flight; `null` is no limit, `gather` / `Promise.all` on everything). Each call in
 *   flight uses one socket of the client's connection pool (the pool itself sets no limit, like Node's default
 *   agent and `fetch`, or Go's `http.Transport`). A call that ends (answer, 429, timeout) frees its slot and the
 *   next call starts at that instant. Rejected calls are not retried;
 * - `hung`: the first call goes to a socket that never answers (a peer that vanished). It holds its task, and with
 *   a limit one slot, forever, unless `timeoutMs` is set (`asyncio.timeout`, `AbortSignal.timeout`,
 *   `context.WithTimeout`): then it fails at `timeoutMs`, as does every call that lasts longer than that.
 *
 * At one instant: the API first frees the slots of calls it finished, then clients see their answers, in the order
 * the calls started; freed client slots start the next calls at once.
 */

import { axisFor, holdAxis } from '../../lib/ticks.ts';
import { clampIndex } from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE, type PitfallsPreset } from './pitfalls-sequence.ts';

export { SPEAKER_SEQUENCE };

export type CodeLang = 'python' | 'javascript' | 'go';
export const CODE_LANGS: readonly CodeLang[] = ['python', 'javascript', 'go'];

/**
 * The soft limit of open files (`ulimit -n`, RLIMIT_NOFILE) a Linux process usually starts with: systemd's default
 * (DefaultLimitNOFILE=1024:524288), inherited by a login shell. Every socket takes one file descriptor.
 */
export const FD_SOFT_LIMIT = 1024;

/**
 * Whether the runtime raises its own soft open-files limit to the hard one (`ulimit -Hn`) as it starts: Node does
 * (its start-up code, for every process), Go does since 1.19 (package os), CPython does not. So 10,000 sockets at once
 * hit EMFILE past the soft limit in Python only; in Node and Go only past the hard limit. Checked against the real
 * runtimes under `ulimit -Sn 1024` in tests/unit/pitfalls-limits-real.test.ts.
 */
export const RAISES_FD_LIMIT: Readonly<Record<CodeLang, boolean>> = { python: false, javascript: true, go: true };

/** Whether `sockets` open at once fail with EMFILE in `lang` at the usual limits: past the soft limit, where it stays. */
export function hitsFdLimit(lang: CodeLang, sockets: number): boolean {
  return !RAISES_FD_LIMIT[lang] && sockets > FD_SOFT_LIMIT;
}

export interface RunParams {
  readonly calls: number;
  /** The API's concurrency limit. */
  readonly apiLimit: number;
  /** How long the API takes to answer one call, ms. */
  readonly latencyMs: number;
  /** How long a 429 takes to come back, ms. */
  readonly rejectMs: number;
  /** The client's own limit; null: none. */
  readonly limit: number | null;
  /** The first call's socket never answers. */
  readonly hung: boolean;
  /** Every call's timeout, ms; null: none. */
  readonly timeoutMs: number | null;
}

export type Outcome = 'ok' | 'rejected' | 'timeout';

export interface SocketStep {
  /** From this time on … */
  readonly t: number;
  /** … this many sockets are in use (calls in flight). */
  readonly sockets: number;
}

export interface Run {
  readonly params: RunParams;
  readonly ok: number;
  readonly rejected: number;
  readonly timedOut: number;
  /** Calls that started and never end (the hung one without a timeout). */
  readonly stuck: number;
  /** Calls that never start (waiting forever for a slot a stuck call holds). */
  readonly neverStarted: number;
  /** When the last call ends; Infinity when some never do (the `gather` never returns). */
  readonly totalMs: number;
  /** When the last call that does end ends (finite; 0 when none). */
  readonly lastEndMs: number;
  readonly peakSockets: number;
  /** The most calls the API served at once. */
  readonly peakApi: number;
  /** Sockets in use as a step function from t = 0. */
  readonly sockets: readonly SocketStep[];
}

/** The demo's world: 10,000 calls; an API that serves 100 at once, 200 ms each; a 429 comes back in 1 ms. */
export const WORLD = { calls: 10_000, apiLimit: 100, latencyMs: 200, rejectMs: 1 } as const;

interface Ev {
  readonly t: number;
  /** 0: the API frees a slot; 1: a client sees the end of a call (in start order: `seq`). */
  readonly kind: 0 | 1;
  readonly seq: number;
  readonly outcome: Outcome;
}

function before(a: Ev, b: Ev): boolean {
  return a.t < b.t || (a.t === b.t && (a.kind < b.kind || (a.kind === b.kind && a.seq < b.seq)));
}

/** A binary min-heap of events. */
class Heap {
  private readonly xs: Ev[] = [];
  get size(): number {
    return this.xs.length;
  }
  push(e: Ev): void {
    const xs = this.xs;
    xs.push(e);
    let i = xs.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pe = xs[p] as Ev;
      if (!before(e, pe)) break;
      xs[i] = pe;
      i = p;
    }
    xs[i] = e;
  }
  pop(): Ev | undefined {
    const xs = this.xs;
    const top = xs[0];
    const last = xs.pop();
    if (top === undefined || last === undefined || xs.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= xs.length) break;
      const r = l + 1;
      const c = r < xs.length && before(xs[r] as Ev, xs[l] as Ev) ? r : l;
      if (!before(xs[c] as Ev, last)) break;
      xs[i] = xs[c] as Ev;
      i = c;
    }
    xs[i] = last;
    return top;
  }
}

/** Run the model. */
export function simulate(p: RunParams): Run {
  const calls = Math.max(0, Math.floor(p.calls));
  const apiLimit = Math.max(0, Math.floor(p.apiLimit));
  const limit = p.limit === null ? Infinity : Math.max(1, Math.floor(p.limit));
  const timeout = p.timeoutMs === null ? Infinity : Math.max(0, p.timeoutMs);
  const heap = new Heap();
  let next = 0; // next call to start
  let seq = 0;
  let inFlight = 0;
  let apiBusy = 0;
  let peakSockets = 0;
  let peakApi = 0;
  let stuck = 0;
  let lastEnd = 0;
  const count: Record<Outcome, number> = { ok: 0, rejected: 0, timeout: 0 };
  const sockets: SocketStep[] = [{ t: 0, sockets: 0 }];
  const record = (t: number) => {
    const last = sockets[sockets.length - 1] as SocketStep;
    if (last.t === t) sockets[sockets.length - 1] = { t, sockets: inFlight };
    else if (last.sockets !== inFlight) sockets.push({ t, sockets: inFlight });
  };
  const end = (t: number, outcome: Outcome) => heap.push({ t, kind: 1, seq: seq++, outcome });

  const start = (t: number) => {
    while (next < calls && inFlight < limit) {
      const i = next++;
      inFlight++;
      peakSockets = Math.max(peakSockets, inFlight);
      if (p.hung && i === 0) {
        if (timeout === Infinity) stuck++;
        else end(t + timeout, 'timeout');
      } else if (apiBusy < apiLimit) {
        apiBusy++;
        peakApi = Math.max(peakApi, apiBusy);
        heap.push({ t: t + p.latencyMs, kind: 0, seq: seq++, outcome: 'ok' });
        if (p.latencyMs <= timeout) end(t + p.latencyMs, 'ok');
        else end(t + timeout, 'timeout');
      } else if (p.rejectMs <= timeout) end(t + p.rejectMs, 'rejected');
      else end(t + timeout, 'timeout');
    }
    record(t);
  };

  start(0);
  for (let e = heap.pop(); e !== undefined; e = heap.pop()) {
    if (e.kind === 0) {
      apiBusy--;
      continue;
    }
    inFlight--;
    count[e.outcome]++;
    lastEnd = Math.max(lastEnd, e.t);
    start(e.t);
  }
  const neverStarted = calls - next;
  return {
    params: p,
    ok: count.ok,
    rejected: count.rejected,
    timedOut: count.timeout,
    stuck,
    neverStarted,
    totalMs: stuck > 0 || neverStarted > 0 ? Infinity : lastEnd,
    lastEndMs: lastEnd,
    peakSockets,
    peakApi,
    sockets,
  };
}

/** Sockets in use at time t. */
export function socketsAt(run: Run, t: number): number {
  let v = 0;
  for (const s of run.sockets) {
    if (s.t > t) break;
    v = s.sockets;
  }
  return v;
}

// ---------------------------------------------------------------- the demo's state

/** The client's limit slider: its stops; the last one is "no limit". */
export const LIMIT_STOPS: readonly (number | null)[] = [1, 2, 5, 10, 20, 50, 80, 100, 120, 150, 200, 500, 1000, null];

/** The timeout slider's stops, ms. */
export const TIMEOUT_STOPS: readonly number[] = [50, 100, 150, 200, 300, 500, 1000, 2000, 5000, 10_000, 30_000];

export interface PitfallsState {
  /** Index into LIMIT_STOPS. */
  readonly limitIndex: number;
  readonly hung: boolean;
  readonly timeoutOn: boolean;
  /** Index into TIMEOUT_STOPS. */
  readonly timeoutIndex: number;
  readonly lang: CodeLang;
}

export function limitOf(s: PitfallsState): number | null {
  return LIMIT_STOPS[clampIndex(s.limitIndex, LIMIT_STOPS.length)] ?? null;
}

export function timeoutOf(s: PitfallsState): number {
  return TIMEOUT_STOPS[clampIndex(s.timeoutIndex, TIMEOUT_STOPS.length)] ?? 2000;
}

export function paramsOf(s: PitfallsState): RunParams {
  return {
    ...WORLD,
    limit: limitOf(s),
    hung: s.hung,
    timeoutMs: s.timeoutOn ? timeoutOf(s) : null,
  };
}

export function runOf(s: PitfallsState): Run {
  return simulate(paramsOf(s));
}

const LIMIT_100 = LIMIT_STOPS.indexOf(100);
const TIMEOUT_2S = TIMEOUT_STOPS.indexOf(2000);

/** The presets the speaker sequence names (pitfalls-sequence.ts). */
export const PRESETS = {
  noLimit: { limitIndex: LIMIT_STOPS.length - 1, hung: false, timeoutOn: false, timeoutIndex: TIMEOUT_2S },
  atApiLimit: { limitIndex: LIMIT_100, hung: false, timeoutOn: false, timeoutIndex: TIMEOUT_2S },
  hung: { limitIndex: LIMIT_100, hung: true, timeoutOn: false, timeoutIndex: TIMEOUT_2S },
  timeout: { limitIndex: LIMIT_100, hung: true, timeoutOn: true, timeoutIndex: TIMEOUT_2S },
} as const satisfies Record<PitfallsPreset, Omit<PitfallsState, 'lang'>>;

export function initialState(): PitfallsState {
  return { ...PRESETS.noLimit, lang: 'python' };
}

/** Speaker step `step` (clamped): its preset; the person's choice of language stays. */
export function stateForStep(step: number, current: PitfallsState): PitfallsState {
  const name = SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)] ?? 'noLimit';
  return { ...PRESETS[name], lang: current.lang };
}

export function setLimitIndex(s: PitfallsState, i: number): PitfallsState {
  const limitIndex = clampIndex(i, LIMIT_STOPS.length);
  return limitIndex === s.limitIndex ? s : { ...s, limitIndex };
}

export function setTimeoutIndex(s: PitfallsState, i: number): PitfallsState {
  const timeoutIndex = clampIndex(i, TIMEOUT_STOPS.length);
  return timeoutIndex === s.timeoutIndex ? s : { ...s, timeoutIndex };
}

export function setHung(s: PitfallsState, hung: boolean): PitfallsState {
  return hung === s.hung ? s : { ...s, hung };
}

export function setTimeoutOn(s: PitfallsState, timeoutOn: boolean): PitfallsState {
  return timeoutOn === s.timeoutOn ? s : { ...s, timeoutOn };
}

export function setLang(s: PitfallsState, lang: CodeLang): PitfallsState {
  return lang === s.lang || !CODE_LANGS.includes(lang) ? s : { ...s, lang };
}

// ---------------------------------------------------------------- the chart's fixed time axis

/** The time a run's chart must hold (ms): until the last call ended, and a further 15 % for one that never ends. */
export function spanOf(run: Run): number {
  const end = Math.max(run.lastEndMs, 1);
  return Number.isFinite(run.totalMs) ? end : end * 1.15;
}

/** The slide's time axis (ms): what every speaker step needs (10,000 calls 100 at a time, and the hung one). */
export function speakerSpan(): number {
  return axisFor(SPEAKER_SEQUENCE.map((name) => spanOf(simulate(paramsOf({ ...PRESETS[name], lang: 'python' })))));
}

/**
 * The time axis a run is drawn on: the speaker steps' one, so that no click rescales it (no limit's 200 ms stays a
 * spike at the start of the limited run's 20 s); settings that take longer (a limit of 1, a 30 s timeout) grow it to
 * the next tick (lib/ticks.ts `holdAxis`), in a few jumps. `fixed`: speakerSpan(), which the element works out once
 * (four runs of 10,000 calls).
 */
export function axisSpan(run: Run, fixed: number = speakerSpan()): number {
  return holdAxis(fixed, spanOf(run));
}
