/**
 * Programs as data: per coroutine a short script of steps, interpreted by the model and shown as the Python it
 * stands for (`toPython`, whose line numbers are also the ones debug mode prints: `coro=<worker() running at
 * main.py:7>`). Nothing is parsed; a program is built from these steps only.
 */
import { PyException } from './exceptions.ts';
import type { Future, Coro } from './futures.ts';
import type { BaseEventLoop } from './loop.ts';
import type { PoolExecutor, Work } from './machine.ts';
import { Coroutine, gather, sleep, type Task } from './tasks.ts';
import { sock_recv, socketAnsweringIn } from './sockets.ts';
import { taskGroup } from './taskgroups.ts';

export type Step =
  /** CPU work on the loop's thread, holding the GIL: `compute(ms)` (a pure-Python loop). */
  | { readonly op: 'compute'; readonly ms: number }
  /**
   * `time.sleep(ms / 1000)`: blocks the loop's thread (the GIL released). `python` is another blocking call it
   * stands for (`requests.get(URL)`), written instead; `label` names it on a timeline.
   */
  | { readonly op: 'block'; readonly ms: number; readonly python?: string; readonly label?: string }
  /** `await asyncio.sleep(ms / 1000)`; 0 is a bare yield (one turn). */
  | { readonly op: 'sleep'; readonly ms: number }
  /** `await name()`: no loop involved unless `name` itself suspends. */
  | { readonly op: 'await'; readonly coro: string }
  /** `name()` without await: the coroutine never runs ("coroutine 'name' was never awaited"). */
  | { readonly op: 'forget'; readonly coro: string }
  /** `task = asyncio.create_task(coro())` */
  | { readonly op: 'create_task'; readonly coro: string; readonly task: string }
  /** `await task` */
  | { readonly op: 'await_task'; readonly task: string }
  /** `task.cancel()` */
  | { readonly op: 'cancel'; readonly task: string }
  /** `await asyncio.gather(a(), b(), …, return_exceptions=…)`; `tasks` are names of existing tasks to include first. */
  | {
      readonly op: 'gather';
      readonly coros: readonly string[];
      readonly tasks?: readonly string[];
      readonly return_exceptions?: boolean;
    }
  /** `async with asyncio.TaskGroup() as tg:` with `tg.create_task(c())` for each coroutine. */
  | { readonly op: 'task_group'; readonly coros: readonly string[] }
  /** `await asyncio.to_thread(f)`: f computes (GIL) or blocks (no GIL) for ms in the default thread pool. */
  | {
      readonly op: 'to_thread';
      readonly kind: 'cpu' | 'block';
      readonly ms: number;
      /** Another call it stands for (`await asyncio.to_thread(requests.get, URL)`), written instead. */
      readonly python?: string;
      readonly label?: string;
    }
  /** `await loop.run_in_executor(pool, f)` with a ProcessPoolExecutor: f computes ms in another process. */
  | { readonly op: 'in_process'; readonly ms: number }
  /** `await loop.sock_recv(sock, 65536)`, the peer answering `ms` after the call (0: the data is already there). */
  | { readonly op: 'recv'; readonly ms: number }
  /** `raise Error(message)` */
  | { readonly op: 'raise'; readonly error: string; readonly message?: string }
  /** `ticks.append(loop.time())`: a moment the run records (the heartbeat's ticks). */
  | { readonly op: 'mark'; readonly label: string }
  /** `for _ in range(times):` or `while True:` */
  | { readonly op: 'repeat'; readonly times: number | 'forever'; readonly body: readonly Step[] }
  /** `loop.call_soon(f)` / `loop.call_later(ms / 1000, f)` with a plain function of the program. */
  | { readonly op: 'call_soon'; readonly fn: string }
  | { readonly op: 'call_later'; readonly ms: number; readonly fn: string };

export interface CoroutineDef {
  readonly name: string;
  readonly steps: readonly Step[];
  /** What it returns (None by default). */
  readonly returns?: string | number;
}

/** A plain function, for call_soon/call_later: compute, block and mark only. */
export interface FunctionDef {
  readonly name: string;
  readonly steps: readonly Step[];
}

export interface Program {
  readonly main: string;
  readonly coroutines: readonly CoroutineDef[];
  readonly functions?: readonly FunctionDef[];
  /** ProcessPoolExecutor(max_workers=…) for `in_process` steps (os.cpu_count() by default). */
  readonly processWorkers?: number;
  /** The file name debug mode prints. */
  readonly file?: string;
  /** Lines written after the imports (`import requests`, `URL = …`), for steps whose `python` needs them. */
  readonly header?: readonly string[];
}

const ns = (ms: number) => Math.round(ms * 1e6);
const secs = (ms: number) => {
  const s = ms / 1000;
  return Number.isInteger(s) ? `${s}` : String(s);
};

/** The Python a program stands for, and the line of every step and definition. */
export interface PythonListing {
  readonly source: string;
  readonly lineOf: Map<Step | CoroutineDef | FunctionDef, number>;
}

