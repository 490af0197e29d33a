/**
 * How console.log prints a value, in each runtime. Node prints every argument with `util.inspect`'s defaults
 * (depth 2, strings nested in objects quoted, one line when it fits in 80 columns); Chromium's console gives the
 * value's preview (strings unquoted, a nested object as `Object`, a nested array as `Array(n)`, at most 5
 * properties of an object and `…` for the rest). An Error prints its first line as each runtime does and one stack
 * frame, the snippet's own (a real stack goes on with the runtime's frames). What would print differently in a way
 * the simulator does not follow is refused: a built-in function, an Error inside a value in Chromium (its preview
 * is the stack cut short), an AggregateError, a long array with characters wider than one column in Node. A value
 * too long for one line in Node is printed over several (one output line each), as util.inspect breaks it; an
 * array of more than 6 items in columns, as util.inspect groups it; past 100 items, `... n more items`.
 */
import type * as A from 'acorn';
import { describe, errorToString, toStr } from './conversions.ts';
import { formatWith, hasFormat } from './format.ts';
import { refuseAt } from './parse.ts';
import { ClassObj, InstanceObj, isEmitter } from './classes.ts';
import { CollectionObj } from './collections.ts';
import { RegExpObj } from './natives.ts';
import type { Runtime } from './types.ts';
import {
  Accessor,
  ArrayObj,
  FnObj,
  HandleObj,
  isObj,
  OpaqueObj,
  PromiseObj,
  type ErrorInfo,
  type Obj,
  type StackFrame,
  type Value,
} from './values.ts';

/** the line console.log prints for its arguments (format specifiers: format.ts) */
export function formatLogArgs(args: Value[], runtime: Runtime, site: A.Node, source: string): string {
  const plain = (v: Value): string =>
    typeof v === 'string'
      ? v
      : runtime === 'node'
        ? inspectNode(v, 0, 0, site)
        : v instanceof FnObj && sourceNode(v)
          ? functionSource(v, source, site)
          : previewTop(v, site);
  if (!hasFormat(args)) return args.map(plain).join(' ');
  return formatWith(
    args,
    runtime,
    {
      plain,
      inspect: (v, depth) => (typeof v === 'string' ? quoteNode(v, site) : inspectNode(v, 0, 0, site, depth)),
      preview: (v) => previewTop(v, site),
    },
    site,
  );
}

/** util.inspect(v): what console.log prints for it in Node, a string quoted */
export function inspectNodeValue(v: Value, site: A.Node): string {
  return typeof v === 'string' ? quoteNode(v, site) : inspectNode(v, 0, 0, site);
}

function primitive(v: Exclude<Value, Obj>): string {
  // console.log prints -0 as -0 (util.inspect / the DevTools formatter), unlike String(-0)
  if (typeof v === 'number' && Object.is(v, -0)) return '-0';
  return String(v);
}

/** an object's own properties in the order JavaScript lists them: integer keys ascending, then the rest as added */
function ownEntries(v: Obj): [string, Value][] {
  const all = [...v.props];
  const isIndex = (k: string): boolean => /^(0|[1-9]\d*)$/.test(k) && Number(k) < 2 ** 32 - 1;
  const ints = all.filter(([k]) => isIndex(k)).sort((a, b) => Number(a[0]) - Number(b[0]));
  return [...ints, ...all.filter(([k]) => !isIndex(k))];
}

function refuseValue(v: Obj, site: A.Node): never {
  refuseAt(site, { code: 'unsupportedLog', name: describe(v) });
}

