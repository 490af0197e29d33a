/**
 * One operation, three styles: `load(42)` = `db.get(42)`, then `api.posts(user)`, then `posts.length`,
 * written with callbacks, with promises and with async/await. A pure model: for a style and a failure mode it
 * simulates the run in virtual time and records, at every step, the line that runs, the call stack, the
 * continuations registered and waiting (a callback held by db.get, a `.then` reaction on a promise, a suspended
 * async frame), the microtask queue, and finally where the result or the error went.
 *
 * The fake services answer after DB_MS and API_MS (in the real check they are setTimeout-based).
 */

import { clampIndex, back, forward, reset, toEnd } from '../../lib/stepping.ts';
import { lineCount, markedLines, type Style } from './callbacks-promises-await-listing.ts';
import { SPEAKER_SEQUENCE } from './callbacks-promises-await-sequence.ts';

export type { Style };
export { SPEAKER_SEQUENCE };
export const STYLES: readonly Style[] = ['callbacks', 'promises', 'await'];

/** `ok`: everything succeeds; `db-error`: db.get fails; `throw`: api.posts yields null, so `posts.length` throws. */
export type Failure = 'ok' | 'db-error' | 'throw';
export const FAILURES: readonly Failure[] = ['ok', 'db-error', 'throw'];

// The sequence is plain data without imports; typed here, so its entries are checked against the model's types.
const SEQUENCE: readonly {
  readonly style: Style;
  readonly failure: Failure;
  readonly at: 'start' | 'waiting' | 'end';
}[] = SPEAKER_SEQUENCE;

export const DB_MS = 30;
export const API_MS = 50;
export const POSTS = 3;
export const DB_ERROR = 'Error: db down';
/** V8's message for `null.length`, checked against real Node in the tests. */
export const TYPE_ERROR = "TypeError: Cannot read properties of null (reading 'length')";

/** A continuation registered and waiting to run. */
export interface Continuation {
  /** callback: a function passed to the service; reaction: a handler registered on a promise; frame: a suspended async function. */
  readonly kind: 'callback' | 'reaction' | 'frame';
  /** Who holds it: 'db.get', 'api.posts', a promise name ('p1'…), or for a frame the promise it waits on. */
  readonly holder: string;
  /** The code that will run (for a frame: the function and line it resumes at). */
  readonly code: string;
  /** The line of the listing where it waits: a callback's or reaction's, or the line a frame will resume at. */
  readonly line?: number;
}

export type Via = 'done' | 'catch-method' | 'try-catch';

export type Outcome =
  | { readonly k: 'value'; readonly value: number; readonly at: number }
  | { readonly k: 'handled'; readonly error: string; readonly via: Via; readonly at: number }
  | { readonly k: 'uncaught'; readonly error: string; readonly at: number };

export type CbEvent =
  | { readonly k: 'start' }
  | { readonly k: 'call-load' }
  | { readonly k: 'db-call' }
  | { readonly k: 'api-call' }
  | { readonly k: 'then-register'; readonly on: string; readonly handler: string; readonly returns: string }
  | { readonly k: 'load-returns'; readonly value: string }
  | { readonly k: 'try-ends' }
  | { readonly k: 'suspend'; readonly fn: 'load' | 'caller'; readonly on: string }
  | { readonly k: 'idle'; readonly from: number; readonly to: number; readonly waitingFor: 'db' | 'api' }
  | { readonly k: 'callback-runs'; readonly service: 'db' | 'api'; readonly err: string | null }
  | { readonly k: 'call-done'; readonly value: number }
  | { readonly k: 'callback-returns' }
  | {
      readonly k: 'settle';
      readonly promise: string;
      readonly ok: boolean;
      readonly value: string;
      readonly queued: string | null;
    }
  | { readonly k: 'reaction-runs'; readonly promise: string; readonly handler: string }
  | { readonly k: 'adopt'; readonly promise: string; readonly follows: string }
  | { readonly k: 'skip'; readonly promise: string; readonly handler: string; readonly next: string }
  | { readonly k: 'resume'; readonly fn: 'load' | 'caller'; readonly throws: boolean }
  | { readonly k: 'throw'; readonly error: string; readonly inCallback: boolean }
  | { readonly k: 'outcome'; readonly outcome: Outcome };

