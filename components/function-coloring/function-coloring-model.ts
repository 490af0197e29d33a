/**
 * function-coloring: click a function to make it async and watch the color climb the call graph to `main`; switch
 * the runtime and the colors are gone. Pure: no DOM, no timers. The graph and the closure are in
 * function-coloring-graph.ts, the listings in function-coloring-listings.ts.
 *
 * State: the runtime, the functions the person made async (`chosen`), how far the climb is shown (`shown`: the
 * levels revealed so far, null when complete; the element's Player advances it), the function whose explanation
 * is open (`focus`) and the tab (`view`: the graph, or the escape hatches between the two worlds).
 */
import { clampIndex } from '../../lib/stepping.ts';
import {
  EDGES,
  FUNCTIONS,
  closure,
  costOf,
  isFn,
  reachable,
  type Edge,
  type FnId,
  type Via,
} from './function-coloring-graph.ts';
import {
  RUNTIMES,
  pythonListing,
  staticListing,
  type Line,
  type ListingComments,
  type Runtime,
} from './function-coloring-listings.ts';
import { SPEAKER_SEQUENCE } from './function-coloring-sequence.ts';

export { SPEAKER_SEQUENCE, FUNCTIONS, EDGES, RUNTIMES };
export type { FnId, Runtime, Via, Line, Edge };

export type View = 'graph' | 'bridges';

export interface ColoringState {
  readonly runtime: Runtime;
  /** In FUNCTIONS order, no repeats. */
  readonly chosen: readonly FnId[];
  /** Levels of the climb shown so far (0: only the chosen ones); null: the climb is complete. */
  readonly shown: number | null;
  readonly focus: FnId | null;
  readonly view: View;
}

interface SequenceEntry {
  readonly runtime: Runtime;
  readonly chosen: readonly FnId[];
  readonly shown: number | null;
  readonly focus: FnId | null;
}
// Typed here, so the plain-data sequence is checked against the model's types.
const SEQUENCE: readonly SequenceEntry[] = SPEAKER_SEQUENCE;

export function initialState(): ColoringState {
  return { runtime: 'python', chosen: [], shown: null, focus: null, view: 'graph' };
}

function normalize(chosen: Iterable<FnId>): FnId[] {
  const set = new Set(chosen);
  return FUNCTIONS.filter((f) => set.has(f));
}

export function stateForStep(step: number, current: ColoringState): ColoringState {
  void current;
  const e = SEQUENCE[clampIndex(step, SEQUENCE.length)]!;
  return { runtime: e.runtime, chosen: normalize(e.chosen), shown: e.shown, focus: e.focus, view: 'graph' };
}

/** The async functions of the chosen ones, with levels (see `closure`). */
export function asyncLevels(chosen: readonly FnId[]): Map<FnId, number> {
  return closure(EDGES, chosen);
}

/** The highest level of the climb (0 when nothing climbs; -1 when nothing is async). */
export function maxLevel(chosen: readonly FnId[]): number {
  const levels = [...asyncLevels(chosen).values()];
  return levels.length ? Math.max(...levels) : -1;
}

/**
 * Make a function async, or plain again. Choosing one starts a climb from level 0 when it colors anything new
 * (the element animates it with `climb`); un-choosing shows the result at once.
 */
export function toggle(state: ColoringState, fn: FnId): ColoringState {
  if (!isFn(fn)) return state;
  const on = !state.chosen.includes(fn);
  const chosen = normalize(on ? [...state.chosen, fn] : state.chosen.filter((f) => f !== fn));
  const before = asyncLevels(state.chosen);
  const grows = on && !before.has(fn);
  return { ...state, chosen, shown: grows && state.runtime === 'python' ? 0 : null, focus: on ? fn : state.focus };
}

/** One level more of the climb; complete after the last. */
export function climb(state: ColoringState): ColoringState {
  if (state.shown === null) return state;
  const next = state.shown + 1;
  return { ...state, shown: next >= maxLevel(state.chosen) ? null : next };
}