function stepPython(step: Step): string {
  switch (step.op) {
    case 'compute':
      return `compute(${secs(step.ms)})  # CPU, holds the GIL`;
    case 'block':
      return step.python ?? `time.sleep(${secs(step.ms)})`;
    case 'sleep':
      return `await asyncio.sleep(${secs(step.ms)})`;
    case 'await':
      return `await ${step.coro}()`;
    case 'forget':
      return `${step.coro}()`;
    case 'create_task':
      return `${step.task} = asyncio.create_task(${step.coro}())`;
    case 'await_task':
      return `await ${step.task}`;
    case 'cancel':
      return `${step.task}.cancel()`;
    case 'gather': {
      const args = [...(step.tasks ?? []), ...step.coros.map((c) => `${c}()`)];
      return `await asyncio.gather(${args.join(', ')}${step.return_exceptions ? ', return_exceptions=True' : ''})`;
    }
    case 'task_group':
      return 'async with asyncio.TaskGroup() as tg:';
    case 'to_thread':
      if (step.python !== undefined) return step.python;
      return `await asyncio.to_thread(${step.kind === 'cpu' ? 'compute' : 'time.sleep'}, ${secs(step.ms)})`;
    case 'in_process':
      return `await loop.run_in_executor(pool, compute, ${secs(step.ms)})`;
    case 'recv':
      return `data = await loop.sock_recv(sock, 65536)  # the peer answers after ${step.ms} ms`;
    case 'raise':
      return `raise ${step.error}(${JSON.stringify(step.message ?? '')})`;
    case 'mark':
      return `${step.label}.append(loop.time())`;
    case 'repeat':
      return step.times === 'forever' ? 'while True:' : `for _ in range(${step.times}):`;
    case 'call_soon':
      return `loop.call_soon(${step.fn})`;
    case 'call_later':
      return `loop.call_later(${secs(step.ms)}, ${step.fn})`;
  }
}

export function toPython(program: Program): PythonListing {
  const lines: string[] = [];
  const lineOf = new Map<Step | CoroutineDef | FunctionDef, number>();
  const emit = (text: string, key?: Step | CoroutineDef | FunctionDef) => {
    lines.push(text);
    if (key) lineOf.set(key, lines.length);
  };
  const body = (steps: readonly Step[], indent: string, isAsync: boolean) => {
    if (steps.length === 0) emit(`${indent}pass`);
    for (const s of steps) {
      emit(indent + stepPython(s), s);
      if (s.op === 'repeat') body(s.body, indent + '    ', isAsync);
      if (s.op === 'task_group') for (const c of s.coros) emit(`${indent}    tg.create_task(${c}())`);
    }
  };
  const used = new Set<string>();
  const labels = new Set<string>();
  const scan = (steps: readonly Step[]) => {
    for (const st of steps) {
      used.add(st.op === 'to_thread' && st.kind === 'cpu' ? 'compute' : st.op);
      if (st.op === 'in_process') used.add('compute'); // the function the pool's processes run
      if (st.op === 'mark') labels.add(st.label);
      if (st.op === 'repeat') scan(st.body);
    }
  };
  for (const d of [...program.coroutines, ...(program.functions ?? [])]) scan(d.steps);
  /** Two blank lines before a top-level definition (PEP 8). */
  const top = () => {
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    emit('');
    emit('');
  };
  emit('import asyncio');
  emit('import time');
  if (used.has('in_process')) emit('from concurrent.futures import ProcessPoolExecutor');
  for (const h of program.header ?? []) emit(h);
  if (used.has('compute')) {
    top();
    emit('def compute(seconds):  # CPU work on this thread, holding the GIL');
    emit('    end = time.thread_time() + seconds');
    emit('    while time.thread_time() < end:');
    emit('        pass');
  }
  if (used.has('in_process') || labels.size > 0) top();
  if (used.has('in_process')) emit(`pool = ProcessPoolExecutor(max_workers=${program.processWorkers ?? 2})`);
  for (const l of labels) emit(`${l} = []`);
  for (const f of program.functions ?? []) {
    top();
    emit(`def ${f.name}():`, f);
    body(f.steps, '    ', false);
  }
  for (const c of program.coroutines) {
    top();
    emit(`async def ${c.name}():`, c);
    const needsLoop = (steps: readonly Step[]): boolean =>
      steps.some(
        (s) =>
          ['in_process', 'recv', 'mark', 'call_soon', 'call_later'].includes(s.op) ||
          (s.op === 'repeat' && needsLoop(s.body)),
      );
    if (needsLoop(c.steps)) emit('    loop = asyncio.get_running_loop()');
    body(c.steps, '    ', true);
    if (c.returns !== undefined) emit(`    return ${JSON.stringify(c.returns)}`);
  }
  top();
  emit(`asyncio.run(${program.main}())`);
  return { source: lines.join('\n') + '\n', lineOf };
}

/** Runs a program's coroutines on a loop. */
export class Interpreter {
  readonly listing: PythonListing;
  readonly file: string;
  private pool: PoolExecutor | null = null;
  /** The `forget` steps whose RuntimeWarning was printed already. */
  private readonly warnedAt = new Set<Step>();

