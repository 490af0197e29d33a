/**
 * The two well-known symbols the subset knows, Symbol.iterator and Symbol.asyncIterator: as values (the global
 * Symbol's properties, builtins.ts) and as property keys (`[Symbol.asyncIterator]() { … }` in an object or a class).
 */
import type * as A from 'acorn';
import { OpaqueObj } from './values.ts';

/** the well-known symbols, as property keys */
export const ITERATOR = '@@iterator';
export const ASYNC_ITERATOR = '@@asyncIterator';

export class SymbolObj extends OpaqueObj {
  constructor(readonly key: string) {
    super('symbol');
  }
}

/** a property key written `[Symbol.iterator]` or `[Symbol.asyncIterator]` (the only computed keys in the subset) */
export function symbolKey(key: A.Node): string | null {
  if (key.type !== 'MemberExpression') return null;
  const m = key as A.MemberExpression;
  if (m.computed || m.object.type !== 'Identifier' || m.object.name !== 'Symbol') return null;
  const name = (m.property as A.Identifier).name;
  return name === 'iterator' ? ITERATOR : name === 'asyncIterator' ? ASYNC_ITERATOR : null;
}