export function completeClimb(state: ColoringState): ColoringState {
  return state.shown === null ? state : { ...state, shown: null };
}

export function setRuntime(state: ColoringState, runtime: Runtime): ColoringState {
  if (!RUNTIMES.includes(runtime) || runtime === state.runtime) return state;
  return { ...state, runtime, shown: null };
}

export function setFocus(state: ColoringState, focus: FnId | null): ColoringState {
  return focus === state.focus || (focus !== null && !isFn(focus)) ? state : { ...state, focus };
}

export function setView(state: ColoringState, view: View): ColoringState {
  return view === state.view ? state : { ...state, view };
}

export function reset(state: ColoringState): ColoringState {
  return { ...initialState(), runtime: state.runtime, view: state.view };
}

/** How a function looks now. */
export type NodeColor =
  /** Plain: called and waited for like any function (every function of Go, Java virtual threads, Erlang). */
  | 'sync'
  /** Async: `async def`, awaited by its callers. */
  | 'async'
  /** Mid-climb: still `def`, but it calls an async function, so it gets a coroutine instead of a value. */
  | 'broken';

export interface NodeView {
  readonly color: NodeColor;
  readonly chosen: boolean;
  /** A callback whose builtin calls it synchronously, now async: the call had to be rewritten. */
  readonly stuck: Via | null;
  /** Level of the climb (null: not async). */
  readonly level: number | null;
}

export interface ColoringView {
  readonly nodes: Readonly<Record<FnId, NodeView>>;
  /** Colors exist only under Python asyncio. */
  readonly colored: boolean;
  readonly complete: boolean;
  /** Counted on the complete climb: functions that become async, call sites that change, stuck callbacks. */
  readonly functions: number;
  readonly callSites: number;
  readonly stuck: readonly { readonly fn: FnId; readonly via: Via; readonly caller: FnId }[];
  readonly mainAsync: boolean;
  /** Edges drawn in color: the callee is async and shown. */
  readonly hotEdges: readonly Edge[];
  readonly listing: readonly Line[];
}

export function viewOf(state: ColoringState, comments: ListingComments): ColoringView {
  const colored = state.runtime === 'python';
  const levels = colored ? asyncLevels(state.chosen) : new Map<FnId, number>();
  const limit = state.shown ?? Infinity;
  const shownAsync = (f: FnId) => levels.has(f) && levels.get(f)! <= limit;
  const full = new Set(levels.keys());
  const cost = costOf(EDGES, full);
  const stuckEdges = cost.stuck.filter((e) => e.from !== 'entry');
  const stuckOf = (f: FnId) => stuckEdges.find((e) => e.to === f)?.via ?? null;
  const nodes = Object.fromEntries(
    FUNCTIONS.map((f) => {
      const level = levels.get(f);
      const color: NodeColor = shownAsync(f) ? 'async' : level !== undefined && level === limit + 1 ? 'broken' : 'sync';
      return [
        f,
        { color, chosen: state.chosen.includes(f), stuck: shownAsync(f) ? stuckOf(f) : null, level: level ?? null },
      ];
    }),
  ) as Record<FnId, NodeView>;
  const listing = colored ? pythonListing(shownAsync, comments) : staticListing(state.runtime, comments);
  return {
    nodes,
    colored,
    complete: state.shown === null,
    functions: cost.functions,
    // The library call inside fetch_price changes too: requests.get becomes await client.get (httpx.AsyncClient).
    callSites: cost.callSites + (full.has('fetch_price') ? 1 : 0),
    stuck: stuckEdges
      .map((e) => ({ fn: e.to, via: e.via!, caller: e.from as FnId }))
      .sort((a, b) => FUNCTIONS.indexOf(a.fn) - FUNCTIONS.indexOf(b.fn)),
    mainAsync: full.has('main'),
    hotEdges: EDGES.filter((e) => e.from !== 'entry' && shownAsync(e.to)),
    listing,
  };
}

/** Every function of the program is reachable from main (so main is async as soon as anything is). */
export const REACHABLE_FROM_MAIN: ReadonlySet<FnId> = reachable(EDGES, 'main');