/** objects whose properties the simulator knows all of: plain objects, arrays, promises (functions: printFunction) */
function checkPrintable(v: Obj, site: A.Node): void {
  // a regular expression's match: its index, input and groups are not kept (natives.ts matchArray)
  if (v instanceof ArrayObj && v.matchIndex !== undefined) refuseAt(site, { code: 'unsupportedLog', name: 'match' });
  // `new Array(n)` not yet filled (natives.ts): its holes are not modelled
  if (v instanceof OpaqueObj && v.what === 'array with holes')
    refuseAt(site, { code: 'unsupported', construct: 'holes' });
  if (v instanceof HandleObj || v instanceof OpaqueObj) refuseValue(v, site);
  // Node prints an EventEmitter's internal fields (_events, _eventsCount, _maxListeners), not modelled
  if (isEmitter(v)) refuseAt(site, { code: 'unsupportedLog', name: 'EventEmitter' });
  // an own '__proto__' key (from JSON.parse or Object.fromEntries): Node prints it as ['__proto__'], not modelled
  if (v.hasOwn('__proto__')) refuseAt(site, { code: 'unsupportedLog', name: '__proto__ key' });
  if (v.isError && (!v.errorInfo || v.errorInfo.base === 'AggregateError'))
    refuseAt(site, { code: 'unsupportedLog', name: 'AggregateError' });
}

// ---------------------------------------------------------------------------------------------------------------
// Errors: the first line as each runtime prints it, then one stack frame, the snippet's own (a real stack goes on
// with the runtime's internal frames; the corpus tests compare the first line exactly and the frames loosely)

function nodeFrame(f: StackFrame): string {
  const at = `snippet.js:${f.line}:${f.column}`;
  return f.fn === null ? `Object.<anonymous> (${at})` : f.fn ? `${f.fn} (${at})` : at;
}

function browserFrame(f: StackFrame): string {
  const at = `<anonymous>:${f.line}:${f.column}`;
  return f.fn ? `${f.fn} (${at})` : at;
}

/**
 * The stack's frames as the runtime prints them: a built-in's own frame first, if it threw (V8's
 * `    at JSON.parse (<anonymous>)`, in both runtimes), then the snippet's
 */
function frames(info: ErrorInfo, runtime: Runtime): string {
  if (!info.frame) return '';
  const own = runtime === 'node' ? nodeFrame(info.frame) : browserFrame(info.frame);
  return `${info.builtin ? `\n    at ${info.builtin} (<anonymous>)` : ''}\n    at ${own}`;
}

/** `err.stack`: its first line as V8 writes it (Error.prototype.toString) and the one frame the simulator shows */
export function errorStack(v: Obj, runtime: Runtime, site: A.Node): string {
  const info = v.errorInfo;
  const header = errorToString(v, site);
  if (!info?.frame) return header;
  return `${header}${frames(info, runtime)}`;
}

/**
 * util.inspect of an Error (lib/internal/util/inspect.js formatError, Node 20): its stack, whose first line
 * improveStack completes with the constructor's name (`NotFound [Error]: …` for a class not named …Error), indented
 * with the value; then its own enumerable properties but `name` and `message` when the stack shows them.
 */
function inspectErrorNode(v: Obj, depth: number, indent: number, site: A.Node, maxDepth: number): string {
  const info = v.errorInfo!;
  let stack = info.frame ? `${errorToString(v, site)}${frames(info, 'node')}` : `[${errorToString(v, site)}]`;
  const nameV = v.props.has('name') ? v.props.get('name') : info.base;
  const name = nameV === undefined || nameV === null ? 'Error' : toStr(nameV, site);
  const len = name.length;
  if (name.endsWith('Error') && stack.startsWith(name) && (stack[len] === ':' || stack[len] === '\n')) {
    const prefix = info.ctorName;
    if (name !== prefix)
      stack = prefix.includes(name) ? `${prefix}${stack.slice(len)}` : `${prefix} [${name}]${stack.slice(len)}`;
  }
  if (indent !== 0) stack = stack.replaceAll('\n', `\n${' '.repeat(indent)}`);
  const keys = ownEntries(v).filter(
    ([k, x]) => !((k === 'name' || k === 'message') && (typeof x !== 'string' || stack.includes(x))),
  );
  const out = keys.map(([k, x]) => {
    const key = IDENT.test(k) ? k : quoteNode(k, site);
    return `${key}: ${inspectNode(x, depth + 1, indent + 2, site, maxDepth)}`;
  });
  // a cause is not enumerable, yet util.inspect shows it
  if ('cause' in info) out.push(`[cause]: ${inspectNode(info.cause, depth + 1, indent + 2, site, maxDepth)}`);
  if (out.length === 0) return stack;
  return lines(out, `${stack} {`, '}', indent);
}

