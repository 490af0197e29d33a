/**
 * The call graph of seed 004's `total` / `price` / `fetch_price` example, grown into a small program with two
 * handlers, a `sorted(key=…)` callback and a `map` callback, and the coloring rule on any such graph. Pure data
 * and functions: no DOM.
 *
 * The rule (stackless coroutines: Python asyncio, JavaScript, C#, Rust): a function that calls an async function
 * must await it, so it must be async itself. The async functions are therefore the closure upward of the ones
 * the person chose: every function from which a chosen one can be reached along the call edges. A callback edge
 * (a function handed to `sorted` or `map`) climbs too — whoever wants the callback's results has to await them —
 * but the builtin in between calls its callback synchronously and cannot await, so the call has to be rewritten.
 */

/** The program's functions, callees before callers (the order of the Python listing). */
export const FUNCTIONS = [
  'fetch_price',
  'price',
  'total',
  'by_price',
  'cheapest_first',
  'to_line',
  'handle_cart',
  'handle_list',
  'main',
] as const;

export type FnId = (typeof FUNCTIONS)[number];

/** The builtins that take a callback and call it synchronously. */
export type Via = 'sorted' | 'map';

/** A call site: `from` calls `to` (directly, or by handing it to a builtin `via`). `entry` is the script's last line. */
export interface Edge<Id extends string = FnId> {
  readonly from: Id | 'entry';
  readonly to: Id;
  readonly via?: Via;
}

export const EDGES: readonly Edge[] = [
  { from: 'entry', to: 'main' },
  { from: 'main', to: 'handle_cart' },
  { from: 'main', to: 'handle_list' },
  { from: 'handle_cart', to: 'total' },
  { from: 'handle_list', to: 'cheapest_first' },
  { from: 'handle_list', to: 'to_line', via: 'map' },
  { from: 'cheapest_first', to: 'by_price', via: 'sorted' },
  { from: 'total', to: 'price' },
  { from: 'by_price', to: 'price' },
  { from: 'to_line', to: 'price' },
  { from: 'price', to: 'fetch_price' },
];

export function isFn(x: unknown): x is FnId {
  return typeof x === 'string' && (FUNCTIONS as readonly string[]).includes(x);
}

/**
 * The functions that must be async when `chosen` are, each with its level: 0 for a chosen one, n for one whose
 * nearest async callee is at level n − 1 (how many steps the color climbed to reach it). Breadth-first over the
 * reversed edges, so the levels are shortest distances. Works on any graph (the tests give it random ones).
 */
export function closure<Id extends string>(edges: readonly Edge<Id>[], chosen: Iterable<Id>): Map<Id, number> {
  const level = new Map<Id, number>();
  let frontier: Id[] = [];
  for (const c of chosen) {
    if (!level.has(c)) {
      level.set(c, 0);
      frontier.push(c);
    }
  }
  for (let depth = 1; frontier.length > 0; depth++) {
    const next: Id[] = [];
    for (const e of edges) {
      if (e.from === 'entry' || level.has(e.from)) continue;
      if (frontier.includes(e.to)) {
        level.set(e.from, depth);
        next.push(e.from);
      }
    }
    frontier = next;
  }
  return level;
}

/** Every function reachable from `root` along the call edges (the root included). */
export function reachable<Id extends string>(edges: readonly Edge<Id>[], root: Id): Set<Id> {
  const seen = new Set<Id>([root]);
  const stack = [root];
  while (stack.length) {
    const f = stack.pop()!;
    for (const e of edges) {
      if (e.from === f && !seen.has(e.to)) {
        seen.add(e.to);
        stack.push(e.to);
      }
    }
  }
  return seen;
}

/** What a coloring costs: functions that become `async def`, call sites that change, callbacks stuck in a builtin. */
export interface Cost<Id extends string = FnId> {
  readonly functions: number;
  /** Call sites whose callee is async (each gains an `await`, or is rewritten), the script's entry included. */
  readonly callSites: number;
  /** Callback edges into an async function: the builtin cannot await, the call is rewritten. */
  readonly stuck: readonly Edge<Id>[];
}

export function costOf<Id extends string>(edges: readonly Edge<Id>[], asyncSet: ReadonlySet<Id>): Cost<Id> {
  const into = edges.filter((e) => asyncSet.has(e.to));
  return { functions: asyncSet.size, callSites: into.length, stuck: into.filter((e) => e.via !== undefined) };
}
