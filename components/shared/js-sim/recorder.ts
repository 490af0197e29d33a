/**
 * What records a run: every step as a plain snapshot (the stack, the clock, the loop's phase and every queue), the
 * output lines, and the ids that label queued tasks and promises. A snapshot is never changed once recorded, and
 * consecutive snapshots share the arrays (stack, queues) that did not change between them. The interpreter records statements and awaits, the
 * runtime records tasks, sleeps and the end; both write here.
 */
import type { FrameView, OutputLine, Phase, SimEnd, Snapshot, StepCode, TaskView } from './types.ts';
import { Halt } from './values.ts';
import { EMPTY_QUEUE, QueueEncoder } from './recording.ts';

type QueueName = 'microtasks' | 'ticks' | 'timers' | 'immediates' | 'io';

/**
 * The queues a snapshot shows, as the runtime sees them: a queue that did not change since the last snapshot is the
 * same array (the recorder then stores nothing new for it).
 */
export type Queues = Record<QueueName, TaskView[]>;

/** What a snapshot shows of the runtime besides the stack: its clock, its loop's phase and its queues. */
export interface Scene {
  readonly now: number;
  readonly phase: Phase;
  queues(): Queues;
  /** how the run ends when it reaches the step cap (starvation, an endless task, too much work) */
  capEnd(opsLimit?: number): SimEnd;
}

/**
 * Statements of one task recorded as steps of their own; beyond this the task's statements still run and count as
 * work, and the steps show one `statements` step saying how many ran unrecorded (a loop of a million iterations
 * finishes without a million snapshots).
 */
export const STATEMENT_STEPS_PER_TASK = 200;

/**
 * Microtasks (and Node's nextTick callbacks) of one drain recorded as steps of their own; beyond this the jobs still
 * run, in order, but unrecorded: their statements and awaits count as work and the steps show one `statements` step
 * saying how many jobs ran (a finite chain of 100,000 `then`s finishes without 100,000 snapshots).
 */
export const JOB_STEPS_PER_DRAIN = 400;

export class Recorder {
  readonly steps: Snapshot[] = [];
  /** steps recorded and statements run: the measure of work the stop rules use (Scene.capEnd) */
  work = 0;
  private statementsInTask = 0;
  private unrecorded = 0;
  private unrecordedFrom: number | null = null;
  /** jobs run unrecorded since the last step; `quiet` while one of them runs (its snapshots are only counted) */
  private unrecordedJobs = 0;
  private quiet = false;
  readonly output: OutputLine[] = [];
  /**
   * The call stack as the snapshots show it; the top frame's line follows the highlighted line. An unrecorded
   * statement only notes its line in `pending`, and the frame's view is updated when the next snapshot is taken (a
   * view is never changed once a snapshot holds it: a new one replaces it).
   */
  readonly stack: { view: FrameView; pending?: number }[] = [];
  /** the line being run: the default line of the next snapshot */
  currentLine: number | null = null;
  /** SimOptions.interrupt: asked inside a task every 1,024 operations (evaluate.ts Evaluator.tick) */
  interrupt: (() => boolean) | null = null;
  private ids = 0;
  /** each queue's runs of one list shared by the snapshots (a long recording grows with what changes) */
  private readonly encoders = {
    microtasks: new QueueEncoder(),
    ticks: new QueueEncoder(),
    timers: new QueueEncoder(),
    immediates: new QueueEncoder(),
    io: new QueueEncoder(),
  };

  constructor(
    readonly maxSteps: number,
    private readonly scene: Scene,
  ) {}

  /** ids of queued tasks, promises and timer handles: one sequence, in the order they are made */
  nextId(): number {
    return ++this.ids;
  }

  /** how the run ends if it is stopped now (the step cap, or a task that never returns) */
  capEnd(opsLimit?: number): SimEnd {
    return this.scene.capEnd(opsLimit);
  }

  /** a task starts: its statements are recorded again */
  taskStarted(): void {
    this.statementsInTask = 0;
    this.quiet = false;
  }

  /** a job past the drain's quota starts (JOB_STEPS_PER_DRAIN): it runs unrecorded, its statements counted */
  quietJobStarted(line: number | null): void {
    this.quiet = true;
    this.currentLine = null;
    this.statementsInTask = STATEMENT_STEPS_PER_TASK;
    if (this.unrecorded === 0 && this.unrecordedJobs === 0) this.unrecordedFrom = line;
    this.unrecordedJobs++;
    this.work++;
  }