/**
 * Chromium's console text of an Error (V8's inspector, descriptionForError): a built-in error's stack; an instance
 * of a class extending Error, its stack when it begins with the class's name, else the class's name and message
 */
function browserError(v: Obj, site: A.Node): string {
  const info = v.errorInfo!;
  let header = errorToString(v, site);
  if (v instanceof InstanceObj && !header.startsWith(info.ctorName)) {
    const m = v.props.get('message');
    header = `${info.ctorName}: ${m === undefined ? '' : toStr(m, site)}`;
  }
  return `${header}${frames(info, 'browser')}`;
}

/** a function the snippet defines, with no properties of its own (a built-in one prints as Node's internals name it) */
function userFunction(v: Value, site: A.Node): v is FnObj {
  if (!(v instanceof FnObj)) return false;
  if (!sourceNode(v) || v.props.size > 0) refuseValue(v, site);
  return true;
}

function sourceNode(v: FnObj): A.Node | null {
  return v instanceof ClassObj ? v.classNode : v.node;
}

/**
 * Node: `[Function: name]`, `[AsyncFunction: name]`, `[GeneratorFunction: name]`, `[AsyncGeneratorFunction: name]`,
 * `[Function (anonymous)]`, `[class Name]`
 */
function nodeFunction(v: FnObj): string {
  if (v instanceof ClassObj) return `[class ${v.name || '(anonymous)'}]`;
  const node = v.node!;
  const kind = `${node.async ? 'Async' : ''}${node.generator ? 'Generator' : ''}Function`;
  return v.name ? `[${kind}: ${v.name}]` : `[${kind} (anonymous)]`;
}

/** Chromium: a function logged by itself prints its source text (inside a value, the preview shows only `ƒ`) */
function functionSource(v: FnObj, source: string, site: A.Node): string {
  const node = sourceNode(v);
  if (!node || v.props.size > 0) refuseValue(v, site);
  return source.slice(node.start, node.end);
}

// ---------------------------------------------------------------------------------------------------------------
// Node: util.inspect

const IDENT = /^[A-Za-z_][A-Za-z_0-9]*$/;
const ESCAPES: Record<string, string> = {
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
  '\b': '\\b',
  '\f': '\\f',
  '\v': '\\v',
};

function quoteNode(s: string, site: A.Node): string {
  let q = "'";
  if (s.includes("'")) {
    if (!s.includes('"')) q = '"';
    else if (!s.includes('`') && !s.includes('${')) q = '`';
  }
  let out = '';
  for (const ch of s) {
    if (ch === q || ch === '\\') out += '\\' + ch;
    else if (ESCAPES[ch]) out += ESCAPES[ch];
    else if (ch < ' ' || ch === '\x7f') refuseAt(site, { code: 'unsupportedLog', name: 'string' });
    else out += ch;
  }
  return q + out + q;
}

/**
 * a string inside a value (formatPrimitive): quoted; one longer than the line has room for is split after each
 * newline, a quoted piece a line, joined with ` +`
 */
function nestedString(v: string, indent: number, site: A.Node): string {
  if (v.length <= 16 || v.length <= BREAK_LENGTH - indent - 4 || !v.includes('\n')) return quoteNode(v, site);
  const pieces = v.split(/(?<=\n)/).map((line) => quoteNode(line, site));
  return pieces.join(` +\n${' '.repeat(indent + 2)}`);
}