export interface CbStep {
  /** Virtual time, ms. */
  readonly t: number;
  /** 1-based line of the style's listing that runs now; null when no JavaScript runs (the loop waits). */
  readonly line: number | null;
  /** The call stack, bottom first. Empty: the thread is back in the event loop. */
  readonly stack: readonly string[];
  /** Continuations registered and waiting. */
  readonly waiting: readonly Continuation[];
  /** Queued microtasks (promise reactions and async resumptions). */
  readonly microtasks: readonly string[];
  readonly event: CbEvent;
  readonly outcome: Outcome | null;
}

/**
 * 1-based lines of each listing that the simulation points at, taken from the markers in the listing itself
 * (callbacks-promises-await-listing.ts): editing a listing moves these with it.
 */
export const LINES = {
  callbacks: markedLines('callbacks', [
    'loadOpen',
    'dbGet',
    'checkDbErr',
    'apiPosts',
    'checkApiErr',
    'done',
    'cb1End',
    'loadEnd',
    'tryOpen',
    'call',
    'tryEnd',
    'catchHandle',
    'tryClose',
  ] as const),
  promises: markedLines('promises', ['dbGet', 'then1', 'then2', 'call', 'thenShow', 'catchHandle'] as const),
  await: markedLines('await', ['dbGet', 'apiPosts', 'ret', 'call', 'catchOpen', 'catchHandle'] as const),
};
export const CODE_LINES: Record<Style, number> = {
  callbacks: lineCount('callbacks'),
  promises: lineCount('promises'),
  await: lineCount('await'),
};

class Recorder {
  steps: CbStep[] = [];
  t = 0;
  line: number | null = null;
  stack: string[] = [];
  waiting: Continuation[] = [];
  microtasks: string[] = [];
  outcome: Outcome | null = null;

  at(line: number | null): this {
    this.line = line;
    return this;
  }

  record(event: CbEvent): void {
    this.steps.push({
      t: this.t,
      line: this.line,
      stack: [...this.stack],
      waiting: [...this.waiting],
      microtasks: [...this.microtasks],
      event,
      outcome: this.outcome,
    });
  }

  idle(until: number, waitingFor: 'db' | 'api'): void {
    const from = this.t;
    this.line = null;
    this.stack = [];
    this.t = until;
    this.record({ k: 'idle', from, to: until, waitingFor });
  }

  unregister(holder: string): void {
    this.waiting = this.waiting.filter((c) => c.holder !== holder);
  }

  finish(outcome: Outcome, line: number | null): void {
    this.outcome = outcome;
    this.line = line;
    this.record({ k: 'outcome', outcome });
  }
}

