import { spawnSync } from 'node:child_process';
import { ANSWER as BUSY_WAIT_ANSWER } from '../../components/quiz-busy-wait/quiz-busy-wait-answer.ts';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EMPTY_SCORE,
  SCORE_VERSION,
  choose,
  initialQuizState,
  keyToChoice,
  parseScore,
  recordAnswer,
  reveal,
  serializeScore,
  setMode,
  shouldPersist,
  summarizeScore,
  tryAgain,
  undo,
  validQuestion,
  viewOf,
  type QuizQuestion,
  type QuizState,
} from '../../components/shared/quiz/quiz-model.ts';
import { actionOf, modeFromSearch, pressAction, quizStepsLive } from '../../src/plugins/quiz-presenter.ts';
import { positionFrom, type PositionCause } from '../../src/deck-position.ts';
import * as busyWait from '../../components/quiz-busy-wait/quiz-busy-wait-model.ts';
import { busyWaitQuizText, busyWaitText } from '../../components/quiz-busy-wait/quiz-busy-wait-text.ts';

const Q: QuizQuestion = { id: 'quiz-busy-wait', choiceCount: 4, correct: 2 };
const Q2: QuizQuestion = { id: 'quiz-fastapi', choiceCount: 4, correct: 1 };

describe('browsing', () => {
  it('unanswered shows nothing; choosing locks the answer and shows right/wrong with the explanation', () => {
    let s = initialQuizState(Q);
    expect(viewOf(s)).toMatchObject({ selected: null, correctShown: null, explanationShown: false, locked: false });
    s = choose(s, 0);
    expect(viewOf(s)).toMatchObject({
      selected: 0,
      correctShown: 2,
      verdict: 'wrong',
      explanationShown: true,
      locked: true,
      canTryAgain: true,
    });
    const locked = choose(s, 2);
    expect(locked).toBe(s);
    expect(viewOf(choose(initialQuizState(Q), 2)).verdict).toBe('right');
  });

  it('try again resets; undo steps back', () => {
    const answered = choose(initialQuizState(Q), 1);
    const again = tryAgain(answered);
    expect(again.phase).toEqual({ kind: 'unanswered' });
    expect(undo(again).phase).toEqual({ kind: 'answered', choice: 1 });
    expect(undo(undo(again)).phase).toEqual({ kind: 'unanswered' });
    expect(tryAgain(initialQuizState(Q))).toEqual(initialQuizState(Q));
  });

  it('out-of-range choices are ignored', () => {
    const s = initialQuizState(Q);
    for (const c of [-1, 4, 1.5, Number.NaN]) expect(choose(s, c)).toBe(s);
  });
});

