/**
 * A browser (Chromium) as a host, running the snippet as a classic <script>: HTML's event loop with one task at a
 * time and a microtask checkpoint after each (no nextTick queue, no setImmediate, no I/O). Timers follow the HTML
 * timer initialisation steps: the delay is a WebIDL long (negative → 0), and a timer nested more than five levels
 * deep waits at least 4 ms. An uncaught exception or an unhandled rejection is reported on the console and the page
 * goes on. Node's own globals are refused by name.
 */
import type * as A from 'acorn';
import { reasonText } from './conversions.ts';
import { formatLogArgs } from './inspect.ts';
import { EventLoop, type Slices, type Timer } from './loop.ts';
import { NODE_ONLY } from './runtime-node.ts';
import type { Value } from './values.ts';

export class BrowserRuntime extends EventLoop {
  protected readonly intervalRequeued = 'before';
  protected readonly minInterval = 0;
  readonly promiseWithResolvers = true;
  readonly runtime = 'browser';

  defineGlobals(): void {
    // every global a browser has in the subset is one both runtimes have (builtins.ts)
  }

  formatLog(args: Value[], site: A.Node, source: string): string {
    return formatLogArgs(args, 'browser', site, source);
  }

  isForeignGlobal(name: string): boolean {
    return NODE_ONLY.has(name);
  }

  // ----- timers, errors

  protected clampDelay(delay: number): { ms: number; nesting: number } {
    // HTML: timeout is a WebIDL long (ToInt32: 2 ** 31 wraps to a negative number); negative → 0; nested more
    // than 5 levels → at least 4 ms
    let ms = Number.isFinite(delay) ? delay | 0 : 0;
    if (ms < 0) ms = 0;
    const nesting = this.timerNesting;
    if (nesting > 5 && ms < 4) ms = 4;
    return { ms, nesting };
  }

  protected timerHandle(id: number): Value {
    return id;
  }

  /** reported (the console shows "Uncaught …") and the page goes on */
  uncaught(reason: string): void {
    this.rec.print(`Uncaught ${reason}`, 'error');
    this.rec.snap('uncaught', { reason });
  }

  protected reportRejections(reasons: Value[]): void {
    for (const r of reasons) this.rec.print(`Uncaught (in promise) ${reasonText(r)}`, 'error');
  }

  // ----- queues

  listenerCheckpoint(): void {
    this.drain();
  }

  /** a microtask checkpoint */
  protected drainQueues(): void {
    this.runMicrotasks();
  }

  pendingImmediates(): string[] {
    return [];
  }

  ioPending(): boolean {
    return false;
  }

  nestingSignature(t: Timer): number {
    return Math.min(t.nesting, 7);
  }

  // ----- the loop

  /** one timer task at a time, in due order, sleeping until the next is due */
  protected *runLoop(): Slices {
    for (;;) {
      this.spin.boundary(this);
      const t = this.nextTimer();
      if (!t) break;
      if (t.due > this.now) this.sleepUntil(t.due);
      yield;
      this.runTimer(t);
    }
  }
}