function simulateCallbacks(failure: Failure): CbStep[] {
  const L = LINES.callbacks;
  const r = new Recorder();
  r.at(L.tryOpen).record({ k: 'start' });
  r.stack = ['main'];
  r.at(L.call).record({ k: 'call-load' });
  r.stack = ['main', 'load'];
  r.waiting = [{ kind: 'callback', holder: 'db.get', code: '(err, user) => { … }', line: L.dbGet }];
  r.at(L.dbGet).record({ k: 'db-call' });
  r.stack = ['main'];
  r.at(L.loadEnd).record({ k: 'load-returns', value: 'undefined' });
  r.stack = [];
  r.at(L.tryEnd).record({ k: 'try-ends' });
  r.idle(DB_MS, 'db');

  // db.get's reply: the loop calls the callback it holds.
  r.unregister('db.get');
  r.stack = ['(err, user) => …'];
  if (failure === 'db-error') {
    r.at(L.checkDbErr).record({ k: 'callback-runs', service: 'db', err: DB_ERROR });
    r.stack = ['(err, user) => …', 'done'];
    r.finish({ k: 'handled', error: DB_ERROR, via: 'done', at: r.t }, L.call);
    return r.steps;
  }
  r.at(L.checkDbErr).record({ k: 'callback-runs', service: 'db', err: null });
  r.waiting = [{ kind: 'callback', holder: 'api.posts', code: '(err, posts) => { … }', line: L.apiPosts }];
  r.at(L.apiPosts).record({ k: 'api-call' });
  r.stack = [];
  r.at(L.cb1End).record({ k: 'callback-returns' });
  r.idle(DB_MS + API_MS, 'api');

  r.unregister('api.posts');
  r.stack = ['(err, posts) => …'];
  r.at(L.checkApiErr).record({ k: 'callback-runs', service: 'api', err: null });
  if (failure === 'throw') {
    // posts is null: `posts.length` throws inside the callback. The try/catch around load() finished at 0 ms;
    // the only frame below is the event loop, so the exception is uncaught.
    r.at(L.done).record({ k: 'throw', error: TYPE_ERROR, inCallback: true });
    r.stack = [];
    r.finish({ k: 'uncaught', error: TYPE_ERROR, at: r.t }, L.done);
    return r.steps;
  }
  r.at(L.done).record({ k: 'call-done', value: POSTS });
  r.stack = ['(err, posts) => …', 'done'];
  r.finish({ k: 'value', value: POSTS, at: r.t }, L.call);
  return r.steps;
}

