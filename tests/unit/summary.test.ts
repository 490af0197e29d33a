import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SIM_SEED } from './sim-seed.ts';
import {
  initialState,
  stateForStep,
  storedStatus,
  summaryView,
  type QuizRef,
} from '../../components/summary/summary-model.ts';
import {
  EMPTY_SCORE,
  initialQuizState,
  parseScore,
  recordAnswer,
  serializeScore,
} from '../../components/shared/quiz/quiz-model.ts';
import { QUESTION as BUSY_WAIT } from '../../components/quiz-busy-wait/quiz-busy-wait-model.ts';
import { slides } from '../../slides/index.ts';

const Q = (id: string, slide = id): QuizRef => ({ id, slide, title: `Title of ${slide}`, chapter: 'Chapter' });
const QUIZZES = [Q('quiz-busy-wait'), Q('quiz-fastapi'), Q('green-threads-predict', 'green-threads')];

const answered = (answers: Record<string, { choice: number; correct: boolean; attempts: number }>) =>
  JSON.stringify({ version: 1, answers });

describe('the summary’s score', () => {
  it('nothing stored: an empty score over every quiz, none answered', () => {
    const v = summaryView(null, QUIZZES);
    expect(v).toMatchObject({ status: 'empty', total: 3, answered: 0, correct: 0 });
    expect(v.rows.map((r) => r.result)).toEqual(['unanswered', 'unanswered', 'unanswered']);
  });

  it('right, wrong and unanswered per quiz, in deck order, with each slide to link to', () => {
    const raw = answered({
      'quiz-fastapi': { choice: 1, correct: false, attempts: 2 },
      'quiz-busy-wait': { choice: 2, correct: true, attempts: 1 },
      'a-quiz-no-longer-in-the-deck': { choice: 0, correct: true, attempts: 1 },
    });
    const v = summaryView(raw, QUIZZES);
    expect(v).toMatchObject({ status: 'ok', total: 3, answered: 2, correct: 1 });
    expect(v.rows.map((r) => [r.id, r.slide, r.result])).toEqual([
      ['quiz-busy-wait', 'quiz-busy-wait', 'right'],
      ['quiz-fastapi', 'quiz-fastapi', 'wrong'],
      ['green-threads-predict', 'green-threads', 'unanswered'],
    ]);
  });

  it('what the quiz element writes is what the summary reads', () => {
    const q = initialQuizState(BUSY_WAIT).question;
    const raw = serializeScore(recordAnswer(parseScore(null), q, 0));
    expect(summaryView(raw, [Q('quiz-busy-wait')])).toMatchObject({ status: 'ok', answered: 1, correct: 0 });
    const right = serializeScore(recordAnswer(parseScore(null), q, BUSY_WAIT.correct ?? -1));
    expect(summaryView(right, [Q('quiz-busy-wait')]).rows[0]!.result).toBe('right');
  });

  it('corrupt storage: a clear empty score, marked corrupt (not JSON, another version, a wrong shape)', () => {
    for (const raw of ['{corrupt', 'null', '[]', '{"version":2,"answers":{}}', '{"version":1,"answers":[]}', '42']) {
      const v = summaryView(raw, QUIZZES);
      expect(v, raw).toMatchObject({ status: 'corrupt', total: 3, answered: 0, correct: 0 });
      expect(v.rows).toHaveLength(3);
    }
    // A readable store with no answers is not corrupt: parseScore returns EMPTY_SCORE itself only when it failed.
    expect(storedStatus('{"version":1,"answers":{}}')).toBe('ok');
    expect(parseScore('{"version":1,"answers":{}}')).not.toBe(EMPTY_SCORE);
    expect(parseScore('{corrupt')).toBe(EMPTY_SCORE);
    expect(storedStatus('')).toBe('empty');
  });

  it('works for any list of quizzes: repeated ids count once, an empty list gives 0 of 0', () => {
    expect(summaryView(null, [])).toMatchObject({ total: 0, rows: [] });
    expect(summaryView(null, [Q('a'), Q('a', 'other'), Q('b')]).rows.map((r) => r.slide)).toEqual(['a', 'b']);
  });

  it('never throws, and correct ≤ answered ≤ total = the distinct quizzes, whatever is stored', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constant(null),
          fc
            .dictionary(
              fc.constantFrom('a', 'b', 'c', 'd'),
              fc.record({ choice: fc.integer({ min: 0, max: 3 }), correct: fc.boolean(), attempts: fc.nat(5) }),
            )
            .map((answers) => answered(answers)),
        ),
        fc.array(fc.constantFrom('a', 'b', 'c', 'x'), { maxLength: 6 }),
        (raw, ids) => {
          const v = summaryView(
            raw,
            ids.map((id) => Q(id)),
          );
          expect(v.total).toBe(new Set(ids).size);
          expect(v.correct).toBeLessThanOrEqual(v.answered);
          expect(v.answered).toBeLessThanOrEqual(v.total);
          expect(v.rows.filter((r) => r.result !== 'unanswered')).toHaveLength(v.answered);
        },
      ),
      { seed: SIM_SEED, numRuns: 300 },
    );
  });

  it('has one speaker step', () => {
    expect(stateForStep(0, initialState())).toEqual(initialState());
  });
});

describe('the manifest’s quizzes', () => {
  it('quiz-busy-wait’s slide declares the id its question records under', () => {
    const slide = slides.find((s) => s.id === 'quiz-busy-wait');
    expect(slide?.demo?.quizzes).toEqual([BUSY_WAIT.id]);
  });

  it('quiz ids are unique across the deck', () => {
    const ids = slides.flatMap((s) => s.demo?.quizzes ?? []);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the deck’s answer (the summary’s picture)', () => {
  it('answers every chapter’s question, in both languages, in a few words', async () => {
    const { summaryText } = await import('../../components/summary/summary-text.ts');
    const { chapterQuestion } = await import('../../components/shared/chapters/chapter-questions-text.ts');
    const { chapterMap } = await import('../../slides/index.ts');
    const chapters = chapterMap().map((c) => c.chapter);
    expect(chapters.length).toBeGreaterThan(0);
    for (const lang of ['en', 'ru'] as const)
      for (const chapter of chapters) {
        expect(chapterQuestion(lang, chapter), `${chapter} (${lang})`).toMatch(/\?$/);
        // short enough for five rows and the last line within the hall's 350 characters
        expect(summaryText[lang].answers[chapter]?.length ?? 0, `${chapter} (${lang})`).toBeGreaterThan(0);
        expect(summaryText[lang].answers[chapter]?.length ?? 0, `${chapter} (${lang})`).toBeLessThanOrEqual(28);
      }
    expect(chapterQuestion('en', 'no-such-chapter')).toBeUndefined();
    expect(chapterQuestion('en', 'toString')).toBeUndefined();
  });
});
