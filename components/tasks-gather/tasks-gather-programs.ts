/**
 * The five ways of making three calls, twice: as the Python the slide shows (and tests/probes/tasks_gather_probe.py
 * runs under CPython, with its own instrumented `call`), and as a program of the asyncio model
 * (components/shared/asyncio-sim) that the demo runs. Each Python line has its twin among the model's steps:
 *
 *   await call('a', 0.2)                    { op: 'await', coro: 'call_a' }
 *   ta = asyncio.create_task(call('a', …))  { op: 'create_task', coro: 'call_a', task: 'ta' }
 *   await ta                                { op: 'await_task', task: 'ta' }
 *   await asyncio.gather(call('a', …), …)   { op: 'gather', coros: ['call_a', …], return_exceptions }
 *   async with asyncio.TaskGroup() as tg:   { op: 'task_group', coros: ['call_a', …] }
 *
 * and `call(name, latency, fails)` is `await asyncio.sleep(latency)` then `raise ValueError(f'{name} failed')` or
 * `return name`. The handler runs in a server that keeps going: `main` creates it as a task and goes on (sleeps)
 * until every call is over, so what keeps running after a failure is seen, not cut short by asyncio.run's
 * clean-up.
 */
import type { CoroutineDef, Program, Step } from '../shared/asyncio-sim/index.ts';

export const STRATEGIES = ['sequential', 'create_task', 'gather', 'gather_re', 'task_group'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const CALLS = ['a', 'b', 'c'] as const;
export type CallName = (typeof CALLS)[number];

/** The call that the switch makes fail. */
export const FAILING: CallName = 'b';

export type Latencies = readonly [number, number, number];

/** How `main` outlives the slowest call: the server keeps serving meanwhile (ms after the last call's latency). */
export const WINDOW_MARGIN_MS = 20;

/** Seconds as Python writes them: 0.2, 0.05, 1. */
export function pySeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}

/** The translatable comments of the listing. */
export interface ListingComments {
  /** On `await asyncio.sleep(latency)`: it stands for a network call. */
  readonly network: string;
}

function callExpr(name: CallName, latencies: Latencies, fail: boolean): string {
  const ms = latencies[CALLS.indexOf(name)]!;
  return `call('${name}', ${pySeconds(ms)}${fail && name === FAILING ? ', fails=True' : ''})`;
}

/** The body of `handler()` for a strategy, one line per entry (indented four spaces in the listing). */
function handlerBody(strategy: Strategy, latencies: Latencies, fail: boolean): string[] {
  const c = (n: CallName) => callExpr(n, latencies, fail);
  switch (strategy) {
    case 'sequential':
      return [...CALLS.map((n) => `${n} = await ${c(n)}`), 'return [a, b, c]'];
    case 'create_task':
      return [...CALLS.map((n) => `t${n} = asyncio.create_task(${c(n)})`), 'return [await ta, await tb, await tc]'];
    case 'gather':
    case 'gather_re':
      return [
        'return await asyncio.gather(',
        ...CALLS.map((n) => `    ${c(n)},`),
        ...(strategy === 'gather_re' ? ['    return_exceptions=True,'] : []),
        ')',
      ];
    case 'task_group':
      return [
        'async with asyncio.TaskGroup() as tg:',
        ...CALLS.map((n) => `    t${n} = tg.create_task(${c(n)})`),
        'return [ta.result(), tb.result(), tc.result()]',
      ];
  }
}

/** `async def handler(): …` alone: what the probe runs under CPython (it brings its own `call`). */
export function handlerSource(strategy: Strategy, latencies: Latencies, fail: boolean): string {
  return ['async def handler():', ...handlerBody(strategy, latencies, fail).map((l) => `    ${l}`)].join('\n') + '\n';
}

/** The listing the slide shows: `call` (as it stands for a network call), then `handler`. */
export function listing(strategy: Strategy, latencies: Latencies, fail: boolean, comments: ListingComments): string {
  return [
    'async def call(name, latency, fails=False):',
    `    await asyncio.sleep(latency)  # ${comments.network}`,
    '    if fails:',
    "        raise ValueError(f'{name} failed')",
    '    return name',
    '',
    handlerSource(strategy, latencies, fail),
  ].join('\n');
}

/**
 * The handler as a hall reads it (presented): its body, dedented, where it starts the three calls and waits for
 * them, without a last `return` that waits for nothing; highlighted (1-based), the lines where it waits (`await`,
 * `async with`) and the failing call.
 */
export function presentedHandler(
  strategy: Strategy,
  latencies: Latencies,
  fail: boolean,
): { code: string; current: number[] } {
  const body = handlerBody(strategy, latencies, fail);
  const last = body[body.length - 1]!;
  const lines = last.startsWith('return ') && !last.includes('await') ? body.slice(0, -1) : body;
  const current = lines.flatMap((l, i) => (/\bawait\b|async with|fails=True/.test(l) ? [i + 1] : []));
  return { code: lines.join('\n'), current };
}

/** A repr as a hall reads it: a TaskGroup's ExceptionGroup without its fixed message. */
export function presentedRepr(repr: string): string {
  return repr.replace("ExceptionGroup('unhandled errors in a TaskGroup', ", 'ExceptionGroup(…, ');
}

/** The first line of `handler` in `listing` (1-based), for highlighting. */
export const HANDLER_LINE = 7;

/** The model's twin of `call(name, latency, fails)`, marking when it starts and how it ends. */
function callDef(name: CallName, ms: number, fails: boolean): CoroutineDef {
  const end: Step[] = fails
    ? [
        { op: 'mark', label: `${name}:exception` },
        { op: 'raise', error: 'ValueError', message: `${name} failed` },
      ]
    : [{ op: 'mark', label: `${name}:result` }];
  return {
    name: `call_${name}`,
    steps: [{ op: 'mark', label: `${name}:start` }, { op: 'sleep', ms }, ...end],
    returns: name,
  };
}

function handlerSteps(strategy: Strategy): Step[] {
  const coros = CALLS.map((n) => `call_${n}`);
  switch (strategy) {
    case 'sequential':
      return coros.map((coro) => ({ op: 'await', coro }));
    case 'create_task':
      return [
        ...CALLS.map((n): Step => ({ op: 'create_task', coro: `call_${n}`, task: `t${n}` })),
        ...CALLS.map((n): Step => ({ op: 'await_task', task: `t${n}` })),
      ];
    case 'gather':
      return [{ op: 'gather', coros }];
    case 'gather_re':
      return [{ op: 'gather', coros, return_exceptions: true }];
    case 'task_group':
      return [{ op: 'task_group', coros }];
  }
}

/**
 * The program the model runs: the three calls, `handler` in the chosen strategy, and `main`, which makes the
 * handler a task (Task-2) and keeps the loop going until the slowest call is over, then awaits it.
 */
export function simProgram(strategy: Strategy, latencies: Latencies, fail: boolean): Program {
  const window = Math.max(...latencies) + WINDOW_MARGIN_MS;
  return {
    main: 'main',
    coroutines: [
      ...CALLS.map((n, i) => callDef(n, latencies[i]!, fail && n === FAILING)),
      { name: 'handler', steps: handlerSteps(strategy) },
      {
        name: 'main',
        steps: [
          { op: 'create_task', coro: 'handler', task: 'h' },
          { op: 'sleep', ms: window },
          { op: 'await_task', task: 'h' },
        ],
      },
    ],
  };
}
