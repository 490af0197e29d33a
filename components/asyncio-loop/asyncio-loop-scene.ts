/**
 * The asyncio-loop slide as the deck's one picture of the loop (components/shared/loop-picture/, CPython's flavour),
 * presented: each clicker step shows one moment of a recorded run (the model of components/shared/asyncio-sim, whose
 * turns tests/unit/asyncio-loop-real.test.ts checks against CPython, callback by callback):
 *  - the composition and the turn scheme: the empty program's first turn, before it (main's first `__step` waits in
 *    `_ready`, the three containers lit), at the scheme's step of `_run_once` (the ring's phase; step 3: select with
 *    the turn's own timeout; step 6: the snapshot's first callback taken off `_ready` onto the stack);
 *  - a recorded turn: the end of its step 6: the last callbacks it ran on the call stack, what step 6 queued in
 *    `_ready` (it waits for the next turn), the timers left in `_scheduled`.
 * Every name and number is the recording's: the handles' callbacks and tasks, their counts, ntodo, the timeout, a
 * timer's deadline. Pure: the slide's state in, a `Scene` (and what the element writes beside it) out. A chip's id
 * is its program's and its first handle's (`empty-h2`), so that a handle keeps its chip as it moves.
 */
import {
  PHASES,
  scene,
  type Chip,
  type Region,
  type Scene,
  type TimerChip,
} from '../shared/loop-picture/loop-picture-model.ts';
import type { HandleInfo, RunResult } from '../shared/asyncio-sim/index.ts';
import {
  groupOf,
  handleName,
  handleRuns,
  recordingOf,
  type AsyncioLoopState,
  type Recording,
} from './asyncio-loop-model.ts';
import type { PresetId } from './asyncio-loop-programs.ts';
import { groupText } from './asyncio-loop-text.ts';

/** The run the composition and the turn scheme show, presented: the empty program (its first turn). */
export const SCHEME_RUN = { preset: 'empty', ntodo: true } as const satisfies { preset: PresetId; ntodo: boolean };

/** Which moment of a run the picture shows. */
export type Moment =
  /** Before the turn: `_ready` and `_scheduled` as the turn finds them, the ring between turns. */
  | { readonly kind: 'before'; readonly turn: number }
  /** Inside the turn, at step `step` (1..6) of `_run_once`. */
  | { readonly kind: 'step'; readonly turn: number; readonly step: number }
  /** The turn's step 6 done: what it ran, what it queued for the next turn. */
  | { readonly kind: 'end'; readonly turn: number };

/** What the presented picture shows at a state: which run (the state's own, or SCHEME_RUN), which moment of it. */
export interface Presented {
  readonly recording: Recording;
  /** The program whose run it is (its chips' ids begin with it). */
  readonly key: string;
  readonly moment: Moment;
}

export function presentedOf(s: AsyncioLoopState): Presented {
  if (s.view === 'composition' || s.view === 'scheme') {
    const run = { ...s, ...SCHEME_RUN };
    const step = s.view === 'scheme' ? s.scheme : 0;
    return {
      recording: recordingOf(run),
      key: SCHEME_RUN.preset,
      moment: step === 0 ? { kind: 'before', turn: 0 } : { kind: 'step', turn: 0, step },
    };
  }
  const recording = recordingOf(s);
  const n = recording.run.turns.length;
  const key = s.preset === 'custom' ? 'custom' : `${s.preset}${s.ntodo ? '' : '-off'}`;
  return {
    recording,
    key,
    moment: s.index >= 1 ? { kind: 'end', turn: Math.min(s.index, n) - 1 } : { kind: 'before', turn: 0 },
  };
}

/** A group of handles (one slice of handleRuns) as a chip: its callback's short name, how many, whose. */
function chipOf(key: string, run: readonly HandleInfo[], lit = false): Chip {
  const h = run[0]!;
  const g = groupOf(run);
  // whose: one task by name (`__step ×991 (Task-2)`); many are the count (`__step ×1000`)
  const who = groupText(g.count, g.tasks.length === 1 ? g.tasks : []);
  return {
    id: `${key}-h${h.id}`,
    label: who ? `${handleName(g.callback)} ${who}` : handleName(g.callback),
    actor: h.kind === 'TimerHandle' ? 'timer' : h.task ? 'task' : 'loop',
    ...(lit ? { lit } : {}),
  };
}

const chipsOf = (key: string, hs: readonly HandleInfo[]): Chip[] => handleRuns(hs).map((run) => chipOf(key, run));

/** `_scheduled`'s timers, by deadline (ms of the run's clock). */
const timersOf = (key: string, hs: readonly HandleInfo[]): TimerChip[] =>
  handleRuns(hs).map((run) => ({ ...chipOf(key, run), due: Math.round((run[0]!.when ?? 0) / 1e6) }));

/** The handles step 6 ran (not those it skipped, cancelled), in order. */
const ranIn = (t: RunResult['turns'][number]): HandleInfo[] =>
  t.step6.ran.filter((r) => !r.skipped).map((r) => r.handle);

/** The region a step of `_run_once` works on. */
const STEP_REGION: Record<number, Region> = {
  1: 'timers',
  2: 'loop',
  3: 'kernel',
  4: 'kernel',
  5: 'timers',
  6: 'stack',
};

/** The picture of the slide's state, presented. */
export function sceneOf(s: AsyncioLoopState): Scene {
  const { recording, key, moment } = presentedOf(s);
  const t = recording.run.turns[moment.turn];
  if (!t) return scene({ flavour: 'cpython' });
  if (moment.kind === 'before')
    return scene({
      flavour: 'cpython',
      macrotasks: chipsOf(key, t.readyAtStart),
      timers: timersOf(key, t.scheduledAtStart),
      // the composition: the loop's three containers
      lit: s.view === 'composition' ? ['macrotasks', 'timers', 'kernel'] : ['macrotasks'],
    });
  if (moment.kind === 'step') {
    const { step } = moment;
    // _ready once step `step` is done: step 4 appends the I/O callbacks, step 5 the due timers
    const ready = [...t.readyAtStart, ...(step >= 4 ? t.step4.added : []), ...(step >= 5 ? t.step5.moved : [])];
    const due = new Set(t.step5.moved.map((h) => h.id));
    const scheduled = step >= 5 ? t.scheduledAtStart.filter((h) => !due.has(h.id)) : t.scheduledAtStart;
    if (step < 6)
      return scene({
        flavour: 'cpython',
        phase: PHASES.cpython[step - 1],
        // select() sleeps only when the timeout lets it
        asleep: step === 3 && t.step3.end > t.step3.start,
        macrotasks: chipsOf(key, ready),
        timers: timersOf(key, scheduled),
        lit: [STEP_REGION[step]!],
      });
    // step 6 takes the snapshot (ntodo) and pops the first handle onto the stack
    const [first, ...rest] = handleRuns(ranIn(t));
    return scene({
      flavour: 'cpython',
      phase: 'run',
      stack: first ? [chipOf(key, first, true)] : [],
      macrotasks: rest.map((run) => chipOf(key, run)),
      timers: timersOf(key, scheduled),
      lit: ['stack'],
    });
  }
  const last = handleRuns(ranIn(t)).at(-1);
  return scene({
    flavour: 'cpython',
    phase: 'run',
    stack: last ? [chipOf(key, last, true)] : [],
    macrotasks: chipsOf(key, t.readyAtEnd),
    timers: timersOf(key, t.scheduledAtEnd),
    // without the snapshot, what matters is that _ready is still not empty
    lit: t.step6.starved ? ['macrotasks'] : ['stack'],
  });
}
