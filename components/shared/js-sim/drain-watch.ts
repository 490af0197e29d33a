/**
 * What shows that a microtask (or nextTick) drain never ends, as opposed to being long: the drain is cut into windows
 * of jobs, and a window is a turn of a cycle when its jobs come from a few callbacks, the same ones as the window
 * before, and the queue is no shorter at its end than at its start (each job queued the next: a loop, or a queue that
 * grows). The simulator claims starvation only when the work limit stops a drain whose last windows were all such
 * turns; a long finite chain empties its queue long before (a chain of 100,000 `then`s runs to the end), and a drain
 * stopped without that evidence is reported as work past the limit, not as starvation.
 */
import type { TaskView } from './types.ts';

/** jobs per window */
const WINDOW = 1024;
/** at most this many distinct callbacks (by name and line) run in a window of a cycle */
const MAX_SOURCES = 16;
/** consecutive cycle windows that make the claim */
const CYCLES = 3;

export class DrainWatch {
  private sources = new Set<string>();
  private previous: Set<string> | null = null;
  private startQueued = 0;
  private inWindow = 0;
  private cycles = 0;
  /** whether a job of the window was set up before the drain began */
  private stale = false;

  /** a new drain starts */
  reset(): void {
    this.sources = new Set();
    this.previous = null;
    this.inWindow = 0;
    this.cycles = 0;
  }

  /**
   * a job of the drain is about to run; `queued`: the jobs still waiting (this one taken out); `fresh`: whether it was
   * set up in this drain (a chain of `then`s built before is finite: its jobs break a cycle)
   */
  job(view: TaskView, queued: number, fresh: boolean): void {
    if (this.inWindow === 0) {
      this.startQueued = queued;
      this.stale = false;
    }
    if (!fresh) this.stale = true;
    if (this.sources.size <= MAX_SOURCES) this.sources.add(`${view.kind} ${view.name} ${view.line ?? ''}`);
    if (++this.inWindow < WINDOW) return;
    const prev = this.previous;
    const same = prev !== null && prev.size === this.sources.size && [...this.sources].every((s) => prev.has(s));
    const cycle = same && !this.stale && this.sources.size <= MAX_SOURCES && queued >= this.startQueued;
    this.cycles = cycle ? this.cycles + 1 : 0;
    this.previous = this.sources;
    this.sources = new Set();
    this.inWindow = 0;
  }

  /** whether the drain has been going round a cycle (or growing) for the last windows */
  get endless(): boolean {
    return this.cycles >= CYCLES;
  }
}
