/**
 * Reading a recording without the simulator: a page that shows a stored recording (the micro-macro slide's examples,
 * micro-macro-recordings.json) imports only this module, and the simulator loads when the person runs code of their
 * own. Here: a snapshot's queues (runs of one shared list), the output lines, the Node-only names, and a recording
 * as JSON with its shared parts written once.
 *
 * A queue as a snapshot keeps it: runs of one list that all the run's snapshots of that queue share, not a list of
 * its own per step. When the head of 10,000 queued timers runs, the next step's queue is one run that starts one
 * entry later; a timer added in the middle splits a run. The views themselves (TaskView) are shared as before.
 * Plain data (it crosses postMessage; a list shared by many snapshots is cloned once).
 */
import type { QueueRuns, SimResult, TaskView } from './types.ts';

/** the globals only Node has (a browser refuses them by name) */
export const NODE_ONLY: ReadonlySet<string> = new Set([
  'setImmediate',
  'clearImmediate',
  'process',
  'require',
  '__filename',
  '__dirname',
]);

/** whether the text names a Node-only global anywhere (in a comment or a string too: needsNode parses to be sure) */
export function mentionsNodeOnly(source: string): boolean {
  for (const name of NODE_ONLY) if (source.includes(name)) return true;
  return false;
}

/** The console.log lines (not the errors) a run prints, in order. */
export function logLines(result: SimResult): string[] {
  return result.ok ? result.output.filter((o) => o.kind === 'log').map((o) => o.text) : [];
}

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

// --------------------------------------------------------------------------------------------------------------
// A recording as JSON. Snapshots share their stack, their queues and the queues' lists; JSON would write each
// shared part once per snapshot. Packed, an object or array met more than once is written once in a table (after
// the parts it holds) and named by {"@": index} where it is met; unpacking gives the same sharing back. A list of
// objects with the same keys (the steps) is written as its keys and a row of values for each: {"#": keys, "rows"}.

const REF = '@';
const ROWS = '#';

export interface Packed {
  table: unknown[];
  root: unknown;
}

export function pack(value: unknown): Packed {
  const seen = new Map<object, number>();
  const count = (v: unknown): void => {
    if (v === null || typeof v !== 'object') return;
    const n = seen.get(v) ?? 0;
    seen.set(v, n + 1);
    if (n > 0) return;
    if (!Array.isArray(v) && (REF in v || ROWS in v))
      throw new Error(`a recording's object has a key ${REF} or ${ROWS}`);
    for (const x of Array.isArray(v) ? v : Object.values(v)) count(x);
  };
  count(value);
  const table: unknown[] = [];
  const slot = new Map<object, number>();
  const write = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const at = slot.get(v);
    if (at !== undefined) return { [REF]: at };
    const keys = Array.isArray(v) ? sameKeys(v, seen) : null;
    const out = keys
      ? { [ROWS]: keys, rows: (v as Record<string, unknown>[]).map((o) => keys.map((k) => write(o[k]))) }
      : Array.isArray(v)
        ? v.map(write)
        : Object.fromEntries(
            Object.entries(v)
              .filter(([, x]) => x !== undefined)
              .map(([k, x]) => [k, write(x)]),
          );
    if ((seen.get(v) ?? 0) < 2) return out;
    slot.set(v, table.length);
    table.push(out);
    return { [REF]: table.length - 1 };
  };
  const root = write(value);
  return { table, root };
}

/** the keys every item of the list has, in the same order, if it is a list of unshared objects like that */
function sameKeys(list: unknown[], seen: Map<object, number>): string[] | null {
  if (list.length < 4) return null;
  let keys: string[] | null = null;
  for (const o of list) {
    if (o === null || typeof o !== 'object' || Array.isArray(o) || (seen.get(o) ?? 0) > 1) return null;
    const ks = Object.keys(o);
    if (ks.some((k) => (o as Record<string, unknown>)[k] === undefined)) return null;
    if (!keys) keys = ks;
    else if (ks.length !== keys.length || ks.some((k, i) => k !== keys![i])) return null;
  }
  return keys;
}

export function unpack(packed: Packed): unknown {
  const done: unknown[] = [];
  const read = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(read);
    const o = v as Record<string, unknown>;
    if (REF in o) return done[o[REF] as number];
    if (ROWS in o) {
      const keys = o[ROWS] as string[];
      return (o['rows'] as unknown[][]).map((row) => {
        const item: Record<string, unknown> = {};
        keys.forEach((k, i) => (item[k] = read(row[i])));
        return item;
      });
    }
    const out: Record<string, unknown> = {};
    for (const k in o) out[k] = read(o[k]);
    return out;
  };
  for (const entry of packed.table) done.push(read(entry));
  return read(packed.root);
}
