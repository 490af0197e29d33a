/**
 * The model of the slide python-asyncio: which code variant is shown and whether debug mode is on; everything on
 * screen is derived from one run of the asyncio model (components/shared/asyncio-sim) of that variant's program
 * (python-asyncio-programs.ts): the loop thread's spans (working, blocked, asleep in select(), waiting for the
 * GIL), the pool's threads and processes, the heartbeat's ticks and the ones it missed, and the log.
 */
import { clampIndex } from '../../lib/stepping.ts';
import { SEED_MACHINE, median, run, toPython, type RunOptions } from '../shared/asyncio-sim/index.ts';
import { SPEAKER_SEQUENCE } from './python-asyncio-sequence.ts';
import { SLIDE_PARAMS, VARIANTS, variantProgram, type Variant, type VariantParams } from './python-asyncio-programs.ts';

export { SPEAKER_SEQUENCE };
export { VARIANTS, type Variant };

export interface PythonAsyncioState {
  readonly variant: Variant;
  /** PYTHONASYNCIODEBUG=1 */
  readonly debug: boolean;
}

export function initialState(): PythonAsyncioState {
  return { ...SPEAKER_SEQUENCE[0] };
}

export function stateForStep(step: number, _current: PythonAsyncioState): PythonAsyncioState {
  return { ...SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)]! };
}

export function setVariant(s: PythonAsyncioState, variant: Variant): PythonAsyncioState {
  return VARIANTS.includes(variant) ? { ...s, variant } : s;
}

export function setDebug(s: PythonAsyncioState, debug: boolean): PythonAsyncioState {
  return { ...s, debug };
}

/** sys.getswitchinterval() of CPython: 5 ms. */
export const SWITCH_INTERVAL_MS = 5;

/** The machine the slide shows: seed 000's (a sleeping thread wakes 0.2 ms late) and CPython's switch interval. */
export const SLIDE_MACHINE: RunOptions = { ...SEED_MACHINE, gilSwitchIntervalMs: SWITCH_INTERVAL_MS };

export type LaneKind = 'loop' | 'thread' | 'process';
export type BarKind = 'cpu' | 'block' | 'select' | 'gil';

export interface Bar {
  readonly kind: BarKind;
  /** ms from the start of the run */
  readonly start: number;
  readonly end: number;
  /** The call, as the program names it: `requests.get`, `time.sleep`, `compute`, `select()`. */
  readonly call: string;
}

export interface Lane {
  /** `main`, `asyncio_0`, `process_1`, … */
  readonly id: string;
  readonly kind: LaneKind;
  /** 1-based among the lanes of its kind. */
  readonly n: number;
  readonly bars: readonly Bar[];
}

/** One request (a task `gather` made for `handle()`): from its arrival to its end, and when its steps ran. */
export interface RequestSpan {
  /** 1-based */
  readonly n: number;
  /** When main called gather (the request arrived), ms. */
  readonly arrive: number;
  /** When its task was done, ms. */
  readonly end: number;
  /** Its steps that took time on the loop's thread (blocking it). */
  readonly running: readonly { readonly start: number; readonly end: number }[];
}

export interface LogLine {
  readonly time: number;
  readonly kind: 'slow' | 'never-awaited';
  readonly message: string;
}

export interface VariantView {
  readonly variant: Variant;
  /** The whole Python file the model ran, and the excerpt shown (from `async def heartbeat` on). */
  readonly source: string;
  readonly excerpt: string;
  /** 1-based line of the excerpt: the variant's call. */
  readonly callLine: number;
  /** When asyncio.run returned, ms. */
  readonly end: number;
  readonly lanes: readonly Lane[];
  readonly requests: readonly RequestSpan[];
  /** The heartbeat's ticks, ms. */
  readonly ticks: readonly number[];
  /** The ticks it asked for (every period from the first) that never came, ms. */
  readonly missed: readonly number[];
  readonly medianMs: number | null;
  /** The longest stretch the loop's thread was blocked or computing without returning to the loop, ms. */
  readonly longestBlockMs: number;
  readonly log: readonly LogLine[];
  readonly params: VariantParams;
}

const ms = (ns: number, start: number) => Math.round(((ns - start) / 1e6) * 1000) / 1000;

/** Drops blank lines (the excerpt is read on a slide, not by PEP 8; the keywords mark each definition). */
function compact(lines: readonly string[]): string[] {
  return lines.filter((l) => l.trim() !== '');
}

