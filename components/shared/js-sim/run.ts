/**
 * One run of a snippet: parse it, pick the runtime, interpret the script and the loop, and record the end. Timing
 * exploration (timing.ts) calls this again with perturbed options.
 */
import { Interpreter } from './interpreter.ts';
import type { EventLoop, Slices } from './loop.ts';
import { parseSnippet, SimRefusal } from './parse.ts';
import { BrowserRuntime } from './runtime-browser.ts';
import { NodeRuntime } from './runtime-node.ts';
import type { Run } from './timing.ts';
import type { Runtime, SimEnd, SimOptions } from './types.ts';
import { Halt } from './values.ts';

/** the runtime's event loop, the host the interpreter runs in */
export function createRuntime(runtime: Runtime, options: SimOptions): EventLoop {
  return runtime === 'node' ? new NodeRuntime(options) : new BrowserRuntime(options);
}

/** One run, yielding between macrotasks (loop.ts Slices). */
export function* runOnce(source: string, runtime: Runtime, options: SimOptions): Slices<Run> {
  const parsed = parseSnippet(source);
  if (!parsed.ok) return { result: { ok: false, runtime, error: parsed.error }, decisionsSeen: 0, spinParams: null };
  // (parsing a long snippet is work of its own: a slice ends after it)
  yield;
  const loop = createRuntime(runtime, options);
  let end: SimEnd = { code: 'done', params: {} };
  try {
    yield* loop.run(new Interpreter(source, loop, loop.rec, options.syncPath ?? true), parsed.program);
  } catch (e) {
    if (e instanceof SimRefusal)
      return { result: { ok: false, runtime, error: e.error }, decisionsSeen: 0, spinParams: null };
    if (e instanceof Halt) end = e.end;
    else throw e;
  }
  loop.finish();
  loop.rec.end(end);
  const { steps, output } = loop.rec;
  return {
    result: { ok: true, runtime, steps, output, end, timing: loop.timing.note },
    decisionsSeen: loop.timing.seen,
    spinParams: loop.spin.params,
  };
}