  constructor(
    readonly loop: BaseEventLoop,
    readonly program: Program,
  ) {
    this.listing = toPython(program);
    this.file = program.file ?? 'main.py';
  }

  private def(name: string): CoroutineDef {
    const d = this.program.coroutines.find((c) => c.name === name);
    if (!d) throw new Error(`program: no coroutine named ${name}`);
    return d;
  }

  private fnDef(name: string): FunctionDef {
    const d = this.program.functions?.find((f) => f.name === name);
    if (!d) throw new Error(`program: no function named ${name}`);
    return d;
  }

  private line(key: Step | CoroutineDef | FunctionDef): number {
    return this.listing.lineOf.get(key) ?? 0;
  }

  private where(key: Step | CoroutineDef | FunctionDef): string {
    return `${this.file}:${this.line(key)}`;
  }

  /** `name()`: a coroutine object, not started. */
  coroutine(name: string): Coroutine {
    const d = this.def(name);
    return new Coroutine(d.name, this.file, this.line(d), (self) => this.body(self, d));
  }

  private *body(self: Coroutine, d: CoroutineDef): Coro<unknown> {
    const locals = new Map<string, Task>();
    yield* this.steps(self, d.steps, locals, d.name);
    return d.returns;
  }

  private *steps(self: Coroutine, steps: readonly Step[], locals: Map<string, Task>, who: string): Coro<void> {
    const loop = this.loop;
    for (const step of steps) {
      self.lineno = this.line(step);
      switch (step.op) {
        case 'compute':
          loop.busy('cpu', ns(step.ms), `${who}: compute`);
          break;
        case 'block':
          loop.busy('block', ns(step.ms), `${who}: ${step.label ?? 'time.sleep'}`);
          break;
        case 'sleep':
          yield* sleep(loop, ns(step.ms));
          break;
        case 'await':
          yield* this.coroutine(step.coro).__await__();
          break;
        case 'forget':
          this.coroutine(step.coro);
          // The warnings module's default action prints a warning once per location (__warningregistry__).
          if (!this.warnedAt.has(step)) {
            this.warnedAt.add(step);
            loop.emit('WARNING', `${this.where(step)}: RuntimeWarning: coroutine '${step.coro}' was never awaited`);
          }
          break;
        case 'create_task':
          locals.set(step.task, loop.create_task(this.coroutine(step.coro)));
          break;
        case 'await_task':
          yield* this.task(locals, step.task).__await__();
          break;
        case 'cancel':
          this.task(locals, step.task).cancel();
          break;
        case 'gather': {
          const aws: (Coroutine | Future)[] = [
            ...(step.tasks ?? []).map((t) => this.task(locals, t)),
            ...step.coros.map((c) => this.coroutine(c)),
          ];
          yield* gather(loop, aws, step.return_exceptions ?? false).__await__();
          break;
        }
        case 'task_group':
          yield* taskGroup(
            loop,
            step.coros.map((c) => this.coroutine(c)),
          );
          break;
        case 'to_thread': {
          const work: Work = { kind: step.kind, ns: ns(step.ms) };
          yield* loop
            .run_in_executor(
              null,
              `${who}: ${step.label ?? (step.kind === 'cpu' ? 'compute' : 'time.sleep')}`,
              [work],
              null,
            )
            .__await__();
          break;
        }
        case 'in_process': {
          this.pool ??= loop.newExecutor('process', this.program.processWorkers ?? loop.cpuCount, 'process');
          yield* loop
            .run_in_executor(this.pool, `${who}: compute`, [{ kind: 'cpu', ns: ns(step.ms) }], null)
            .__await__();
          break;
        }
        case 'recv':
          yield* sock_recv(loop, socketAnsweringIn(loop, ns(step.ms)));
          break;
        case 'raise':
          throw new PyException(step.error, step.message ?? '');
        case 'mark':
          loop.mark(step.label);
          break;
        case 'repeat':
          for (let i = 0; step.times === 'forever' || i < step.times; i++) {
            yield* this.steps(self, step.body, locals, who);
            self.lineno = this.line(step);
          }
          break;
        case 'call_soon':
          loop.call_soon(this.callback(step.fn), this.where(step));
          break;
        case 'call_later':
          loop.call_later(ns(step.ms), this.callback(step.fn), this.where(step));
          break;
      }
    }
  }

  private task(locals: Map<string, Task>, name: string): Task {
    const t = locals.get(name);
    if (!t) throw new Error(`program: no task named ${name}`);
    return t;
  }

  /** A plain function of the program as a loop callback. */
  private callback(name: string) {
    const d = this.fnDef(name);
    return {
      qualname: d.name,
      source: this.where(d),
      fn: () => {
        for (const s of d.steps) {
          if (s.op === 'compute') this.loop.busy('cpu', ns(s.ms), `${d.name}: compute`);
          else if (s.op === 'block') this.loop.busy('block', ns(s.ms), `${d.name}: time.sleep`);
          else if (s.op === 'mark') this.loop.mark(s.label);
          else if (s.op === 'raise') throw new PyException(s.error, s.message ?? '');
          else throw new Error(`program: a plain function cannot ${s.op}`);
        }
      },
    };
  }
}
