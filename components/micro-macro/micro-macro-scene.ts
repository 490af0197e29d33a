/**
 * A step of the simulator's run as the deck's one picture of the loop (components/shared/loop-picture/): the call
 * stack's frames, the timers by deadline, the macrotasks (Node's setImmediate and I/O callbacks), the microtasks
 * (Node's nextTick queue first, as it runs first), the loop's phase. Pure: a run and a step in, a `Scene` out. Every
 * label is the simulator's (a task's name, shortened: "() => console.log('B')" is drawn "log('B')"), and a task keeps
 * its chip id (`task-<id>`, the simulator's) from its queue to the call stack, so the picture moves it there.
 */
import {
  scene,
  type Actor,
  type Chip,
  type Region,
  type Scene,
  type TimerChip,
} from '../shared/loop-picture/loop-picture-model.ts';
import { queueViews, type Phase, type SimResult, type Snapshot, type TaskView } from '../shared/js-sim/index.ts';
import { continuationExcerpt } from './micro-macro-model.ts';

type Run = Extract<SimResult, { ok: true }>;
type Queue = 'ticks' | 'microtasks' | 'timers' | 'immediates' | 'io';
const QUEUES: readonly Queue[] = ['ticks', 'microtasks', 'timers', 'immediates', 'io'];

/** Each queue's actor (STAGE.md's colours) and the picture's region for it. */
const ACTOR: Record<Queue, Actor> = {
  ticks: 'microtask',
  microtasks: 'microtask',
  timers: 'timer',
  immediates: 'task',
  io: 'io',
};
const REGION: Record<Queue, Region> = {
  ticks: 'microtasks',
  microtasks: 'microtasks',
  timers: 'timers',
  immediates: 'macrotasks',
  io: 'macrotasks',
};

/** A callback's text as a chip says it: without its "() => ", console.log as log, no final semicolon. */
export function shortName(name: string): string {
  return name
    .replace(/^\(\) => /, '')
    .replace(/^console\.log\((.*)\);?$/, 'log($1)')
    .replace(/;$/, '');
}

/** A task's label: what it runs (a continuation after await: the code it resumes with, not its function's start). */
export function taskLabel(v: TaskView, source: string): string {
  const resumed =
    (v.kind === 'resume' || v.kind === 'resumeThrow') && v.line !== null ? continuationExcerpt(source, v.line) : null;
  return shortName(resumed ?? v.name);
}

/**
 * The task the bottom frame of the stack runs (a job: a callback taken from a queue), found at the step that took
 * it: the entry its queue lost then. Null for the script or when none is found.
 */
function runningTask(run: Run, index: number): { task: TaskView; queue: Queue } | null {
  for (let j = index; j > 0; j--) {
    const snap = run.steps[j]!;
    if (snap.event.code !== 'taskStart') continue;
    const queue = snap.event.params.queue as Queue;
    if (!QUEUES.includes(queue)) return null;
    const now = new Set(queueViews(snap[queue]).map((t) => t.id));
    const task = queueViews(run.steps[j - 1]![queue]).find((t) => !now.has(t.id));
    return task ? { task, queue } : null;
  }
  return null;
}

/** The ring's phase for the simulator's: the browser's loop is the talk's simplified one, Node's is libuv's. */
function phaseOf(phase: Phase, node: boolean): string | null {
  if (phase === 'timers') return 'timers';
  if (phase === 'poll') return node ? 'poll' : 'ready';
  if (phase === 'check') return node ? 'check' : null;
  if (phase === 'idle' || phase === 'done') return node ? 'poll' : 'wait';
  return null;
}

/** The queues that gained a task at this step: the region the step lights. */
function grown(before: Snapshot | undefined, now: Snapshot): Region[] {
  if (!before) return [];
  const out: Region[] = [];
  for (const q of QUEUES) {
    const had = new Set(queueViews(before[q]).map((t) => t.id));
    if (queueViews(now[q]).some((t) => !had.has(t.id)) && !out.includes(REGION[q])) out.push(REGION[q]);
  }
  return out;
}

/** The picture of step `index` of a run of `source`. */
export function sceneOf(run: Run, index: number, source: string): Scene {
  const at = Math.max(0, Math.min(index, run.steps.length - 1));
  const snap = run.steps[at]!;
  const node = run.runtime === 'node';
  const label = (v: TaskView) => taskLabel(v, source);
  const chip =
    (q: Queue) =>
    (v: TaskView): Chip => ({ id: `task-${v.id}`, label: label(v), actor: ACTOR[q] });

  const running = snap.stack[0]?.kind === 'job' ? runningTask(run, at) : null;
  const stack: Chip[] = snap.stack.map((f, i): Chip => {
    if (i === 0 && running) return chip(running.queue)(running.task);
    if (f.kind === 'script') return { id: 'script', label: 'script', actor: 'task' };
    return { id: `frame-${i}`, label: shortName(f.name.replace(/ \{.*/, ' …')), actor: 'task' };
  });
  const top = stack.length - 1;
  const litStack = stack.map((c, i) => (i === top ? { ...c, lit: true } : c));

  const timers: TimerChip[] = queueViews(snap.timers).map((v) => ({ ...chip('timers')(v), due: v.due ?? snap.now }));
  const done = snap.phase === 'done' || snap.phase === 'idle';
  const lit: Region[] = snap.event.code === 'taskStart' ? ['stack'] : done ? ['loop'] : grown(run.steps[at - 1], snap);
  return scene({
    flavour: node ? 'node' : 'simple',
    stack: litStack,
    phase: phaseOf(snap.phase, node),
    asleep: done && at > 0,
    // the clock, once the run's time moves (a run in zero virtual time has nothing to show on it)
    now: run.steps.some((x) => x.now !== 0) ? snap.now : null,
    timers,
    macrotasks: [...queueViews(snap.immediates).map(chip('immediates')), ...queueViews(snap.io).map(chip('io'))],
    microtasks: [...queueViews(snap.ticks).map(chip('ticks')), ...queueViews(snap.microtasks).map(chip('microtasks'))],
    lit,
  });
}
