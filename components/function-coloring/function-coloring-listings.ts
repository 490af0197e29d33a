/**
 * The program in each runtime, written once. Python's listing is generated from the set of async functions: an
 * `async def` for each, an `await` at each call site whose callee is async, and the two rewrites a stuck callback
 * forces (`sorted` and `map` cannot await). `naive` leaves those two calls as they were — the listing a person
 * gets by only adding `async` and `await`, which a real run shows broken (tests/unit/function-coloring-real.test.ts
 * runs both). The other runtimes' listings never change: no function has a color there. Comments are passed in,
 * in the reader's language. Pure: strings in, strings out.
 */
import type { FnId } from './function-coloring-graph.ts';

export type Runtime = 'python' | 'go' | 'java' | 'erlang';
export const RUNTIMES: readonly Runtime[] = ['python', 'go', 'java', 'erlang'];

/** One line of a listing: `changed` when it differs from the all-sync program; `fn` the function it belongs to. */
export interface Line {
  readonly text: string;
  readonly changed: boolean;
  readonly fn?: FnId;
}

/** The comments of the listings, in one language (kept short: a line must fit beside the graph). */
export interface ListingComments {
  readonly sortedKey: string;
  readonly mapCallback: string;
  readonly blocks: string;
}

/** The function names each runtime's listing uses (Go and Java spell them in camelCase). */
export function fnName(runtime: Runtime, fn: FnId): string {
  if (runtime === 'python' || runtime === 'erlang') return fn;
  return fn.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

export function pythonListing(
  isAsync: (fn: FnId) => boolean,
  c: ListingComments,
  opts: { naive?: boolean } = {},
): Line[] {
  const lines: Line[] = [];
  const def = (fn: FnId, params: string, comment = '') =>
    lines.push({ text: `${isAsync(fn) ? 'async ' : ''}def ${fn}(${params}):${comment}`, changed: isAsync(fn), fn });
  const body = (fn: FnId, text: string, changed: boolean) => lines.push({ text: `    ${text}`, changed, fn });

  def('fetch_price', 'i');
  body(
    'fetch_price',
    isAsync('fetch_price')
      ? 'return (await client.get(f"{API}/{i}")).json()'
      : 'return requests.get(f"{API}/{i}").json()',
    isAsync('fetch_price'),
  );
  // A call gains `await` once both ends are async: mid-climb, a caller still plain keeps its bare call (and gets a
  // coroutine), so every intermediate listing is valid Python.
  const awaits = (caller: FnId, callee: FnId) => isAsync(caller) && isAsync(callee);
  const aw = (caller: FnId, callee: FnId) => (awaits(caller, callee) ? 'await ' : '');
  def('price', 'i');
  body('price', `return ${aw('price', 'fetch_price')}fetch_price(i)`, awaits('price', 'fetch_price'));
  def('total', 'ids');
  body(
    'total',
    awaits('total', 'price') ? 'return sum([await price(i) for i in ids])' : 'return sum(price(i) for i in ids)',
    awaits('total', 'price'),
  );
  def('by_price', 'i', `  # ${c.sortedKey}`);
  body('by_price', `return ${aw('by_price', 'price')}price(i)`, awaits('by_price', 'price'));
  def('cheapest_first', 'ids');
  if (awaits('cheapest_first', 'by_price') && !opts.naive) {
    body('cheapest_first', 'prices = {i: await by_price(i) for i in ids}', true);
    body('cheapest_first', 'return sorted(ids, key=prices.get)', true);
  } else body('cheapest_first', 'return sorted(ids, key=by_price)', false);
  def('to_line', 'i', `  # ${c.mapCallback}`);
  body('to_line', `return f"{i}: {${aw('to_line', 'price')}price(i)}"`, awaits('to_line', 'price'));
  def('handle_cart', 'ids');
  body('handle_cart', `return ${aw('handle_cart', 'total')}total(ids)`, awaits('handle_cart', 'total'));
  def('handle_list', 'ids');
  const sorted = `${aw('handle_list', 'cheapest_first')}cheapest_first(ids)`;
  if (awaits('handle_list', 'to_line') && !opts.naive)
    body('handle_list', `return [await to_line(i) for i in ${sorted}]`, true);
  else body('handle_list', `return list(map(to_line, ${sorted}))`, awaits('handle_list', 'cheapest_first'));
  def('main', '');
  body('main', `ids = [3, 1, 2]`, false);
  body(
    'main',
    `print(${aw('main', 'handle_cart')}handle_cart(ids), ${aw('main', 'handle_list')}handle_list(ids))`,
    awaits('main', 'handle_cart') || awaits('main', 'handle_list'),
  );
  lines.push({ text: isAsync('main') ? 'asyncio.run(main())' : 'main()', changed: isAsync('main') });
  return lines;
}

/** The same program in a runtime without colors: `fetch_price` blocks, and nothing above it knows. */
export function staticListing(runtime: Exclude<Runtime, 'python'>, c: ListingComments): Line[] {
  const text = {
    go: `// ${c.blocks}
func fetchPrice(i int) int { return get(api, i) }
func price(i int) int { return fetchPrice(i) }
func total(ids []int) (s int) {
	for _, i := range ids { s += price(i) }
	return s
}
func byPrice(ids []int) func(a, b int) bool {
	return func(a, b int) bool { return price(ids[a]) < price(ids[b]) }
}
func cheapestFirst(ids []int) []int {
	sort.Slice(ids, byPrice(ids))
	return ids
}
func toLine(i int) string { return fmt.Sprint(i, ": ", price(i)) }
func handleCart(ids []int) int { return total(ids) }
func handleList(ids []int) (out []string) {
	for _, i := range cheapestFirst(ids) { out = append(out, toLine(i)) }
	return out
}
func main() { serve(handleCart, handleList) }`,
    java: `// ${c.blocks}
static int fetchPrice(int i) { return get(api, i); }
static int price(int i) { return fetchPrice(i); }
static int total(List<Integer> ids) {
    return ids.stream().mapToInt(Shop::price).sum();
}
static int byPrice(int i) { return price(i); }
static List<Integer> cheapestFirst(List<Integer> ids) {
    return ids.stream().sorted(comparingInt(Shop::byPrice)).toList();
}
static String toLine(int i) { return i + ": " + price(i); }
static int handleCart(List<Integer> ids) { return total(ids); }
static List<String> handleList(List<Integer> ids) {
    return cheapestFirst(ids).stream().map(Shop::toLine).toList();
}
public static void main(String[] args) {
    serve(Shop::handleCart, Shop::handleList);
}`,
    erlang: `fetch_price(I) ->  % ${c.blocks}
    {ok, {_, _, Body}} = httpc:request(url(I)),
    binary_to_integer(Body).
price(I) -> fetch_price(I).
total(Ids) -> lists:sum([price(I) || I <- Ids]).
by_price(A, B) -> price(A) =< price(B).
cheapest_first(Ids) -> lists:sort(fun by_price/2, Ids).
to_line(I) -> io_lib:format("~p: ~p", [I, price(I)]).
handle_cart(Ids) -> total(Ids).
handle_list(Ids) -> lists:map(fun to_line/1, cheapest_first(Ids)).
main() -> serve(fun handle_cart/1, fun handle_list/1).`,
  }[runtime];
  return text.split('\n').map((t) => ({ text: t, changed: false }));
}
