/**
 * The programs of the "Run recording" mode: presets (seed 000's turn counts and a few more) and programs composed
 * from a fixed menu of steps. Each is a Program of the shared asyncio model, shown as the Python it stands for
 * (`listingOf`: the model's `toPython`, with a long `gather(c(), c(), …)` written as the equivalent
 * `gather(*[c() for _ in range(n)])`); tests/unit/asyncio-loop-real.test.ts runs that very listing under CPython.
 */
import { toPython, turnsProgram, type Program, type Step } from '../shared/asyncio-sim/index.ts';

export const PRESETS = ['empty', 'nested', 'gather10', 'gather1000', 'sleep0', 'callSoon', 'starve', 'custom'] as const;
export type PresetId = (typeof PRESETS)[number];

/** The menu a program is composed from: one line of `main` each. */
export const MENU = [
  'sleep0',
  'sleep10',
  'quick',
  'child',
  'createTask',
  'awaitTask',
  'gather3',
  'callSoon',
  'callLater',
] as const;
export type MenuItem = (typeof MENU)[number];

/** A composed program has at most this many steps (it stays readable beside its recording). */
export const MAX_COMPOSED = 6;

/** How many `await asyncio.sleep(0)` the sleep0 preset makes, at most. */
export const MAX_K = 8;

/** Whether `item` may be added after `items` (an `await tN` needs a task created before it). */
export function canAdd(items: readonly MenuItem[], item: MenuItem): boolean {
  if (items.length >= MAX_COMPOSED) return false;
  if (item === 'awaitTask') return items.includes('createTask');
  return true;
}

/** main's steps for a composition (tasks named t1, t2, … in order; `await tN` awaits the latest). */
function composedSteps(items: readonly MenuItem[]): Step[] {
  let tasks = 0;
  const steps: Step[] = [];
  for (const item of items) {
    switch (item) {
      case 'sleep0':
        steps.push({ op: 'sleep', ms: 0 });
        break;
      case 'sleep10':
        steps.push({ op: 'sleep', ms: 10 });
        break;
      case 'quick':
        steps.push({ op: 'await', coro: 'quick' });
        break;
      case 'child':
        steps.push({ op: 'await', coro: 'child' });
        break;
      case 'createTask':
        tasks += 1;
        steps.push({ op: 'create_task', coro: 'child', task: `t${tasks}` });
        break;
      case 'awaitTask':
        if (tasks > 0) steps.push({ op: 'await_task', task: `t${tasks}` });
        break;
      case 'gather3':
        steps.push({ op: 'gather', coros: ['child', 'child', 'child'] });
        break;
      case 'callSoon':
        steps.push({ op: 'call_soon', fn: 'cb' });
        break;
      case 'callLater':
        steps.push({ op: 'call_later', ms: 10, fn: 'cb' });
        break;
    }
  }
  return steps;
}

/** A program composed from the menu: `quick()` never suspends, `child()` awaits `asyncio.sleep(0)` once. */
export function composedProgram(items: readonly MenuItem[]): Program {
  const main = composedSteps(items);
  const uses = (op: string, coro?: string) =>
    main.some((s) => s.op === op && (coro === undefined || ('coro' in s && s.coro === coro)));
  const child =
    uses('await', 'child') || uses('create_task') || uses('gather')
      ? [{ name: 'child', steps: [{ op: 'sleep', ms: 0 } as const] }]
      : [];
  const quick = uses('await', 'quick') ? [{ name: 'quick', steps: [] }] : [];
  const cb = uses('call_soon') || uses('call_later') ? [{ name: 'cb', steps: [] }] : [];
  return {
    main: 'main',
    coroutines: [...quick, ...child, { name: 'main', steps: main }],
    ...(cb.length ? { functions: cb } : {}),
  };
}

/**
 * The starving program: a task that re-schedules itself for ever (`await asyncio.sleep(0)` is a bare yield, and
 * Task.__step answers it with `call_soon(self.__step)`), and a timer due at once. With the ntodo snapshot the
 * timer's callback runs in the next turn and main ends after three turns of its own (asyncio.run then cancels
 * the spinner); without it step 6 never ends and the timer never fires.
 */
export const STARVE: Program = {
  main: 'main',
  functions: [{ name: 'ring', steps: [] }],
  coroutines: [
    { name: 'spinner', steps: [{ op: 'repeat', times: 'forever', body: [{ op: 'sleep', ms: 0 }] }] },
    {
      name: 'main',
      steps: [
        { op: 'create_task', coro: 'spinner', task: 't' },
        { op: 'call_later', ms: 0, fn: 'ring' },
        { op: 'repeat', times: 3, body: [{ op: 'sleep', ms: 0 }] },
      ],
    },
  ],
};

