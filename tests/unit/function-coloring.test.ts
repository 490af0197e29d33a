import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SIM_SEED } from './sim-seed.ts';
import {
  EDGES,
  FUNCTIONS,
  REACHABLE_FROM_MAIN,
  SPEAKER_SEQUENCE,
  asyncLevels,
  climb,
  completeClimb,
  initialState,
  maxLevel,
  reset,
  setRuntime,
  stateForStep,
  toggle,
  viewOf,
  type FnId,
} from '../../components/function-coloring/function-coloring-model.ts';
import { closure, costOf, reachable, type Edge } from '../../components/function-coloring/function-coloring-graph.ts';
import { pythonListing } from '../../components/function-coloring/function-coloring-listings.ts';
import { functionColoringText } from '../../components/function-coloring/function-coloring-text.ts';

const C = functionColoringText.en.comments;
const choose = (...fns: FnId[]) => fns.reduce((s, f) => completeClimb(toggle(s, f)), initialState());

describe('the colouring of seed 004’s program, worked by hand', () => {
  it('fetch_price async: the colour climbs four levels to main; 9 functions, 12 call sites, 2 stuck callbacks', () => {
    const levels = asyncLevels(['fetch_price']);
    expect(Object.fromEntries(levels)).toEqual({
      fetch_price: 0,
      price: 1,
      total: 2,
      by_price: 2,
      to_line: 2,
      handle_cart: 3,
      cheapest_first: 3,
      handle_list: 3,
      main: 4,
    });
    const v = viewOf(choose('fetch_price'), C);
    // 11 call edges into async functions (the script's last line included) + requests.get → await client.get.
    expect(v).toMatchObject({ functions: 9, callSites: 12, mainAsync: true, colored: true, complete: true });
    expect(v.stuck).toEqual([
      { fn: 'by_price', via: 'sorted', caller: 'cheapest_first' },
      { fn: 'to_line', via: 'map', caller: 'handle_list' },
    ]);
    expect(v.nodes.by_price.stuck).toBe('sorted');
    expect(v.nodes.price.stuck).toBeNull();
  });

  it('total async: only handle_cart and main follow (3 functions, 3 call sites), nothing stuck', () => {
    const v = viewOf(choose('total'), C);
    expect(v).toMatchObject({ functions: 3, callSites: 3, mainAsync: true, stuck: [] });
    expect(FUNCTIONS.filter((f) => v.nodes[f].color === 'async')).toEqual(['total', 'handle_cart', 'main']);
  });

  it('by_price async: the sorted key is stuck, and the colour still climbs through cheapest_first to main', () => {
    const v = viewOf(choose('by_price'), C);
    expect(FUNCTIONS.filter((f) => v.nodes[f].color === 'async')).toEqual([
      'by_price',
      'cheapest_first',
      'handle_list',
      'main',
    ]);
    expect(v).toMatchObject({ functions: 4, callSites: 4 });
    expect(v.stuck.map((k) => k.fn)).toEqual(['by_price']);
  });

  it('main alone: one function, one call site (main() → asyncio.run(main()))', () => {
    const v = viewOf(choose('main'), C);
    expect(v).toMatchObject({ functions: 1, callSites: 1 });
    expect(v.listing.at(-1)).toEqual({ text: 'asyncio.run(main())', changed: true });
  });

  it('the all-sync listing is seed 004’s code grown by two handlers, with nothing marked', () => {
    const v = viewOf(initialState(), C);
    expect(v.listing.some((l) => l.changed)).toBe(false);
    const code = v.listing.map((l) => l.text).join('\n');
    expect(code).toContain('def total(ids):\n    return sum(price(i) for i in ids)');
    expect(code).toContain('def price(i):\n    return fetch_price(i)');
    expect(code).not.toContain('async');
    expect(code).not.toContain('await');
  });

  it('the async listing: async def for each async function, await at each call site, the two rewrites', () => {
    const v = viewOf(choose('fetch_price'), C);
    const code = v.listing.map((l) => l.text).join('\n');
    expect(code.match(/^async def /gm)).toHaveLength(9);
    expect(code).toContain('return (await client.get(f"{API}/{i}")).json()');
    expect(code).toContain('return sum([await price(i) for i in ids])');
    expect(code).toContain('prices = {i: await by_price(i) for i in ids}\n    return sorted(ids, key=prices.get)');
    expect(code).toContain('return [await to_line(i) for i in await cheapest_first(ids)]');
    expect(code).toContain('print(await handle_cart(ids), await handle_list(ids))');
    expect(code).not.toMatch(/^def /m);
    // Every line changed but `ids = [3, 1, 2]`.
    expect(v.listing.filter((l) => !l.changed).map((l) => l.text.trim())).toEqual(['ids = [3, 1, 2]']);
  });

  it('naive: only async and await added, sorted and map still get the coroutine functions', () => {
    const all = new Set<FnId>(asyncLevels(['fetch_price']).keys());
    const code = pythonListing((f) => all.has(f), C, { naive: true })
      .map((l) => l.text)
      .join('\n');
    expect(code).toContain('return sorted(ids, key=by_price)');
    expect(code).toContain('return list(map(to_line, await cheapest_first(ids)))');
  });
});