function simulatePromises(failure: Failure): CbStep[] {
  const L = LINES.promises;
  const r = new Recorder();
  r.at(L.call).record({ k: 'start' });
  r.stack = ['main', 'load'];
  r.at(L.dbGet).record({ k: 'db-call' });
  r.waiting = [{ kind: 'reaction', holder: 'p1', code: '.then(user => api.posts(user))', line: L.then1 }];
  r.at(L.then1).record({ k: 'then-register', on: 'p1', handler: 'user => api.posts(user)', returns: 'p2' });
  r.waiting = [...r.waiting, { kind: 'reaction', holder: 'p2', code: '.then(posts => posts.length)', line: L.then2 }];
  r.at(L.then2).record({ k: 'then-register', on: 'p2', handler: 'posts => posts.length', returns: 'p3' });
  r.stack = ['main'];
  r.at(L.call).record({ k: 'load-returns', value: 'p3' });
  r.waiting = [...r.waiting, { kind: 'reaction', holder: 'p3', code: '.then(show)', line: L.thenShow }];
  r.at(L.thenShow).record({ k: 'then-register', on: 'p3', handler: 'show', returns: 'p4' });
  r.waiting = [...r.waiting, { kind: 'reaction', holder: 'p4', code: '.catch(handle)', line: L.catchHandle }];
  r.at(L.catchHandle).record({ k: 'then-register', on: 'p4', handler: 'handle', returns: 'p5' });
  r.idle(DB_MS, 'db');

  if (failure === 'db-error') {
    // p1 rejects; each .then without a rejection handler passes the rejection on, one microtask each.
    r.unregister('p1');
    r.microtasks = ['p1 → p2 (reject)'];
    r.at(null).record({ k: 'settle', promise: 'p1', ok: false, value: DB_ERROR, queued: 'p1 → p2' });
    const skips: [string, string, string, number, string][] = [
      ['p1', 'user => api.posts(user)', 'p2', L.then1, 'p2 → p3 (reject)'],
      ['p2', 'posts => posts.length', 'p3', L.then2, 'p3 → p4 (reject)'],
      ['p3', 'show', 'p4', L.thenShow, 'handle(err)'],
    ];
    for (const [p, handler, next, line, queued] of skips) {
      r.unregister(p);
      r.microtasks = [queued];
      r.at(line).record({ k: 'skip', promise: p, handler, next });
    }
    r.unregister('p4');
    r.microtasks = [];
    r.stack = ['handle'];
    r.at(L.catchHandle).record({ k: 'reaction-runs', promise: 'p4', handler: 'handle' });
    r.finish({ k: 'handled', error: DB_ERROR, via: 'catch-method', at: r.t }, L.catchHandle);
    return r.steps;
  }

  r.unregister('p1');
  r.microtasks = ['user => api.posts(user)'];
  r.at(null).record({ k: 'settle', promise: 'p1', ok: true, value: 'user', queued: 'user => api.posts(user)' });
  r.microtasks = [];
  r.stack = ['user => api.posts(user)'];
  r.at(L.then1).record({ k: 'reaction-runs', promise: 'p1', handler: 'user => api.posts(user)' });
  r.at(L.then1).record({ k: 'api-call' });
  r.waiting = [{ kind: 'reaction', holder: 'p6', code: 'resolve p2 (p2 follows p6)', line: L.then1 }, ...r.waiting];
  r.at(L.then1).record({ k: 'adopt', promise: 'p2', follows: 'p6' });
  r.idle(DB_MS + API_MS, 'api');

  r.unregister('p6');
  r.unregister('p2');
  r.microtasks = ['posts => posts.length'];
  r.at(null).record({
    k: 'settle',
    promise: 'p2',
    ok: true,
    value: failure === 'throw' ? 'null' : 'posts',
    queued: 'posts => posts.length',
  });
  r.microtasks = [];
  r.stack = ['posts => posts.length'];
  r.at(L.then2).record({ k: 'reaction-runs', promise: 'p2', handler: 'posts => posts.length' });
  if (failure === 'throw') {
    r.unregister('p3');
    r.microtasks = ['p3 → p4 (reject)'];
    r.at(L.then2).record({ k: 'throw', error: TYPE_ERROR, inCallback: false });
    r.stack = [];
    r.microtasks = ['handle(err)'];
    r.at(L.thenShow).record({ k: 'skip', promise: 'p3', handler: 'show', next: 'p4' });
    r.unregister('p4');
    r.microtasks = [];
    r.stack = ['handle'];
    r.at(L.catchHandle).record({ k: 'reaction-runs', promise: 'p4', handler: 'handle' });
    r.finish({ k: 'handled', error: TYPE_ERROR, via: 'catch-method', at: r.t }, L.catchHandle);
    return r.steps;
  }
  r.unregister('p3');
  r.stack = [];
  r.microtasks = ['show'];
  r.at(null).record({ k: 'settle', promise: 'p3', ok: true, value: String(POSTS), queued: 'show' });
  r.microtasks = [];
  r.stack = ['show'];
  r.finish({ k: 'value', value: POSTS, at: r.t }, L.thenShow);
  return r.steps;
}