/** Three callbacks queued with call_soon, then one bare yield: all four handles run in one step 6, in order. */
export const CALL_SOON: Program = {
  main: 'main',
  functions: [
    { name: 'a', steps: [] },
    { name: 'b', steps: [] },
    { name: 'c', steps: [] },
  ],
  coroutines: [
    {
      name: 'main',
      steps: [
        { op: 'call_soon', fn: 'a' },
        { op: 'call_soon', fn: 'b' },
        { op: 'call_soon', fn: 'c' },
        { op: 'sleep', ms: 0 },
      ],
    },
  ],
};

export function presetProgram(preset: Exclude<PresetId, 'custom'>, k: number): Program {
  switch (preset) {
    case 'empty':
      return turnsProgram({ kind: 'empty' });
    case 'nested':
      return turnsProgram({ kind: 'nested', depth: 3 });
    case 'gather10':
      return turnsProgram({ kind: 'gather', n: 10 });
    case 'gather1000':
      return turnsProgram({ kind: 'gather', n: 1000 });
    case 'sleep0':
      return turnsProgram({ kind: 'sleep0', k });
    case 'callSoon':
      return CALL_SOON;
    case 'starve':
      return STARVE;
  }
}

/** `gather(c(), c(), c(), c())` (four or more of the same) as `gather(*[c() for _ in range(4)])`. */
export function condenseGather(line: string): string {
  return line.replace(/gather\(((\w+)\(\))(?:, \2\(\)){3,}\)/g, (whole, call: string) => {
    const n = whole.split(call).length - 1;
    return `gather(*[${call} for _ in range(${n})])`;
  });
}

/**
 * The Python a program stands for, as the slide shows it and the real check runs it: the model's listing with one
 * blank line between definitions (not PEP 8's two) and without `import time` when nothing uses it, so that it
 * fits beside its recording.
 */
export function listingOf(program: Program): string {
  let src = condenseGather(toPython(program).source).replace(/\n{3,}/g, '\n\n');
  if (!/\btime\./.test(src)) src = src.replace(/^import time\n/m, '');
  return src;
}

/** A listing as presented to a hall: its lines, and the one to mark (1-based; null for none). */
export interface PresentedListing {
  readonly code: string;
  readonly current: number | null;
}

/**
 * Presented to a hall, a listing in the few lines that matter: without its import and blank lines; when `keep` is
 * given, only the lines that contain its fragments (each the first such line not yet kept, in order), every run of
 * the others folded into one `…`; a line longer than `width` (characters) broken after its `gather(`, then before a
 * comprehension's `for`. `focus`: the fragment of the line to mark, the first line that contains it.
 */
export function presentedListing(
  listing: string,
  keep: readonly string[] | null,
  focus: string | null,
  width = 40,
): PresentedListing {
  const lines = listing.split('\n').filter((l) => l.trim() !== '' && !/^import /.test(l));
  let shown: string[] = lines;
  if (keep) {
    const kept = new Set<number>();
    let from = 0;
    for (const fragment of keep) {
      const at = lines.findIndex((l, i) => i >= from && !kept.has(i) && l.includes(fragment));
      if (at < 0) continue;
      kept.add(at);
      from = at + 1;
    }
    shown = [];
    lines.forEach((l, i) => {
      if (kept.has(i)) shown.push(l);
      else if (shown.at(-1)?.trim() !== '…') shown.push(`${/^\s*/.exec(l)![0]}…`);
    });
  }
  shown = shown.flatMap((l) => {
    const at = l.indexOf('gather(');
    if (l.length <= width || at < 0) return [l];
    const indent = /^\s*/.exec(l)![0];
    return [l.slice(0, at + 'gather('.length), `${indent}    ${l.slice(at + 'gather('.length)}`];
  });
  // a comprehension still too long: its `for` on a line of its own, as far in as the line it leaves
  shown = shown.flatMap((l) => {
    const at = l.indexOf(' for ');
    if (l.length <= width || at < 0 || l.lastIndexOf('[', at) < 0) return [l];
    return [l.slice(0, at), `${/^\s*/.exec(l)![0]}${l.slice(at + 1)}`];
  });
  const current = focus === null ? -1 : shown.findIndex((l) => l.includes(focus));
  return { code: shown.join('\n'), current: current < 0 ? null : current + 1 };
}
