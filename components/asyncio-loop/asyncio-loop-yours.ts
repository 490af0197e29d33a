/**
 * "Your code": a person's asyncio program recorded by real CPython (components/shared/py-record: asyncio_recorder.py
 * in Pyodide, in a worker) and stepped turn by turn in the same turn view as the presets. Pure: the state of the
 * editor and of a run, and what a recorded turn shows. The element drives the worker and feeds the results in.
 */
import { clampIndex, stepTo, type Move } from '../../lib/stepping.ts';
import type { PyRecording, RecordedHandle, RecordedTurn } from '../shared/py-record/py-protocol.ts';
import { handleLabel } from '../shared/py-record/py-names.ts';
import { groupHandles, type HandleGroup, type TurnView } from './asyncio-loop-model.ts';
import type { PresetId } from './asyncio-loop-programs.ts';
import type { SeedProgram, StartId, YoursOutcome, YoursState } from './asyncio-loop-yours-state.ts';

export type { SeedProgram, StartId, YoursOutcome, YoursState } from './asyncio-loop-yours-state.ts';

const H = 'import asyncio\nimport time\n\n';

/** Seed 000's programs: fifty tasks of 100 ms blocking (time.sleep) and cooperative (await asyncio.sleep), and the heartbeat beside a worker that blocks in portions and yields between them. */
export const SEED_PROGRAMS = {
  blocking50: `${H}async def work(i):\n    time.sleep(0.1)  # blocks the loop: nothing else runs\n\nasync def main():\n    await asyncio.gather(*[work(i) for i in range(50)])\n    print('done at', round(asyncio.get_running_loop().time(), 3))\n\nasyncio.run(main())\n`,
  cooperative50: `${H}async def work(i):\n    await asyncio.sleep(0.1)  # a timer: the loop serves the others\n\nasync def main():\n    await asyncio.gather(*[work(i) for i in range(50)])\n    print('done at', round(asyncio.get_running_loop().time(), 3))\n\nasyncio.run(main())\n`,
  heartbeat: `${H}async def heartbeat(ticks):\n    loop = asyncio.get_running_loop()\n    while True:\n        ticks.append(loop.time())\n        await asyncio.sleep(0.01)\n\nasync def worker():\n    for _ in range(10):\n        time.sleep(0.1)  # a portion of 100 ms of work\n        await asyncio.sleep(0)  # yields after each portion\n\nasync def main():\n    ticks = []\n    beat = asyncio.create_task(heartbeat(ticks))\n    await worker()\n    beat.cancel()\n    print(len(ticks), 'ticks in', round(asyncio.get_running_loop().time(), 3), 's')\n\nasyncio.run(main())\n`,
} as const satisfies Record<SeedProgram, string>;

/** What the editor can start from: seed 000's programs and the presets' listings (`presets`: the slide's). */
export function starts(presets: readonly PresetId[]): StartId[] {
  return [
    ...(Object.keys(SEED_PROGRAMS) as SeedProgram[]),
    ...presets.filter((p): p is Exclude<PresetId, 'custom'> => p !== 'custom'),
  ];
}

/** The Python a preset stands for (the slide's listingOf(presetProgram(preset, k))). */
export type PresetListing = (preset: Exclude<PresetId, 'custom'>) => string;

/** A program longer than this is refused before it is sent (the recorder's output is bounded by itself). */
export const MAX_SOURCE_BYTES = 20_000;

export function startSource(id: StartId, listing: PresetListing): string {
  return id in SEED_PROGRAMS ? SEED_PROGRAMS[id as SeedProgram] : listing(id as Exclude<PresetId, 'custom'>);
}

/** What the editor shows: the person's text, or the chosen start's source until then. */
export function draftOf(s: YoursState, listing: PresetListing): string {
  return s.draft ?? startSource(s.start, listing);
}

export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

export function editDraft(s: YoursState, draft: string): YoursState {
  return { ...s, draft };
}

export function chooseStart(s: YoursState, start: StartId): YoursState {
  return { ...s, start };
}

/** The chosen starting point into the editor (the recording so far stays until the next Run). */
export function openStart(s: YoursState, listing: PresetListing): YoursState {
  return { ...s, draft: startSource(s.start, listing) };
}

export function setDebug(s: YoursState, debug: boolean): YoursState {
  return { ...s, debug };
}

/** Run pressed: refused at once when the program is too long, else the job starts (loading, the first time). */
export function runPressed(s: YoursState, pythonLoaded: boolean, listing: PresetListing): YoursState {
  const bytes = utf8Bytes(draftOf(s, listing));
  if (bytes > MAX_SOURCE_BYTES) return { ...s, job: 'idle', outcome: { kind: 'tooLong', bytes }, index: 0 };
  return { ...s, draft: draftOf(s, listing), job: pythonLoaded ? 'running' : 'loading', outcome: null, index: 0 };
}

export function progressed(s: YoursState, loaded: number, total: number): YoursState {
  return s.job === 'idle' ? s : { ...s, loaded, total };
}