/** util.inspect of `v` at nesting level `depth`; levels deeper than `maxDepth` print as `[Object]`, `[Array]`, … */
function inspectNode(v: Value, depth: number, indent: number, site: A.Node, maxDepth = 2): string {
  if (!isObj(v)) return typeof v === 'string' ? (depth === 0 ? v : nestedString(v, indent, site)) : primitive(v);
  if (userFunction(v, site)) return nodeFunction(v);
  if (v instanceof RegExpObj) return String(v.re);
  checkPrintable(v, site);
  if (v.isError) return inspectErrorNode(v, depth, indent, site, maxDepth);
  if (v instanceof ArrayObj) {
    if (v.items.length === 0) return '[]';
    if (depth > maxDepth) return '[Array]';
    const shown = v.items.slice(0, MAX_ARRAY_LENGTH);
    const out = shown.map((x) => inspectNode(x, depth + 1, indent + 2, site, maxDepth));
    const more = v.items.length - shown.length;
    if (more > 0) out.push(`... ${more} more item${more > 1 ? 's' : ''}`);
    if (out.length > 6) {
      const grouped = groupArrayElements(out, indent, more > 0, v.items.slice(0, out.length), site);
      if (grouped.length !== out.length) return lines(grouped, '[', ']', indent);
    }
    return oneLine(out, '[', ']', indent);
  }
  if (v instanceof PromiseObj) {
    if (depth > maxDepth) return '[Promise]';
    let inner = '<pending>';
    if (v.state !== 'pending') {
      if (isObj(v.result)) checkPrintable(v.result, site);
      const r = inspectNode(v.result, depth + 1, indent + 2, site, maxDepth);
      inner = v.state === 'rejected' ? `<rejected> ${r}` : r;
    }
    return oneLine([inner], 'Promise {', '}', indent);
  }
  if (v instanceof CollectionObj) {
    const open = `${v.kind}(${v.map.size}) {`;
    if (v.map.size === 0) return `${open}}`;
    if (depth > maxDepth) return `[${v.kind}]`;
    const show = (x: Value): string => inspectNode(x, depth + 1, indent + 2, site, maxDepth);
    const out = [...v.map].map(([k, x]) => (v.kind === 'Set' ? show(k) : `${show(k)} => ${show(x)}`));
    return oneLine(out, open, '}', indent);
  }
  const base = v instanceof InstanceObj ? `${v.cls.name} ` : '';
  if (v.props.size === 0) return `${base}{}`;
  if (depth > maxDepth) return v instanceof InstanceObj ? `[${v.cls.name}]` : '[Object]';
  const out = ownEntries(v).map(([k, x]) => {
    const key = IDENT.test(k) ? k : quoteNode(k, site);
    if (x instanceof Accessor) return `${key}: ${x.get ? (x.set ? '[Getter/Setter]' : '[Getter]') : '[Setter]'}`;
    return `${key}: ${inspectNode(x, depth + 1, indent + 2, site, maxDepth)}`;
  });
  return oneLine(out, `${base}{`, '}', indent);
}

/** util.inspect's maxArrayLength: the items printed before `... n more items` */
const MAX_ARRAY_LENGTH = 100;
const BREAK_LENGTH = 80;

/**
 * util.inspect's groupArrayElements (lib/internal/util/inspect.js, Node 20): an array of more than six entries laid out
 * in columns, as nearly square as 2.5-times-taller characters allow; numbers aligned right, anything else left.
 */