describe('presenter mode', () => {
  it('the vote can be marked and changed while hidden; nothing is shown until reveal', () => {
    let s = initialQuizState(Q, 'presenter');
    expect(viewOf(s)).toMatchObject({ correctShown: null, explanationShown: false, canReveal: true });
    s = choose(s, 3);
    s = choose(s, 0);
    expect(viewOf(s)).toMatchObject({ selected: 0, correctShown: null, verdict: null, explanationShown: false });
    s = reveal(s);
    expect(viewOf(s)).toMatchObject({
      selected: 0,
      correctShown: 2,
      verdict: 'wrong',
      explanationShown: true,
      locked: true,
    });
    expect(choose(s, 2)).toBe(s);
    expect(reveal(s)).toBe(s);
    expect(tryAgain(s).phase).toEqual({ kind: 'hidden', choice: null });
  });

  it('reveal without a vote shows the answer without a verdict', () => {
    const v = viewOf(reveal(initialQuizState(Q, 'presenter')));
    expect(v).toMatchObject({ selected: null, correctShown: 2, verdict: null, explanationShown: true });
  });

  it('switching modes restarts the question; reveal does nothing when browsing', () => {
    const s = choose(initialQuizState(Q), 2);
    expect(setMode(s, 'presenter').phase).toEqual({ kind: 'hidden', choice: null });
    expect(setMode(s, 'browse')).toBe(s);
    expect(reveal(initialQuizState(Q))).toEqual(initialQuizState(Q));
  });

  it('a quiz slide’s clicker steps count only when the question is presented; a forward press to "revealed" reveals', () => {
    expect(quizStepsLive(false, null)).toBe(false);
    expect(quizStepsLive(true, null)).toBe(true);
    expect(quizStepsLive(false, 'presenter')).toBe(true);
    expect(quizStepsLive(false, 'participant')).toBe(true);
    // Positions as src/deck-position.ts publishes them: slide `id` (a section stands in), at fragment f.
    const slide = {} as HTMLElement;
    const at = (slideId: string, f: number) =>
      positionFrom(
        { state: { indexh: 3, indexv: 0, indexf: f }, slide, slideId, index: 3, countedIndex: 3, countedCount: 9 },
        { mode: 'deck', print: false, presenting: true },
        'en',
      );
    const press = (id: string, from: number, to: number, cause: PositionCause = 'fragmentshown') =>
      pressAction({ now: at(id, to), previous: at(id, from), cause });
    // quiz-busy-wait's sequence: question, voting, revealed (fragments 0 and 1 are steps 1 and 2).
    expect(busyWait.SPEAKER_SEQUENCE).toEqual(['question', 'voting', 'revealed']);
    expect([press('quiz-busy-wait', -1, 0), press('quiz-busy-wait', 0, 1)]).toEqual([null, 'reveal']);
    // Arriving at the slide (from another, or two steps at once), stepping back, a pause: nothing.
    expect(
      pressAction({ now: at('quiz-busy-wait', 1), previous: at('summary', -1), cause: 'fragmentshown' }),
    ).toBeNull();
    expect(pressAction({ now: at('quiz-busy-wait', 1), previous: null, cause: 'fragmentshown' })).toBeNull();
    expect(press('quiz-busy-wait', -1, 1)).toBeNull();
    expect(press('quiz-busy-wait', 1, 1, 'paused')).toBeNull();
    expect(press('quiz-busy-wait', 0, 1, 'slidechanged')).toBeNull();
    // A demo that asks a question for the score keeps its own steps; a divider has none.
    expect(press('green-threads', 0, 1)).toBeNull();
    expect(press('chapter-io', 0, 1)).toBeNull();
  });

  it('?quiz=presenter turns it on', () => {
    expect(modeFromSearch('?quiz=presenter')).toBe('presenter');
    expect(modeFromSearch('?print-pdf&quiz=presenter')).toBe('presenter');
    expect(modeFromSearch('?quiz=browse')).toBe('browse');
    expect(modeFromSearch('')).toBe('browse');
    expect(modeFromSearch('?quizz=presenter')).toBe('browse');
  });
});

describe('print, keys, persistence rules', () => {
  it('in print every quiz shows its answer and explanation, whatever the state', () => {
    for (const s of [initialQuizState(Q), initialQuizState(Q, 'presenter'), choose(initialQuizState(Q), 0)]) {
      expect(viewOf(s, { print: true })).toMatchObject({ correctShown: 2, explanationShown: true, selected: null });
    }
  });

  it('keys 1 … n choose, other keys do not', () => {
    expect(['1', '2', '3', '4'].map((k) => keyToChoice(k, 4))).toEqual([0, 1, 2, 3]);
    expect(keyToChoice('5', 4)).toBeNull();
    expect(keyToChoice('0', 4)).toBeNull();
    expect(keyToChoice('a', 4)).toBeNull();
    expect(keyToChoice('12', 4)).toBeNull();
  });

  it('only a browsing person outside the speaker view and print is stored', () => {
    expect(shouldPersist({ mode: 'browse', speakerNotes: false, print: false })).toBe(true);
    expect(shouldPersist({ mode: 'browse', speakerNotes: true, print: false })).toBe(false);
    expect(shouldPersist({ mode: 'presenter', speakerNotes: false, print: false })).toBe(false);
    expect(shouldPersist({ mode: 'browse', speakerNotes: false, print: true })).toBe(false);
  });

  it('invalid questions are refused', () => {
    expect(validQuestion({ id: '', choiceCount: 4, correct: 0 })).toBe(false);
    expect(validQuestion({ id: 'x', choiceCount: 4, correct: 4 })).toBe(false);
    expect(validQuestion({ id: 'x', choiceCount: 1, correct: 0 })).toBe(false);
    expect(() => initialQuizState({ id: 'x', choiceCount: 3, correct: -1 })).toThrow();
  });
});

