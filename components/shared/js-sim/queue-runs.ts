/**
 * A queue as a snapshot keeps it: runs of one list that all the run's snapshots of that queue share, not a list of
 * its own per step. When the head of 10,000 queued timers runs, the next step's queue is one run that starts one
 * entry later; a timer added in the middle splits a run. The views themselves (TaskView) are shared as before.
 * Plain data (it crosses postMessage; a list shared by many snapshots is cloned once). No imports of the simulator:
 * a page that shows a stored recording reads it without loading the simulator.
 */
import type { QueueRuns, TaskView } from './types.ts';

/** an empty queue, shared by every snapshot that shows one */
export const EMPTY_QUEUE: QueueRuns = Object.freeze({ pool: [], runs: [], length: 0 });

/** the queue's entries in order, or its first `limit` (a new array: the stored queue is not changed) */
export function queueViews(q: QueueRuns, limit = Infinity): TaskView[] {
  const out: TaskView[] = [];
  for (let r = 0; r < q.runs.length && out.length < limit; r += 2)
    for (let i = q.runs[r]!; i < q.runs[r + 1]! && out.length < limit; i++) out.push(q.pool[i]!);
  return out;
}

/**
 * Turns the queue a runtime shows at each step (a fresh array when it changed, the same array when not) into runs of
 * one growing list. A view already in the list is found where the previous step had it, so what stayed in order
 * stays one run; new views are appended in the queue's order. A queue broken into more runs than a sixteenth of its
 * entries (and at least 8) is written out whole at the list's end instead: one run.
 */
export class QueueEncoder {
  private readonly pool: TaskView[] = [];
  /** where each view last stood in the pool */
  private readonly at = new Map<TaskView, number>();
  private lastViews: readonly TaskView[] = [];
  /** the pool index of each entry of lastViews */
  private lastAt: number[] = [];
  private lastQueue: QueueRuns = EMPTY_QUEUE;

  encode(views: readonly TaskView[]): QueueRuns {
    if (views === this.lastViews) return this.lastQueue;
    const at: number[] = new Array<number>(views.length);
    this.lastQueue = views.length === 0 ? EMPTY_QUEUE : this.runsOf(views, at);
    this.lastViews = views;
    this.lastAt = at;
    return this.lastQueue;
  }

  private runsOf(views: readonly TaskView[], at: number[]): QueueRuns {
    const runs: number[] = [];
    const limit = 2 * Math.max(8, views.length >> 4);
    const prev = this.lastViews;
    // j: where the next entry is expected in the last queue. A queue mostly loses an entry or gains one, so most
    // entries are found there or one further; the others by the map (or appended, when new)
    let j = 0;
    let from = -1;
    let to = -1;
    for (let k = 0; k < views.length; k++) {
      const v = views[k]!;
      let i: number | undefined;
      if (prev[j] === v) i = this.lastAt[j++]!;
      else if (prev[j + 1] === v) {
        i = this.lastAt[j + 1]!;
        j += 2;
      } else {
        i = this.at.get(v);
        if (i === undefined) {
          i = this.pool.length;
          this.pool.push(v);
          this.at.set(v, i);
        }
      }
      at[k] = i;
      if (i === to) to++;
      else {
        if (from >= 0) runs.push(from, to);
        if (runs.length >= limit) return this.whole(views, at);
        from = i;
        to = i + 1;
      }
    }
    runs.push(from, to);
    return { pool: this.pool, runs, length: views.length };
  }

  private whole(views: readonly TaskView[], at: number[]): QueueRuns {
    const from = this.pool.length;
    for (let k = 0; k < views.length; k++) {
      at[k] = this.pool.length;
      this.at.set(views[k]!, this.pool.length);
      this.pool.push(views[k]!);
    }
    return { pool: this.pool, runs: [from, this.pool.length], length: views.length };
  }
}