  /** the drain is over: what runs next is recorded again */
  quietEnded(): void {
    this.quiet = false;
  }

  /** the statement on `line` is about to run: a step, or past the task's quota, work counted */
  statement(line: number | null): void {
    this.currentLine = line;
    if (this.statementsInTask++ < STATEMENT_STEPS_PER_TASK) {
      this.snap('statement', {}, line);
      return;
    }
    if (this.unrecorded++ === 0 && this.unrecordedJobs === 0) this.unrecordedFrom = line;
    const top = this.stack[this.stack.length - 1];
    if (top && line !== null) top.pending = line;
  }

  /** the statements that ran unrecorded since the last step, as one step */
  private flushUnrecorded(): void {
    if (this.unrecorded === 0 && this.unrecordedJobs === 0) return;
    const count = this.unrecorded;
    const jobs = this.unrecordedJobs;
    this.unrecorded = 0;
    this.unrecordedJobs = 0;
    this.push('statements', { count, from: this.unrecordedFrom ?? '', ...(jobs ? { jobs } : {}) }, this.currentLine);
  }

  snap(code: StepCode, params: Record<string, string | number> = {}, line: number | null = this.currentLine): void {
    if (this.quiet && code !== 'uncaught') {
      this.work++;
      return;
    }
    this.flushUnrecorded();
    this.work++;
    this.push(code, params, line);
  }

  private push(code: StepCode, params: Record<string, string | number>, line: number | null): void {
    if (this.steps.length >= this.maxSteps) throw new Halt(this.capEnd());
    for (const f of this.stack) {
      if (f.pending !== undefined && f.pending !== f.view.line) f.view = { ...f.view, line: f.pending };
      f.pending = undefined;
    }
    const top = this.stack[this.stack.length - 1];
    if (top && line !== null && top.view.line !== line) top.view = { ...top.view, line };
    const q = this.scene.queues();
    // the stack as the step before showed it, if it holds the same frames (snapshots share what did not change)
    const prev = this.steps[this.steps.length - 1]?.stack;
    const frames = this.stack;
    const stack =
      prev?.length === frames.length && frames.every((f, i) => f.view === prev[i]) ? prev : frames.map((f) => f.view);
    this.steps.push({
      index: this.steps.length,
      event: { code, params },
      line,
      now: this.scene.now,
      phase: this.scene.phase,
      stack,
      microtasks: this.encoders.microtasks.encode(q.microtasks),
      ticks: this.encoders.ticks.encode(q.ticks),
      timers: this.encoders.timers.encode(q.timers),
      immediates: this.encoders.immediates.encode(q.immediates),
      io: this.encoders.io.encode(q.io),
      outputLength: this.output.length,
    });
  }

  /** a line of output (console.log, or an error the runtime reports), at the current step */
  print(text: string, kind: OutputLine['kind']): void {
    this.output.push({ text, kind, step: this.steps.length });
  }

  /**
   * The final snapshot, always recorded, even past the cap. A run that was stopped keeps the queues of its last
   * step (the work left pending); a finished one shows them empty.
   */
  end(end: SimEnd): void {
    if (this.steps.length < this.maxSteps) this.flushUnrecorded();
    const last = this.steps[this.steps.length - 1];
    const keep = end.code !== 'done';
    this.steps.push({
      index: this.steps.length,
      event: { code: 'end', params: { end: end.code } },
      line: null,
      now: last?.now ?? 0,
      phase: 'done',
      stack: [],
      microtasks: keep ? (last?.microtasks ?? EMPTY_QUEUE) : EMPTY_QUEUE,
      ticks: keep ? (last?.ticks ?? EMPTY_QUEUE) : EMPTY_QUEUE,
      timers: keep ? (last?.timers ?? EMPTY_QUEUE) : EMPTY_QUEUE,
      immediates: keep ? (last?.immediates ?? EMPTY_QUEUE) : EMPTY_QUEUE,
      io: keep ? (last?.io ?? EMPTY_QUEUE) : EMPTY_QUEUE,
      outputLength: this.output.length,
    });
  }
}

/** The console.log lines (not the errors) a run prints, in order (in recording.ts, which a page reads without the simulator). */
export { logLines } from './recording.ts';