describe('score storage', () => {
  it('the first answer counts; later attempts are counted but do not change it', () => {
    let store = recordAnswer(EMPTY_SCORE, Q, 0);
    store = recordAnswer(store, Q, 2);
    expect(store.answers['quiz-busy-wait']).toEqual({ choice: 0, correct: false, attempts: 2 });
    store = recordAnswer(store, Q2, 1);
    const raw = serializeScore(store);
    expect(parseScore(raw)).toEqual(store);
    expect(summarizeScore(raw, ['quiz-busy-wait', 'quiz-fastapi', 'quiz-other'])).toEqual({
      total: 3,
      answered: 2,
      correct: 1,
      perQuiz: [
        { id: 'quiz-busy-wait', answered: true, correct: false },
        { id: 'quiz-fastapi', answered: true, correct: true },
        { id: 'quiz-other', answered: false, correct: false },
      ],
    });
  });

  it('a corrupt or old entry is discarded without an error', () => {
    const bad = [
      null,
      undefined,
      '',
      '{',
      'null',
      '[]',
      '42',
      '"x"',
      '{"version":0,"answers":{}}',
      '{"version":2,"answers":{"a":{"choice":0,"correct":true,"attempts":1}}}',
      '{"version":1}',
      '{"version":1,"answers":[]}',
      '{"version":1,"answers":null}',
    ];
    for (const raw of bad) expect(parseScore(raw)).toEqual(EMPTY_SCORE);
  });

  it('malformed answers inside a valid store are dropped one by one', () => {
    const raw = JSON.stringify({
      version: SCORE_VERSION,
      answers: {
        good: { choice: 1, correct: true, attempts: 1 },
        neg: { choice: -1, correct: true, attempts: 1 },
        str: { choice: '1', correct: true, attempts: 1 },
        zero: { choice: 0, correct: false, attempts: 0 },
        arr: [1, true, 1],
        '': { choice: 0, correct: false, attempts: 1 },
      },
    });
    expect(Object.keys(parseScore(raw).answers)).toEqual(['good']);
  });

  it('__proto__ keys cannot pollute', () => {
    const raw = '{"version":1,"answers":{"__proto__":{"choice":0,"correct":true,"attempts":1}}}';
    const s = parseScore(raw);
    expect(Object.keys(s.answers)).toEqual([]);
    expect(summarizeScore(raw, ['__proto__', 'toString'])).toMatchObject({ answered: 0, correct: 0 });
  });

  it('parseScore never throws and always returns a store that round-trips (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ version: 1, answers: v })),
        ),
        (raw) => {
          const s = parseScore(raw);
          expect(s.version).toBe(SCORE_VERSION);
          expect(parseScore(serializeScore(s))).toEqual(s);
          const sum = summarizeScore(raw, ['a', 'b']);
          expect(sum.correct).toBeLessThanOrEqual(sum.answered);
          expect(sum.answered).toBeLessThanOrEqual(sum.total);
        },
      ),
    );
  });

  it('the summary counts right first answers (property)', () => {
    const answers = fc.array(fc.record({ q: fc.integer({ min: 0, max: 4 }), choice: fc.integer({ min: 0, max: 3 }) }));
    fc.assert(
      fc.property(answers, (xs) => {
        const qs = [0, 1, 2, 3, 4].map((i): QuizQuestion => ({ id: `q${i}`, choiceCount: 4, correct: i % 4 }));
        let store = EMPTY_SCORE;
        const first = new Map<number, number>();
        for (const { q, choice } of xs) {
          store = recordAnswer(store, qs[q]!, choice);
          if (!first.has(q)) first.set(q, choice);
        }
        const sum = summarizeScore(
          serializeScore(store),
          qs.map((q) => q.id),
        );
        expect(sum.answered).toBe(first.size);
        expect(sum.correct).toBe([...first].filter(([q, c]) => c === q % 4).length);
      }),
    );
  });
});

