/**
 * console.log's format specifiers (`%s`, `%d`, `%i`, `%f`, `%o`, `%O`, `%c`, `%%`) when the first argument is a
 * string and more arguments follow.
 *
 * Node: util.format (lib/internal/util/inspect.js, formatWithOptionsInternal): `%s` is String() of a primitive
 * (-0 as `-0`) and util.inspect at depth 0 of an object; `%d` is Number(), `%i` parseInt, `%f` parseFloat; `%o`
 * inspects with hidden properties (an array's `[length]`), `%O` as a plain argument; `%c` swallows its argument;
 * `%%` is `%` (unless the string is the only argument); a specifier with no argument left stays as written; the
 * arguments left over follow, separated by spaces.
 *
 * Chromium: V8 converts the arguments of `%s` (String()), `%d`/`%i` (parseInt) and `%f` (parseFloat) before the
 * message leaves the page; the console substitutes them in order, an object for `%o`/`%O` as its preview, `%c` as a
 * style (no text). What the simulator cannot vouch for is refused by name: `%j` (JSON), `%%` in a browser,
 * `%o`/`%O` of a primitive in a browser, `%s` of an object with its own toString.
 */
import type * as A from 'acorn';
import { toStr } from './conversions.ts';
import { refuseAt } from './parse.ts';
import { InstanceObj } from './classes.ts';
import type { Runtime } from './types.ts';
import { ArrayObj, FnObj, isObj, PromiseObj, type Obj, type Value } from './values.ts';

/** how the runtime prints one argument that is not substituted (the plain console.log rules of inspect.ts) */
export interface ArgPrinter {
  /** an argument printed by itself (a string as it is) */
  plain(v: Value): string;
  /** util.inspect at most `depth` levels deep (Node), a string quoted */
  inspect(v: Value, depth: number): string;
  /** the console's preview of an object (Chromium) */
  preview(v: Obj): string;
}

const SPEC = /%[sdifjoOc%]/;

/** true when console.log would read its first argument as a format string */
export function hasFormat(args: readonly Value[]): boolean {
  return args.length > 1 && typeof args[0] === 'string' && SPEC.test(args[0]);
}

function refuse(site: A.Node, name: string): never {
  refuseAt(site, { code: 'unsupportedLog', name });
}

function numberText(n: number): string {
  return Object.is(n, -0) ? '-0' : String(n);
}

function toNumber(v: Value, site: A.Node): number {
  return isObj(v) ? Number(toStr(v, site)) : Number(v);
}

function toText(v: Value, site: A.Node): string {
  return isObj(v) ? toStr(v, site) : String(v);
}

/** an object whose every property (and item) is a primitive: printed the same at any depth and with `%o` */
function flat(v: Obj): boolean {
  if (v instanceof ArrayObj) return v.items.every((x) => !isObj(x));
  return [...v.props.values()].every((x) => !isObj(x));
}

function ownToString(v: Obj): boolean {
  return v instanceof InstanceObj || v.props.has('toString');
}

function nodeSpec(c: string, v: Value, p: ArgPrinter, site: A.Node): string {
  switch (c) {
    case 's':
      if (typeof v === 'number') return numberText(v);
      if (!isObj(v)) return String(v);
      // Node prints a function's source for %s
      if (v instanceof FnObj) refuse(site, 'function');
      if (ownToString(v)) refuse(site, '%s toString');
      return p.inspect(v, 0);
    case 'd':
      return numberText(toNumber(v, site));
    case 'i':
      return numberText(parseInt(toText(v, site), 10));
    case 'f':
      return numberText(parseFloat(toText(v, site)));
    case 'O':
      return p.inspect(v, 2);
    case 'o':
      if (!isObj(v)) return p.inspect(v, 4);
      if (v instanceof FnObj || v instanceof PromiseObj || v instanceof InstanceObj || !flat(v)) {
        refuse(site, '%o');
      }
      if (v instanceof ArrayObj) {
        const items = [...v.items.map((x) => p.inspect(x, 4)), `[length]: ${v.items.length}`];
        return `[ ${items.join(', ')} ]`;
      }
      return p.inspect(v, 4);
    case 'c':
      return '';
    default:
      refuse(site, '%j');
  }
}

function browserSpec(c: string, v: Value, p: ArgPrinter, site: A.Node): string {
  switch (c) {
    case 's':
      if (isObj(v) && ownToString(v)) refuse(site, '%s toString');
      return toText(v, site);
    case 'd':
    case 'i':
      return String(parseInt(toText(v, site), 10));
    case 'f':
      return String(parseFloat(toText(v, site)));
    case 'o':
    case 'O':
      if (!isObj(v)) refuse(site, '%o/%O primitive');
      return p.preview(v);
    case 'c':
      return '';
    default:
      refuse(site, '%j');
  }
}

/** the line console.log prints for `format, ...rest` (hasFormat is true) */
export function formatWith(args: readonly Value[], runtime: Runtime, p: ArgPrinter, site: A.Node): string {
  const first = args[0] as string;
  let a = 0;
  let out = '';
  let last = 0;
  let used = false;
  for (let i = 0; i < first.length - 1; i++) {
    if (first[i] !== '%') continue;
    const c = first[++i]!;
    if (c === '%') {
      if (runtime === 'browser') refuse(site, '%%');
      out += first.slice(last, i);
      last = i + 1;
      used = true;
      continue;
    }
    if (!'sdifjoOc'.includes(c) || a + 1 >= args.length) continue;
    const v = args[++a];
    const text = runtime === 'node' ? nodeSpec(c, v, p, site) : browserSpec(c, v, p, site);
    out += first.slice(last, i - 1) + text;
    last = i + 1;
    used = true;
  }
  const rest = args.slice(a + 1).map((v) => p.plain(v));
  if (!used) return [first, ...rest].join(' ');
  out += first.slice(last);
  return [out, ...rest].join(' ');
}