function simulateAwait(failure: Failure): CbStep[] {
  const L = LINES.await;
  const r = new Recorder();
  r.at(L.call).record({ k: 'start' });
  r.stack = ['main', 'load'];
  r.at(L.dbGet).record({ k: 'db-call' });
  r.stack = ['main'];
  r.waiting = [{ kind: 'frame', holder: 'p1', code: 'load', line: L.dbGet }];
  r.at(L.dbGet).record({ k: 'suspend', fn: 'load', on: 'p1' });
  r.waiting = [...r.waiting, { kind: 'frame', holder: 'p3', code: 'main', line: L.call }];
  r.stack = [];
  r.at(L.call).record({ k: 'suspend', fn: 'caller', on: 'p3' });
  r.idle(DB_MS, 'db');

  const settleL = (ok: boolean, value: string) => {
    r.unregister('p3');
    r.stack = [];
    r.microtasks = ['resume main'];
    r.at(null).record({ k: 'settle', promise: 'p3', ok, value, queued: 'resume main' });
    r.microtasks = [];
    r.stack = ['main'];
  };

  r.unregister('p1');
  r.microtasks = ['resume load'];
  r.at(null).record({
    k: 'settle',
    promise: 'p1',
    ok: failure !== 'db-error',
    value: failure === 'db-error' ? DB_ERROR : 'user',
    queued: 'resume load',
  });
  r.microtasks = [];
  r.stack = ['load'];
  if (failure === 'db-error') {
    r.at(L.dbGet).record({ k: 'resume', fn: 'load', throws: true });
    settleL(false, DB_ERROR);
    r.at(L.call).record({ k: 'resume', fn: 'caller', throws: true });
    r.stack = ['main', 'handle'];
    r.finish({ k: 'handled', error: DB_ERROR, via: 'try-catch', at: r.t }, L.catchHandle);
    return r.steps;
  }
  r.at(L.dbGet).record({ k: 'resume', fn: 'load', throws: false });
  r.at(L.apiPosts).record({ k: 'api-call' });
  r.stack = [];
  r.waiting = [{ kind: 'frame', holder: 'p2', code: 'load', line: L.apiPosts }, ...r.waiting];
  r.at(L.apiPosts).record({ k: 'suspend', fn: 'load', on: 'p2' });
  r.idle(DB_MS + API_MS, 'api');

  r.unregister('p2');
  r.microtasks = ['resume load'];
  r.at(null).record({
    k: 'settle',
    promise: 'p2',
    ok: true,
    value: failure === 'throw' ? 'null' : 'posts',
    queued: 'resume load',
  });
  r.microtasks = [];
  r.stack = ['load'];
  r.at(L.apiPosts).record({ k: 'resume', fn: 'load', throws: false });
  if (failure === 'throw') {
    r.at(L.ret).record({ k: 'throw', error: TYPE_ERROR, inCallback: false });
    settleL(false, TYPE_ERROR);
    r.at(L.call).record({ k: 'resume', fn: 'caller', throws: true });
    r.stack = ['main', 'handle'];
    r.finish({ k: 'handled', error: TYPE_ERROR, via: 'try-catch', at: r.t }, L.catchHandle);
    return r.steps;
  }
  r.at(L.ret).record({ k: 'load-returns', value: String(POSTS) });
  settleL(true, String(POSTS));
  r.at(L.call).record({ k: 'resume', fn: 'caller', throws: false });
  r.stack = ['main', 'show'];
  r.finish({ k: 'value', value: POSTS, at: r.t }, L.call);
  return r.steps;
}

export function simulate(style: Style, failure: Failure): CbStep[] {
  switch (style) {
    case 'callbacks':
      return simulateCallbacks(failure);
    case 'promises':
      return simulatePromises(failure);
    case 'await':
      return simulateAwait(failure);
  }
}

export function outcomeOf(style: Style, failure: Failure): Outcome {
  const last = simulate(style, failure).at(-1)!;
  return last.outcome!;
}

/**
 * What a program instrumented at the same points would print, in order: the calls to the services, where the
 * result or error went. This is what the real-Node check compares.
 */