describe('state machine properties', () => {
  type Op =
    | { t: 'choose'; c: number }
    | { t: 'reveal' }
    | { t: 'again' }
    | { t: 'undo' }
    | { t: 'mode'; m: 'browse' | 'presenter' };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.integer({ min: -1, max: 4 }).map((c) => ({ t: 'choose' as const, c })),
    fc.constant({ t: 'reveal' as const }),
    fc.constant({ t: 'again' as const }),
    fc.constant({ t: 'undo' as const }),
    fc.constantFrom('browse' as const, 'presenter' as const).map((m) => ({ t: 'mode' as const, m })),
  );
  const apply = (s: QuizState, o: Op): QuizState =>
    o.t === 'choose'
      ? choose(s, o.c)
      : o.t === 'reveal'
        ? reveal(s)
        : o.t === 'again'
          ? tryAgain(s)
          : o.t === 'undo'
            ? undo(s)
            : setMode(s, o.m);

  it('the answer is never shown in presenter mode before reveal, and a browsing answer never changes without try again', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('browse' as const, 'presenter' as const),
        fc.array(op, { maxLength: 30 }),
        (mode, ops) => {
          let s = initialQuizState(Q, mode);
          for (const o of ops) {
            const before = s;
            s = apply(s, o);
            const v = viewOf(s);
            if (s.phase.kind === 'hidden') expect(v.correctShown).toBeNull();
            if (s.mode === 'presenter') expect(['hidden', 'revealed']).toContain(s.phase.kind);
            else expect(['unanswered', 'answered']).toContain(s.phase.kind);
            if (before.phase.kind === 'answered' && o.t === 'choose') expect(s).toBe(before);
            // every change can be undone
            if (s !== before && o.t !== 'undo') {
              const back = undo(s);
              expect({ mode: back.mode, phase: back.phase }).toEqual({ mode: before.mode, phase: before.phase });
            }
          }
        },
      ),
    );
  });
});

// --------------------------------------------------------------- the quiz-busy-wait answer, in real Node

/**
 * Runs a snippet in a fresh Node (CommonJS) with a hard timeout. The busy-wait loops are bounded: they report
 * and exit after N turns, so the child cannot hang even if the starvation were real forever.
 */
