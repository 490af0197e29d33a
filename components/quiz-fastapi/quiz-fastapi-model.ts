/**
 * Seed 004's FastAPI question as a demo model (the contract of lib/demo-contract.ts) on the shared quiz state
 * machine, and the small model the panel after the answer shows: n requests arrive at once at one uvicorn
 * process, each handler fetching a rate that takes `latency` ms, written in one of three ways.
 * - `async_blocking`: `async def` calling `requests.get`: the call blocks the loop's thread, so the handlers run
 *   strictly one after another: request i finishes at (i + 1) × latency;
 * - `def_pool`: a plain `def` calling `requests.get`: Starlette runs it in anyio's worker threads, at most 40 at a
 *   time (anyio's default thread limiter): waves of 40, request i finishes at (⌊i / 40⌋ + 1) × latency;
 * - `async_client`: `async def` awaiting an async client (`httpx.AsyncClient`): the loop waits for all of them at
 *   once: every request finishes at latency.
 * Everything but the waiting is left out (parsing, the framework's own microseconds). Checked against CPython by
 * tests/unit/quiz-fastapi-real.test.ts (the three kinds written with the standard library and `requests`).
 * Pure: strings and numbers only.
 */
import { initialQuizState, type QuizQuestion, type QuizState } from '../shared/quiz/quiz-model.ts';
import { ANSWER } from './quiz-fastapi-answer.ts';

export { SPEAKER_SEQUENCE } from './quiz-fastapi-sequence.ts';

/** The right answer is in quiz-fastapi-answer.ts (null in the phones' build). */
export const QUESTION: QuizQuestion = { id: 'quiz-fastapi', choiceCount: 4, correct: ANSWER.correct };

export function initialState(): QuizState {
  return initialQuizState(QUESTION);
}

/**
 * Whatever the person (or the room) has chosen stays, at every step: the steps' actions (the vote opened, the answer
 * revealed) happen on a press, in the deck (src/plugins/quiz-presenter.ts, src/workshop-start.ts), never by moving
 * to a step (a deep link or going back does not reveal).
 */
export function stateForStep(step: number, current: QuizState): QuizState {
  void step;
  return current;
}

/** Seed 004's handler; its comment in the slide's language. */
const questionCode = (ms: string) => `@app.get("/price")
async def price():
    r = requests.get(RATES_URL)   # 200 ${ms}
    return r.json()`;
export const QUESTION_CODE = { en: questionCode('ms'), ru: questionCode('мс') } as const;

export const HANDLER_KINDS = ['async_blocking', 'def_pool', 'async_client'] as const;
export type HandlerKind = (typeof HANDLER_KINDS)[number];

/** anyio's default thread limiter: 40 tokens (Starlette's run_in_threadpool, FastAPI's plain `def` handlers). */
export const POOL_THREADS = 40;

/** The question's figures. */
export const QUESTION_REQUESTS = 50;
export const QUESTION_LATENCY_MS = 200;

export const LIMITS = {
  requests: { min: 1, max: 200 },
  latencyMs: { min: 10, max: 1000 },
} as const;

/** When each of `n` requests that arrived together at 0 is answered (ms), in order of arrival. */
export function completionTimes(kind: HandlerKind, n: number, latencyMs: number, pool = POOL_THREADS): number[] {
  const count = Math.max(0, Math.trunc(n));
  return Array.from({ length: count }, (_, i) => {
    switch (kind) {
      case 'async_blocking':
        return (i + 1) * latencyMs;
      case 'def_pool':
        return (Math.floor(i / Math.max(1, pool)) + 1) * latencyMs;
      case 'async_client':
        return latencyMs;
    }
  });
}

/** How long the last request waits (ms). */
export function lastDone(kind: HandlerKind, n: number, latencyMs: number, pool = POOL_THREADS): number {
  return Math.max(0, ...completionTimes(kind, n, latencyMs, pool));
}

/** How many requests wait on the rates API at once, at most: 1, the pool's size, or all of them. */
export function maxInFlight(kind: HandlerKind, n: number, pool = POOL_THREADS): number {
  const count = Math.max(0, Math.trunc(n));
  if (count === 0) return 0;
  return kind === 'async_blocking' ? 1 : kind === 'def_pool' ? Math.min(count, pool) : count;
}

/** Waves of requests answered together: [time, how many] in time order. */
export function waves(kind: HandlerKind, n: number, latencyMs: number, pool = POOL_THREADS): [number, number][] {
  const out = new Map<number, number>();
  for (const t of completionTimes(kind, n, latencyMs, pool)) out.set(t, (out.get(t) ?? 0) + 1);
  return [...out.entries()];
}