export function started(s: YoursState): YoursState {
  return s.job === 'idle' ? s : { ...s, job: 'running' };
}

export function finished(s: YoursState, outcome: YoursOutcome): YoursState {
  return { ...s, job: 'idle', outcome, index: 0 };
}

export function yoursRecording(s: YoursState): PyRecording | null {
  return s.outcome?.kind === 'recorded' ? s.outcome.recording : null;
}

export function turnsOf(s: YoursState): readonly RecordedTurn[] {
  return yoursRecording(s)?.turns ?? [];
}

/** The recording's turn cursor through lib/stepping (positions: before the first turn, then one per turn). */
export function yoursTurnTo(s: YoursState, how: Move): YoursState {
  return stepTo(s, how, turnsOf(s).length + 1);
}

// -- what a recorded turn shows -----------------------------------------------------------------------------------

/** A recorded handle as its chip names it: the command line's words, cut short (py-names.ts): `Task.__step (worker(2))`. */
function callbackOf(what: string): { callback: string; task: string | null } {
  const { name, who } = handleLabel(what);
  return { callback: name, task: who };
}

/** Handles as a person reads them: runs of the same callback (four or more) grouped into one entry (the model's grouping). */
export function groupRecorded(whats: readonly string[]): HandleGroup[] {
  return groupHandles(whats.map(callbackOf));
}

const NS = 1e9;
const MAXIMUM_SELECT_TIMEOUT = 24 * 3600;

/** A recorded turn as the presets' turn view shows it: step 2's timeout as CPython computes it, step 3's sleep, step 5's due timers (the handles run beyond those ready at the start). */
export function recordedTurnView(turn: RecordedTurn): TurnView {
  const first = turn.scheduled[0];
  const timeout =
    turn.ready.length > 0
      ? 0
      : first
        ? Math.min(Math.max(0, first.when - turn.time), MAXIMUM_SELECT_TIMEOUT) * NS
        : null;
  return {
    number: turn.n,
    phase: turn.phase,
    removed: 0,
    timeout,
    slept: Math.round((turn.slept ?? 0) * NS),
    io: 0,
    due: Math.max(0, turn.ran.length - turn.ready.length),
    ntodo: turn.ran.length,
    starved: false,
    ran: groupRecorded(turn.ran.map((h) => h.what)),
    readyBefore: groupRecorded(turn.ready),
    readyAfter: groupRecorded(turn.ready_after ?? []),
    scheduledAfter: groupRecorded((turn.scheduled_after ?? []).map((t) => t.what)),
  };
}

export function currentTurn(s: YoursState): RecordedTurn | null {
  const turns = turnsOf(s);
  return s.index >= 1 ? (turns[clampIndex(s.index - 1, turns.length)] ?? null) : null;
}

/** Seconds the handles of a turn blocked the loop (time.sleep), in all. */
export function blockedIn(turn: RecordedTurn): number {
  return turn.ran.reduce((sum, h) => sum + (h.blocked ?? 0), 0);
}

/** The handles of a turn that printed or blocked, at most `limit` (a turn of 50 handles lists the first few). */
export function notableHandles(turn: RecordedTurn, limit = 6): { shown: RecordedHandle[]; more: number } {
  const notable = turn.ran.filter((h) => h.stdout || h.stderr || h.blocked);
  return { shown: notable.slice(0, limit), more: Math.max(0, notable.length - limit) };
}

/** The phases of the recording that took turns, in order of first appearance, with how many. */
export function recordedPhases(turns: readonly RecordedTurn[]): { phase: string; turns: number }[] {
  const out: { phase: string; turns: number }[] = [];
  for (const t of turns) {
    const last = out[out.length - 1];
    if (last && last.phase === t.phase) out[out.length - 1] = { phase: t.phase, turns: last.turns + 1 };
    else out.push({ phase: t.phase, turns: 1 });
  }
  return out;
}

/**
 * The part of the program a turn ran, for the code view: its marked lines (py-names.ts, turnLines) with a line of
 * context each side, at most `max` lines (a turn of many tasks marks many lines: its first ones), so that they show
 * without scrolling. Null when the turn ran none of the program's lines.
 */
export function turnExcerpt(
  source: string,
  lines: readonly number[],
  max = 8,
): { code: string; from: number; to: number; current: number[] } | null {
  const all = source.replace(/\n$/, '').split('\n');
  const marked = lines.filter((l) => l >= 1 && l <= all.length);
  if (marked.length === 0) return null;
  const from = Math.max(1, marked[0]! - 1);
  const to = Math.min(all.length, marked.at(-1)! + 1, from + max - 1);
  return {
    code: all.slice(from - 1, to).join('\n'),
    from,
    to,
    current: marked.filter((l) => l <= to).map((l) => l - from + 1),
  };
}

/** The seconds as the slide writes them: at most 6 decimals, no trailing zeros. */
export const seconds = (s: number): string => String(Number(s.toFixed(6)));