describe('the climb, step by step', () => {
  it('choosing fetch_price starts at level 0: price is "broken" (calls an async function, still def)', () => {
    let s = toggle(initialState(), 'fetch_price');
    expect(s.shown).toBe(0);
    let v = viewOf(s, C);
    expect(v.nodes.fetch_price.color).toBe('async');
    expect(v.nodes.price.color).toBe('broken');
    expect(v.nodes.total.color).toBe('sync');
    expect(v.complete).toBe(false);
    const seen: number[] = [];
    for (let i = 0; i < 10 && s.shown !== null; i++) {
      seen.push(s.shown);
      s = climb(s);
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    expect(maxLevel(['fetch_price'])).toBe(4);
    v = viewOf(s, C);
    expect(v.complete).toBe(true);
    expect(v.nodes.main.color).toBe('async');
  });

  it('a mid-climb listing is valid Python: a rewrite appears only once its caller is async too', () => {
    let s = toggle(initialState(), 'fetch_price');
    s = climb(climb(s)); // level 2: by_price and to_line async, their callers not yet
    const code = viewOf(s, C)
      .listing.map((l) => l.text)
      .join('\n');
    expect(code).toContain('async def by_price(i):');
    expect(code).toContain('def cheapest_first(ids):\n    return sorted(ids, key=by_price)');
    // At level 0 price is still plain and calls fetch_price bare: no await inside a def.
    const first = viewOf(toggle(initialState(), 'fetch_price'), C).listing;
    expect(first.map((l) => l.text)).toContain('    return fetch_price(i)');
    expect(first.filter((l) => l.changed).map((l) => l.fn)).toEqual(['fetch_price', 'fetch_price']);
  });

  it('un-choosing shows the result at once; choosing what is already async climbs nothing', () => {
    const s = choose('fetch_price');
    expect(toggle(s, 'fetch_price').shown).toBeNull();
    expect(toggle(s, 'fetch_price').chosen).toEqual([]);
    expect(toggle(s, 'main').shown).toBeNull();
  });

  it('Go, Java and Erlang have no colours: nothing is async, no call site changes, the listing is fixed', () => {
    for (const r of ['go', 'java', 'erlang'] as const) {
      const v = viewOf(setRuntime(choose('fetch_price'), r), C);
      expect(v).toMatchObject({ colored: false, functions: 0, callSites: 0, stuck: [], mainAsync: false });
      expect(FUNCTIONS.every((f) => v.nodes[f].color === 'sync')).toBe(true);
      expect(v.listing.some((l) => l.changed)).toBe(false);
      expect(v.listing.map((l) => l.text).join('\n')).not.toMatch(/\basync\b|\bawait\b/);
    }
    // The choice survives the switch: back to Python, the colours return.
    expect(viewOf(setRuntime(setRuntime(choose('fetch_price'), 'go'), 'python'), C).functions).toBe(9);
  });

  it('reset keeps the runtime and the tab', () => {
    const s = reset({ ...setRuntime(choose('total'), 'go'), view: 'bridges' });
    expect(s).toMatchObject({ chosen: [], runtime: 'go', view: 'bridges' });
  });
});

describe('the speaker sequence', () => {
  it('make fetch_price async → it climbs → the sorted key is stuck → Go', () => {
    expect(SPEAKER_SEQUENCE).toHaveLength(5);
    const steps = SPEAKER_SEQUENCE.map((_, i) => viewOf(stateForStep(i, initialState()), C));
    expect(steps[0]!.functions).toBe(0);
    expect(steps[1]!.complete).toBe(false);
    expect(steps[1]!.nodes.price.color).toBe('broken');
    expect(steps[2]!.nodes.main.color).toBe('async');
    expect(stateForStep(3, initialState()).focus).toBe('by_price');
    expect(steps[3]!.nodes.by_price.stuck).toBe('sorted');
    expect(steps[4]!.colored).toBe(false);
  });
});

// ------------------------------------------------------------------------------------------------ properties

/** A random call graph on nodes n0..n(k-1), n0 the root; edges point from a lower index to a higher (a DAG). */
const graphArb = fc.integer({ min: 2, max: 9 }).chain((k) =>
  fc
    .record({
      edges: fc.uniqueArray(
        fc
          .tuple(fc.integer({ min: 0, max: k - 1 }), fc.integer({ min: 0, max: k - 1 }), fc.boolean())
          .filter(([a, b]) => a < b),
        { selector: ([a, b]) => `${a}-${b}`, maxLength: 20 },
      ),
      s: fc.subarray([...Array(k).keys()]),
      extra: fc.subarray([...Array(k).keys()]),
    })
    .map(({ edges, s, extra }) => ({
      edges: edges.map(([a, b, cb]): Edge<string> => ({
        from: `n${a}`,
        to: `n${b}`,
        ...(cb ? { via: 'map' as const } : {}),
      })),
      s: s.map((i) => `n${i}`),
      t: [...new Set([...s, ...extra])].map((i) => `n${i}`),
    })),
);

const params = { seed: SIM_SEED, numRuns: 300 };

describe('colouring, on random call graphs', () => {
  it('is monotone: one more async function never un-colours another', () => {
    fc.assert(
      fc.property(graphArb, ({ edges, s, t }) => {
        const a = closure(edges, s);
        const b = closure(edges, t);
        for (const f of a.keys()) expect(b.has(f)).toBe(true);
      }),
      params,
    );
  });

  it('is idempotent, contains the chosen ones and is closed upward along every edge', () => {
    fc.assert(
      fc.property(graphArb, ({ edges, s }) => {
        const a = closure(edges, s);
        expect([...closure(edges, a.keys()).keys()].sort()).toEqual([...a.keys()].sort());
        for (const c of s) expect(a.get(c)).toBe(0);
        for (const e of edges) if (a.has(e.to)) expect(a.has(e.from)).toBe(true);
        // A level is one more than the least level among its async callees.
        for (const [f, level] of a) {
          if (level === 0) continue;
          const below = edges.filter((e) => e.from === f && a.has(e.to)).map((e) => a.get(e.to)!);
          expect(level).toBe(Math.min(...below) + 1);
        }
      }),
      params,
    );
  });

  it('colours the root iff a chosen function is reachable from it', () => {
    fc.assert(
      fc.property(graphArb, ({ edges, s }) => {
        const r = reachable(edges, 'n0');
        expect(closure(edges, s).has('n0')).toBe(s.some((f) => r.has(f)));
      }),
      params,
    );
  });

  it('counts a call site per edge into an async function, a stuck one per callback edge among them', () => {
    fc.assert(
      fc.property(graphArb, ({ edges, s }) => {
        const a = new Set(closure(edges, s).keys());
        const cost = costOf(edges, a);
        expect(cost.functions).toBe(a.size);
        expect(cost.callSites).toBe(edges.filter((e) => a.has(e.to)).length);
        expect(cost.stuck.every((e) => e.via && a.has(e.to))).toBe(true);
      }),
      params,
    );
  });
});

describe('colouring seed 004’s program: all 512 choices', () => {
  const subsets = Array.from({ length: 1 << FUNCTIONS.length }, (_, m) => FUNCTIONS.filter((_, i) => m & (1 << i)));

  it('main is async iff anything is (every function is reachable from main)', () => {
    expect(REACHABLE_FROM_MAIN.size).toBe(FUNCTIONS.length);
    for (const s of subsets) expect(asyncLevels(s).has('main')).toBe(s.length > 0);
  });

  it('changed lines: an async def per async function, and the counts never shrink when one more is chosen', () => {
    for (const s of subsets) {
      const state = choose(...s);
      const v = viewOf(state, C);
      expect(v.listing.filter((l) => l.text.startsWith('async def')).length).toBe(v.functions);
      for (const f of FUNCTIONS) {
        if (s.includes(f)) continue;
        const w = viewOf(choose(...s, f), C);
        expect(w.functions).toBeGreaterThanOrEqual(v.functions);
        expect(w.callSites).toBeGreaterThanOrEqual(v.callSites);
      }
    }
  });

  it('every edge of the graph is a call in the listing', () => {
    const code = viewOf(initialState(), C)
      .listing.map((l) => l.text)
      .join('\n');
    for (const e of EDGES) expect(code).toContain(e.to);
  });
});
