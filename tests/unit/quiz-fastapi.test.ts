import fc from 'fast-check';
import { ANSWER } from '../../components/quiz-fastapi/quiz-fastapi-answer.ts';
import { describe, expect, it } from 'vitest';
import {
  HANDLER_KINDS,
  POOL_THREADS,
  QUESTION,
  QUESTION_CODE,
  QUESTION_LATENCY_MS,
  QUESTION_REQUESTS,
  completionTimes,
  initialState,
  lastDone,
  maxInFlight,
  stateForStep,
  SPEAKER_SEQUENCE,
  waves,
} from '../../components/quiz-fastapi/quiz-fastapi-model.ts';
import { fastapiQuizText } from '../../components/quiz-fastapi/quiz-fastapi-text.ts';
import { run, type Program, type Step } from '../../components/shared/asyncio-sim/index.ts';
import { SIM_SEED } from './sim-seed.ts';

describe('quiz-fastapi: the question', () => {
  it('is seed 004’s, its answer the second choice: 10 s, 50 × 200 ms one after another', () => {
    expect(QUESTION).toEqual({ id: 'quiz-fastapi', choiceCount: 4, correct: 1 });
    for (const lang of ['en', 'ru'] as const) {
      expect(QUESTION_CODE[lang]).toContain('async def price():');
      expect(QUESTION_CODE[lang]).toContain('requests.get(RATES_URL)');
    }
    // its one comment in the slide's language
    expect(QUESTION_CODE.en).toContain('# 200 ms');
    expect(QUESTION_CODE.ru).toContain('# 200 мс');
    for (const lang of ['en', 'ru'] as const) {
      const words = fastapiQuizText[lang];
      expect(words.choices).toHaveLength(QUESTION.choiceCount);
      expect(words.choices[QUESTION.correct ?? -1]).toMatch(/10 (s|с)/);
      // the hall's short words keep the choices in the same order
      expect(words.presented?.choices).toHaveLength(QUESTION.choiceCount);
      expect(words.presented?.choices[QUESTION.correct ?? -1]).toMatch(/^10 (s|с):/);
      expect(ANSWER.explanation?.[lang].join(' ')).toContain('httpx.AsyncClient');
      expect(ANSWER.explanation?.[lang].join(' ')).toContain('40');
    }
    expect(lastDone('async_blocking', QUESTION_REQUESTS, QUESTION_LATENCY_MS)).toBe(10_000);
  });

  it('has three clicker steps (question, voting, revealed), each keeping whatever was chosen', () => {
    expect(SPEAKER_SEQUENCE).toEqual(['question', 'voting', 'revealed']);
    const s = initialState();
    expect(stateForStep(1, s)).toBe(s);
    expect(stateForStep(2, s)).toBe(s);
    expect(stateForStep(0, s)).toBe(s);
    expect(stateForStep(3, s)).toBe(s);
  });
});

describe('quiz-fastapi: the three handler kinds, worked by hand', () => {
  it('50 requests of 200 ms: 10 s one after another, 400 ms in the 40-thread pool, 200 ms with an async client', () => {
    expect(POOL_THREADS).toBe(40);
    expect(lastDone('async_blocking', 50, 200)).toBe(10_000);
    expect(lastDone('def_pool', 50, 200)).toBe(400);
    expect(lastDone('async_client', 50, 200)).toBe(200);
    expect(waves('def_pool', 50, 200)).toEqual([
      [200, 40],
      [400, 10],
    ]);
    expect(completionTimes('async_blocking', 3, 200)).toEqual([200, 400, 600]);
    expect(maxInFlight('async_blocking', 50)).toBe(1);
    expect(maxInFlight('def_pool', 50)).toBe(40);
    expect(maxInFlight('def_pool', 12)).toBe(12);
    expect(maxInFlight('async_client', 50)).toBe(50);
  });

  it('edge cases: no requests, exactly one pool, one more than a pool', () => {
    for (const k of HANDLER_KINDS) expect(lastDone(k, 0, 200)).toBe(0);
    expect(lastDone('def_pool', 40, 100)).toBe(100);
    expect(lastDone('def_pool', 41, 100)).toBe(200);
    expect(maxInFlight('async_client', 0)).toBe(0);
  });

  it('properties: the pool is never slower than the blocked loop nor faster than the async client', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 10, max: 1000 }), (n, lat) => {
        const [a, b, c] = [
          lastDone('async_blocking', n, lat),
          lastDone('def_pool', n, lat),
          lastDone('async_client', n, lat),
        ];
        expect(c).toBe(lat);
        expect(b).toBe(Math.ceil(n / POOL_THREADS) * lat);
        expect(a).toBe(n * lat);
        expect(c <= b && b <= a).toBe(true);
        for (const k of HANDLER_KINDS) {
          const w = waves(k, n, lat);
          expect(w.reduce((s, [, count]) => s + count, 0)).toBe(n);
          expect(Math.max(...w.map(([, count]) => count))).toBe(maxInFlight(k, n));
        }
      }),
      { seed: SIM_SEED, numRuns: 100 },
    );
  });
});

/** n handlers gathered on the asyncio model, each doing `step` then marking when it is done. */
function onTheLoop(n: number, step: Step, cpuCount?: number): number[] {
  const program: Program = {
    main: 'main',
    coroutines: [
      { name: 'price', steps: [step, { op: 'mark', label: 'done' }] },
      { name: 'main', steps: [{ op: 'gather', coros: Array.from({ length: n }, () => 'price') }] },
    ],
  };
  return run(program, cpuCount === undefined ? {} : { cpuCount })
    .marks.map((m) => m.time / 1e6)
    .sort((x, y) => x - y);
}

describe('quiz-fastapi: the closed forms agree with the asyncio model of the other slides', () => {
  it('blocking in the loop: one after another, as time.sleep in every handler', () => {
    expect(onTheLoop(50, { op: 'block', ms: 200 })).toEqual(completionTimes('async_blocking', 50, 200));
  });

  it('waiting on a socket: all at once, as sock_recv answered after the latency', () => {
    expect(onTheLoop(50, { op: 'recv', ms: 200 })).toEqual(completionTimes('async_client', 50, 200));
  });

  it('a thread pool: waves of the pool’s size (the model’s default executor, 32 threads with 28 CPUs)', () => {
    expect(onTheLoop(70, { op: 'to_thread', kind: 'block', ms: 100 }, 28)).toEqual(
      completionTimes('def_pool', 70, 100, 32),
    );
  });
});
