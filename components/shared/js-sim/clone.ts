/**
 * `structuredClone` (HTML §2.7.3, StructuredSerialize then StructuredDeserialize): a deep copy of plain objects,
 * arrays, Maps and Sets, keeping shared references and cycles; a class instance becomes a plain object of its own
 * properties (its prototype, getters and private fields are not copied), a getter's value is read. A function is the
 * DOMException DataCloneError, with each runtime's message. Anything else the simulator holds (an Error, a promise, a
 * handle, a regular expression, a symbol key) is refused by name.
 */
import type * as A from 'acorn';
import { domException } from './abort.ts';
import { CollectionObj } from './collections.ts';
import type { Interpreter } from './engine-types.ts';
import { refuseAt } from './parse.ts';
import { ArrayObj, FnObj, Obj, PromiseObj, Throw, type Value, readOwn } from './values.ts';
import { ClassObj, InstanceObj, isEmitter } from './classes.ts';

export function installClone(it: Interpreter): void {
  it.defineGlobal(
    'structuredClone',
    it.native('structuredClone', (_t, a, site) => structuredClone(it, a[0], site)),
  );
}

function structuredClone(it: Interpreter, value: Value, site: A.Node): Value {
  const memory = new Map<Obj, Obj>();
  const clone = (v: Value): Value => {
    if (!(v instanceof Obj)) return v;
    const seen = memory.get(v);
    if (seen) return seen;
    if (v instanceof FnObj) {
      const node = v instanceof ClassObj ? v.classNode : v.node;
      if (!node) refuseAt(site, { code: 'unsupportedValue', name: 'built-in function' });
      const text = `${it.source.slice(node.start, node.end)} could not be cloned.`;
      const message = it.host.runtime === 'browser' ? `Failed to execute 'structuredClone' on 'Window': ${text}` : text;
      throw new Throw(domException(it, 'DataCloneError', message, site));
    }
    if (v instanceof ArrayObj) {
      if (v.matchIndex !== undefined) refuseAt(site, { code: 'unsupportedLog', name: 'match' });
      const out = new ArrayObj([]);
      memory.set(v, out);
      for (const x of v.items) out.items.push(clone(x));
      return out;
    }
    if (v instanceof CollectionObj) {
      const out = new CollectionObj(v.kind);
      memory.set(v, out);
      for (const [k, x] of v.map) {
        const ck = clone(k);
        out.map.set(ck, v.kind === 'Set' ? ck : clone(x));
      }
      return out;
    }
    if (v.isError || v instanceof PromiseObj || isEmitter(v) || (v.constructor !== Obj && !(v instanceof InstanceObj)))
      refuseAt(site, { code: 'unsupportedValue', name: 'structuredClone of this value' });
    const out = new Obj();
    memory.set(v, out);
    for (const k of v.props.keys()) {
      // a symbol's key (`@@iterator`) is not copied; private names are not in props
      if (k.startsWith('@@')) continue;
      out.props.set(k, clone(readOwn(it, v, k)));
    }
    return out;
  };
  return clone(value);
}
