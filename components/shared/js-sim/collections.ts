/**
 * Map and Set (ECMA-262 §24.1–24.2). The program's values are host primitives or the interpreter's own objects, so a
 * host Map keyed by them has the specification's SameValueZero keys and insertion order, and its iterators are live
 * as the specification's are (an entry added while iterating is visited, a deleted one is not). How each runtime
 * logs them is inspect.ts's: Node `Map(2) { 'a' => 1, 'b' => 2 }`, Chromium's console `Map(2)`.
 */
import type * as A from 'acorn';
import type { Interpreter } from './engine-types.ts';
import { callback, IteratorObj } from './natives.ts';
import { refuseAt } from './parse.ts';
import { iterate } from './patterns.ts';
import { ITERATOR } from './symbols.ts';
import { ArrayObj, Obj, type Value } from './values.ts';

export class CollectionObj extends Obj {
  /** a Set keeps each value as its own key */
  readonly map = new Map<Value, Value>();
  constructor(readonly kind: 'Map' | 'Set') {
    super();
  }
  override iteratorLookup(): boolean {
    return true;
  }
}

function iterator(it: Interpreter, c: CollectionObj, kind: 'entries' | 'keys' | 'values'): IteratorObj {
  const host = c.map.entries();
  return new IteratorObj(it, `${c.kind} Iterator`, () => {
    const r = host.next();
    if (r.done) return { done: true, value: undefined };
    const [k, v] = r.value;
    const value = kind === 'keys' ? k : kind === 'values' ? v : new ArrayObj([k, c.kind === 'Set' ? k : v]);
    return { done: false, value };
  });
}

/** a property of a Map or a Set; anything else is refused */
export function collectionProperty(it: Interpreter, c: CollectionObj, name: string, site: A.Node): Value {
  const isMap = c.kind === 'Map';
  const m = (impl: (a: Value[], site: A.Node) => Value): Value => it.native(name, (_t, a, s) => impl(a, s));
  switch (name) {
    case 'size':
      return c.map.size;
    case 'has':
      return m((a) => c.map.has(normalize(a[0])));
    case 'delete':
      return m((a) => c.map.delete(normalize(a[0])));
    case 'clear':
      return m(() => (c.map.clear(), undefined));
    case 'forEach':
      return m((a, s) => {
        const f = callback(it, a[0]);
        c.map.forEach((v, k) => void it.call(f, a[1], [v, k, c], s));
        return undefined;
      });
    case 'entries':
    case 'keys':
    case 'values':
      return m(() => iterator(it, c, name));
    case ITERATOR:
      return m(() => iterator(it, c, isMap ? 'entries' : 'values'));
  }
  if (isMap && name === 'get') return m((a) => c.map.get(normalize(a[0])));
  if (isMap && name === 'set') return m((a) => (c.map.set(normalize(a[0]), a[1]), c));
  if (!isMap && name === 'add') return m((a) => (c.map.set(normalize(a[0]), normalize(a[0])), c));
  refuseAt(site, { code: 'unsupportedProperty', name });
}

/** SameValueZero: -0 as a key is +0 */
function normalize(k: Value): Value {
  return k === 0 ? 0 : k;
}

/** `new Map(iterable)`, `new Set(iterable)` */
export function installCollections(it: Interpreter): void {
  for (const kind of ['Map', 'Set'] as const) {
    const ctor = it.native(kind, () => it.throwError('TypeError', `Constructor ${kind} requires 'new'`));
    ctor.construct = (_t, a, site) => {
      const c = new CollectionObj(kind);
      const src = a[0];
      if (src === undefined || src === null) return c;
      for (const item of iterate(it, src, site)) {
        if (kind === 'Set') {
          c.map.set(normalize(item), normalize(item));
          continue;
        }
        if (!(item instanceof Obj)) it.throwError('TypeError', `Iterator value ${String(item)} is not an entry object`);
        const [k, v] =
          item instanceof ArrayObj ? [item.items[0], item.items[1]] : [item.props.get('0'), item.props.get('1')];
        c.map.set(normalize(k), v);
      }
      return c;
    };
    it.defineGlobal(kind, ctor);
  }
}