function runNode(code: string): Record<string, unknown> {
  const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', timeout: 15000 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`node exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

const N = 20_000_000;
const PRELUDE = `
const N = ${N};
let ready = false, n = 0;
const t0 = Date.now();
const report = (o) => {
  process.stdout.write(JSON.stringify({ n, ready, ms: Date.now() - t0,
    heapMB: process.memoryUsage().heapUsed / 1e6, ...o }) + '\\n');
  process.exit(0);
};
`;

describe('the busy-wait question against real Node', () => {
  it('await Promise.resolve() in a loop: a 10 ms timer that would set ready never fires (microtask starvation)', () => {
    const out = runNode(`${PRELUDE}
      setTimeout(() => { ready = true; }, 10);
      (async () => {
        while (!ready) {
          await Promise.resolve();
          if (++n >= N) report({ starved: true });
        }
        report({ starved: false });
      })();`);
    expect(out.starved).toBe(true);
    expect(out.ready).toBe(false);
    expect(out.n).toBe(N);
    expect(out.ms as number).toBeGreaterThan(10); // the timer was due long before the probe gave up
    expect(out.heapMB as number).toBeLessThan(64); // no leak, no deep stack: it just spins
  });

  it('the same when ready is set by a network handler: the connection is never handled', () => {
    const out = runNode(`${PRELUDE}
      const net = require('node:net');
      const server = net.createServer((sock) => { ready = true; sock.destroy(); });
      server.listen(0, '127.0.0.1', () => {
        // the kernel completes the handshake by itself; only the 'connection' callback needs the loop
        net.connect(server.address().port, '127.0.0.1');
        (async () => {
          while (!ready) {
            await Promise.resolve();
            if (++n >= N) report({ starved: true });
          }
          report({ starved: false });
        })();
      });`);
    expect(out.starved).toBe(true);
    expect(out.ready).toBe(false);
  });

  it('the same with a recursive process.nextTick', () => {
    const out = runNode(`${PRELUDE}
      setTimeout(() => { ready = true; }, 10);
      const spin = () => {
        if (ready) return report({ starved: false });
        if (++n >= N) return report({ starved: true });
        process.nextTick(spin);
      };
      spin();`);
    expect(out.starved).toBe(true);
    expect(out.ready).toBe(false);
  });

  it.each([
    ['setImmediate', 'await new Promise((r) => setImmediate(r));'],
    ['setTimeout', 'await new Promise((r) => setTimeout(r, 0));'],
  ])('yielding for real with %s lets the timer run and the loop finish', (_name, yieldStmt) => {
    const out = runNode(`${PRELUDE}
      setTimeout(() => { ready = true; }, 10);
      (async () => {
        while (!ready) {
          ${yieldStmt}
          if (++n >= N) report({ starved: true });
        }
        report({ starved: false });
      })();`);
    expect(out.starved).toBe(false);
    expect(out.ready).toBe(true);
    expect(out.n as number).toBeLessThan(N);
  });

  it('and with a network handler: setImmediate lets the connection in', () => {
    const out = runNode(`${PRELUDE}
      const net = require('node:net');
      const server = net.createServer((sock) => { ready = true; sock.destroy(); server.close(); });
      server.listen(0, '127.0.0.1', () => {
        net.connect(server.address().port, '127.0.0.1').on('error', () => {});
        (async () => {
          while (!ready) {
            await new Promise((r) => setImmediate(r));
            if (++n >= N) report({ starved: true });
          }
          report({ starved: false });
        })();
      });`);
    expect(out.starved).toBe(false);
    expect(out.ready).toBe(true);
  });
});

// --------------------------------------------------------------- the quiz-busy-wait demo: contract, text, programs

describe('the quiz-busy-wait demo', () => {
  it('follows the demo contract: three clicker steps (question, voting, revealed); a step keeps what was chosen', () => {
    expect(busyWait.SPEAKER_SEQUENCE).toEqual(['question', 'voting', 'revealed']);
    const fresh = busyWait.initialState();
    expect(fresh).toEqual(initialQuizState(busyWait.QUESTION));
    const answered = choose(fresh, 2);
    // moving to a step (a deep link, going back) never chooses nor reveals: only a press does, in the deck
    for (let i = 0; i < 3; i++) expect(busyWait.stateForStep(i, answered)).toBe(answered);
    const hidden = busyWait.initialState();
    for (let i = 0; i < 3; i++) expect(busyWait.stateForStep(i, hidden)).toBe(hidden);
  });

  it('owns every string it shows: the question, its code, the choices and the explanation, in both languages', () => {
    for (const lang of ['en', 'ru'] as const) {
      const t = busyWaitQuizText[lang];
      expect(t.lead?.length).toBeGreaterThan(10);
      expect(t.ask).toMatch(/\?$/);
      expect(t.choices).toHaveLength(busyWait.QUESTION.choiceCount);
      // the hall's short words: a question, and the choices in the same order (the right one: the server hangs)
      expect(t.presented?.ask).toMatch(/\?$/);
      expect(t.presented?.choices).toHaveLength(busyWait.QUESTION.choiceCount);
      expect(t.presented?.choices[BUSY_WAIT_ANSWER.correct ?? -1]).toMatch(/hangs|Зависнет/);
      expect(BUSY_WAIT_ANSWER.explanation?.[lang].length).toBeGreaterThan(0);
    }
    // the question's code is the loop of the first program the simulator runs, written once
    expect(busyWait.QUESTION_CODE).toBe('while (!ready) {\n  await Promise.resolve();\n}');
    expect(busyWait.simProgram('promise', 'c')).toContain(busyWait.QUESTION_CODE.replace(/\n/g, '\n  '));
  });

  it('each program runs the timer that sets the flag, with its comment in the reader’s language', () => {
    for (const v of busyWait.SIM_VARIANTS) {
      const src = busyWait.simProgram(v, busyWaitText.ru.simComment);
      expect(src).toContain('// изображает сетевой обработчик');
      expect(src).toContain('setTimeout(() => { ready = true; }, 5);');
      expect(src.trimEnd().endsWith("console.log('waiting');")).toBe(true);
    }
    expect(busyWait.loopOf('no loop')).toBe('');
  });
});

describe('the presenter plugin’s messages', () => {
  it('only our type and our action names pass; answers never travel', () => {
    expect(actionOf({ type: 'hsw:quiz', action: 'reveal' })).toBe('reveal');
    expect(actionOf({ type: 'hsw:quiz', action: 'presenter-on' })).toBe('presenter-on');
    expect(actionOf({ type: 'hsw:quiz', action: 'presenter-off' })).toBe('presenter-off');
    for (const bad of [
      null,
      'reveal',
      { type: 'other', action: 'reveal' },
      { type: 'hsw:quiz', action: 'choose', choice: 2 },
      { type: 'hsw:quiz' },
    ]) {
      expect(actionOf(bad)).toBeNull();
    }
  });
});