function groupArrayElements(
  output: string[],
  indent: number,
  hasMore: boolean,
  items: Value[],
  site: A.Node,
): string[] {
  const outputLength = hasMore ? output.length - 1 : output.length;
  const separatorSpace = 2;
  const dataLen: number[] = [];
  let totalLength = 0;
  let maxLength = 0;
  for (let i = 0; i < outputLength; i++) {
    // the width Node measures is the string's length only for characters one column wide
    if (/[^\u0020-\u1fff]/.test(output[i]!)) refuseAt(site, { code: 'unsupportedLog', name: 'long array' });
    const len = output[i]!.length;
    dataLen.push(len);
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (!(actualMax * 3 + indent < BREAK_LENGTH && (totalLength / actualMax > 5 || maxLength <= 6))) return output;
  const averageBias = Math.sqrt(actualMax - totalLength / output.length);
  const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
  const columns = Math.min(
    Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
    Math.floor((BREAK_LENGTH - indent) / actualMax),
    3 * 4, // compact: 3
    15,
  );
  if (columns <= 1) return output;
  const maxLineLength: number[] = [];
  for (let i = 0; i < columns; i++) {
    let lineMaxLength = 0;
    for (let j = i; j < output.length; j += columns) if ((dataLen[j] ?? 0) > lineMaxLength) lineMaxLength = dataLen[j]!;
    maxLineLength.push(lineMaxLength + separatorSpace);
  }
  const padStart = items.every((x) => typeof x === 'number');
  const tmp: string[] = [];
  for (let i = 0; i < outputLength; i += columns) {
    const max = Math.min(i + columns, outputLength);
    let str = '';
    let j = i;
    for (; j < max - 1; j++) {
      const cell = `${output[j]!}, `;
      str += padStart ? cell.padStart(maxLineLength[j - i]!, ' ') : cell.padEnd(maxLineLength[j - i]!, ' ');
    }
    str += padStart ? output[j]!.padStart(maxLineLength[j - i]! - separatorSpace, ' ') : output[j]!;
    tmp.push(str);
  }
  if (hasMore) tmp.push(output[outputLength]!);
  return tmp;
}

/** util.inspect's reduceToSingleString: one entry a line */
function lines(out: string[], open: string, close: string, indent: number): string {
  const nl = `\n${' '.repeat(indent)}`;
  return `${open}${nl}  ${out.join(`,${nl}  `)}${nl}${close}`;
}

/** util.inspect's reduceToSingleString: one line when the entries fit in breakLength (80), else one entry a line */
function oneLine(out: string[], open: string, close: string, indent: number): string {
  const start = out.length + indent + open.length + 10;
  let total = out.length + start;
  let fits = total + out.length <= 80;
  for (const e of out) {
    total += e.length;
    if (total > 80 || e.includes('\n')) fits = false;
  }
  if (fits) return `${open} ${out.join(', ')} ${close}`;
  return lines(out, open, close, indent);
}

// ---------------------------------------------------------------------------------------------------------------
// Chromium: the console's preview of a value

function previewTop(v: Value, site: A.Node): string {
  if (!isObj(v)) return primitive(v);
  if (v instanceof FnObj) refuseValue(v, site);
  if (v instanceof RegExpObj) return String(v.re);
  checkPrintable(v, site);
  if (v.isError) return browserError(v, site);
  if (v instanceof PromiseObj) return 'Promise';
  if (v instanceof InstanceObj) return v.cls.name;
  if (v instanceof CollectionObj) return `${v.kind}(${v.map.size})`;
  if (v instanceof ArrayObj) {
    if (v.items.length > 100) refuseAt(site, { code: 'unsupportedLog', name: 'long array' });
    return `[${v.items.map((x) => previewNested(x, site)).join(', ')}]`;
  }
  // the preview holds the first 5 properties; DevTools marks the rest (the preview's `overflow`) with `…`
  // an accessor's value is not read for the preview: DevTools shows `(...)` until it is clicked; a property with a
  // setter only is not in the preview
  const entries = ownEntries(v).filter(([, x]) => !(x instanceof Accessor && !x.get));
  const shown = entries
    .slice(0, 5)
    .map(([k, x]) => `${k}: ${x instanceof Accessor ? '(...)' : previewNested(x, site)}`);
  if (entries.length > 5) shown.push('…');
  return `{${shown.join(', ')}}`;
}

function previewNested(v: Value, site: A.Node): string {
  // a function or class inside a value: the preview's property of type function, which DevTools shows as ƒ
  if (v instanceof FnObj) return 'ƒ';
  if (!isObj(v)) {
    // the preview cuts long strings short
    if (typeof v === 'string' && v.length > 50) refuseAt(site, { code: 'unsupportedLog', name: 'long string' });
    return primitive(v);
  }
  if (v instanceof RegExpObj) return String(v.re);
  checkPrintable(v, site);
  // the preview of an Error inside a value is its stack cut to 100 characters
  if (v.isError) refuseAt(site, { code: 'unsupportedLog', name: 'nested Error' });
  if (v instanceof PromiseObj) return 'Promise';
  if (v instanceof ArrayObj) return `Array(${v.items.length})`;
  if (v instanceof InstanceObj) return v.cls.name;
  if (v instanceof CollectionObj) return `${v.kind}(${v.map.size})`;
  return 'Object';
}