/** The run of one variant, as the slide draws it. Pure: the same arguments give the same view. */
export function variantView(
  variant: Variant,
  debug: boolean,
  options: RunOptions = SLIDE_MACHINE,
  params: VariantParams = SLIDE_PARAMS,
  file?: string,
): VariantView {
  const program = variantProgram(variant, params, file);
  const listing = toPython(program);
  const r = run(program, { ...options, debug });
  const start = r.start;

  const all = listing.source.replace(/\n$/, '').split('\n');
  const hb = program.coroutines.find((c) => c.name === 'heartbeat')!;
  const handle = program.coroutines.find((c) => c.name === 'handle')!;
  const from = listing.lineOf.get(hb)! - 1;
  const to = all.findIndex((l) => l.startsWith('asyncio.run('));
  const shown = compact(all.slice(from, to));
  const callText = all[listing.lineOf.get(handle.steps[0]!)! - 1]!;
  const callLine = shown.indexOf(callText) + 1;

  const laneIds = [...new Set(r.spans.map((s) => s.lane))];
  const kindOf = (id: string): LaneKind => (id === 'main' ? 'loop' : id.startsWith('process') ? 'process' : 'thread');
  const order: LaneKind[] = ['loop', 'thread', 'process'];
  laneIds.sort((a, b) => order.indexOf(kindOf(a)) - order.indexOf(kindOf(b)) || a.localeCompare(b));
  if (!laneIds.includes('main')) laneIds.unshift('main');
  const counters: Record<LaneKind, number> = { loop: 0, thread: 0, process: 0 };
  const lanes: Lane[] = laneIds.map((id) => {
    const kind = kindOf(id);
    const bars: Bar[] = r.spans
      .filter((s) => s.lane === id && s.end > s.start)
      .map((s) => ({
        kind: s.kind,
        start: ms(s.start, start),
        end: ms(s.end, start),
        call: s.kind === 'select' ? 'select()' : s.label.replace(/^.*?: /, ''),
      }));
    if (id === 'main')
      for (const g of r.gilWaits)
        bars.push({ kind: 'gil', start: ms(g.start, start), end: ms(g.end, start), call: 'GIL' });
    bars.sort((a, b) => a.start - b.start);
    return { id, kind, n: ++counters[kind], bars };
  });

  // Task-1 is main, Task-2 the heartbeat; gather wraps the handlers in the next tasks, in order.
  const runsOf = (task: string) =>
    r.turns.flatMap((tn) => tn.step6.ran.filter((x) => !x.skipped && x.handle.task === task));
  const mainRuns = runsOf('Task-1');
  const arrive = ms(mainRuns[1]?.start ?? r.start, start);
  const requests: RequestSpan[] = Array.from({ length: params.requests }, (_, i) => {
    const runs = runsOf(`Task-${i + 3}`);
    const last = runs[runs.length - 1];
    return {
      n: i + 1,
      arrive,
      end: last ? ms(last.end, start) : arrive,
      running: runs.filter((x) => x.end > x.start).map((x) => ({ start: ms(x.start, start), end: ms(x.end, start) })),
    };
  });

  const ticks = r.marks.filter((m) => m.label === 'ticks').map((m) => ms(m.time, start));
  const end = ms(r.end, start);
  // The heartbeat asked for a tick a period after each one; a gap (to the next tick, or to the end of the run)
  // longer than that by more than half a period held ticks that never came.
  const missed: number[] = [];
  [...ticks, end].forEach((b, i, all) => {
    if (i === 0) return;
    const a = all[i - 1]!;
    for (let k = 1; a + k * params.tickMs < b - params.tickMs / 2; k++)
      missed.push(Math.round((a + k * params.tickMs) * 1000) / 1000);
  });
  const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
  const m = median(gaps);

  const main = lanes[0]!;
  // Blocks back to back (the two handlers one after another in one turn) are one stretch without the loop.
  let stretch = 0;
  let longest = 0;
  let prevEnd = -1;
  for (const b of main.bars) {
    if (b.kind !== 'block' && b.kind !== 'cpu') continue;
    stretch = Math.abs(b.start - prevEnd) < 1e-6 ? stretch + (b.end - b.start) : b.end - b.start;
    prevEnd = b.end;
    longest = Math.max(longest, stretch);
  }

  const log: LogLine[] = r.log
    .filter((l) => l.level === 'WARNING')
    .map((l) => ({
      time: ms(l.time, start),
      kind: l.message.includes('never awaited') ? 'never-awaited' : 'slow',
      message: l.message,
    }));
  return {
    variant,
    source: listing.source,
    excerpt: shown.join('\n'),
    callLine,
    end,
    lanes,
    requests,
    ticks,
    missed,
    medianMs: m === null ? null : Math.round(m * 10) / 10,
    longestBlockMs: Math.round(longest * 10) / 10,
    log,
    params,
  };
}

/** The view of a state. */
export function viewOf(s: PythonAsyncioState): VariantView {
  return variantView(s.variant, s.debug);
}

/**
 * The log as read from the back of the hall: a slow-callback warning keeps its coroutine and how long it took, the
 * task's name and its places in the source elided (`Executing <Task … coro=<handle() …> took 0.300 seconds`), and
 * equal lines are counted once (`count`); a warning loses its place in the source (`main.py:20: `); any other line is
 * kept whole.
 */
export function abridgedLog(messages: readonly string[]): { message: string; count: number }[] {
  const out: { message: string; count: number }[] = [];
  for (const message of messages) {
    const m = /^Executing <Task \w+ name='[^']*' coro=<(\w+\(\)).*? (took [\d.]+ seconds)$/.exec(message);
    const short = m
      ? `Executing <Task … coro=<${m[1]} …> ${m[2]}`
      : message.replace(/^\S+\.py:\d+: (?=\w+Warning: )/, '');
    const same = out.find((o) => o.message === short);
    if (same) same.count++;
    else out.push({ message: short, count: 1 });
  }
  return out;
}

/**
 * The lines the hall reads while presenting: the definitions the variant changes (`handle()`, and `fetch()` where
 * it has one), from the excerpt, with the variant's call as the line to highlight (1-based in the lines returned).
 */
export function presentedExcerpt(v: Pick<VariantView, 'excerpt' | 'callLine'>): { code: string; current: number } {
  const lines = v.excerpt.split('\n');
  const from = lines.findIndex((l) => l.startsWith('async def ') && !l.startsWith('async def heartbeat'));
  const to = lines.findIndex((l) => l.startsWith('async def main'));
  return { code: lines.slice(from, to).join('\n'), current: v.callLine - from };
}