export function observations(style: Style, failure: Failure): string[] {
  const out: string[] = [];
  for (const s of simulate(style, failure)) {
    const e = s.event;
    if (e.k === 'db-call') out.push('db.get');
    else if (e.k === 'api-call') out.push('api.posts');
    else if (e.k === 'outcome') {
      const o = e.outcome;
      if (o.k === 'value') out.push(`show ${o.value}`);
      else if (o.k === 'handled') out.push(`handle ${o.error}`);
      else out.push(`uncaught ${o.error}`);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The player: the person's choices and position. Back/Step/Reset are moves in the recorded steps.

export interface CbState {
  readonly style: Style;
  readonly failure: Failure;
  readonly index: number;
}

export function initialState(): CbState {
  return { style: 'callbacks', failure: 'ok', index: 0 };
}

export function stepsOf(s: CbState): CbStep[] {
  return simulate(s.style, s.failure);
}

export function currentStep(s: CbState): CbStep {
  const steps = stepsOf(s);
  return steps[Math.min(s.index, steps.length - 1)]!;
}

export type CbAction =
  | { readonly type: 'step' }
  | { readonly type: 'back' }
  | { readonly type: 'reset' }
  | { readonly type: 'end' }
  | { readonly type: 'style'; readonly style: Style }
  | { readonly type: 'failure'; readonly failure: Failure };

/** The person's actions; Step, Back, Reset and End move the index through the recording (lib/stepping.ts). */
export function applyCb(s: CbState, a: CbAction): CbState {
  switch (a.type) {
    case 'step':
      return forward(s, stepsOf(s).length);
    case 'back':
      return back(s);
    case 'reset':
      return reset(s);
    case 'end':
      return toEnd(s, stepsOf(s).length);
    case 'style':
      return { style: a.style, failure: s.failure, index: 0 };
    case 'failure':
      return { style: s.style, failure: a.failure, index: 0 };
  }
}

/** The index of a run's first wait: the stack empty, the loop asleep, the continuations registered. */
export function firstWait(s: CbState): number {
  const i = stepsOf(s).findIndex((x) => x.event.k === 'idle');
  if (i < 0) throw new Error(`${s.style}, ${s.failure}: the run never waits`);
  return i;
}

/**
 * The state for a speaker step (callbacks-promises-await-sequence.ts): step 0 is the start; a `waiting` step shows
 * its style at its first wait (where the continuation waits), an `end` step its failure mode run to the end (where
 * the error went). The person's own state does not matter here.
 */
export function stateForStep(step: number, _current?: CbState): CbState {
  const entry = SEQUENCE[clampIndex(step, SEQUENCE.length)]!;
  const start: CbState = { style: entry.style, failure: entry.failure, index: 0 };
  switch (entry.at) {
    case 'start':
      return start;
    case 'waiting':
      return { ...start, index: firstWait(start) };
    case 'end':
      return toEnd(start, stepsOf(start).length);
  }
}

/** Presented, the lines of the listing a state shows and, among them, the ones marked. */
export interface PresentedLines {
  /** 1-based lines of the full listing, in order. */
  readonly shown: readonly number[];
  readonly marked: readonly number[];
}

/**
 * Presented on the loop picture (callbacks-promises-await-scene.ts), the line or two of the listing a state is about,
 * marked: at the start the call about to run; the line that runs; while nothing runs, the lines where suspended
 * frames wait (async/await: load's and the caller's), or else the first line where a continuation waits (the picture
 * shows what holds each of them, and a reaction's code). An exception nobody catches shows, unmarked, the caller's
 * `catch` that never sees it; an error caught by the caller's try/catch, the `catch` it lands in.
 */
export function presentedLines(s: CbState): PresentedLines {
  const step = currentStep(s);
  const e = step.event;
  const marked =
    e.k === 'start' ? [LINES[s.style].call] : step.line !== null ? [step.line] : waitingLines(step.waiting);
  const extra =
    e.k !== 'outcome'
      ? []
      : e.outcome.k === 'uncaught'
        ? [LINES.callbacks.tryEnd]
        : e.outcome.k === 'handled' && e.outcome.via === 'try-catch'
          ? [LINES.await.catchOpen]
          : [];
  const sorted = (l: readonly number[]) => [...new Set(l)].sort((a, b) => a - b);
  return { shown: sorted([...marked, ...extra]), marked: sorted(marked) };
}

/** While nothing runs, the lines marked: every suspended frame's, or else the first continuation's. */
function waitingLines(waiting: readonly Continuation[]): number[] {
  const frames = waiting.filter((c) => c.kind === 'frame');
  const lines = (frames.length ? frames : waiting).flatMap((c) => (c.line === undefined ? [] : [c.line]));
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  return frames.length ? sorted : sorted.slice(0, 1);
}
