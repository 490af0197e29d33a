/**
 * The deck's quizzes as the workshop server knows them: id, number of choices, the right choice and the explanation
 * in both languages. The server alone holds the answers; the phones get them only in a revealed `poll`.
 *
 * Every import of a quiz's answer is in this one file (the quiz modules may move the answer into a
 * `<quiz>-answer.ts` module; only these lines change then). tests/unit/workshop-poll.test.ts checks that the ids
 * equal the `quizzes` the slides declare in slides/index.ts, in deck order.
 */
import { formatNumber, type Bilingual, type Lang } from '../lib/i18n.ts';
import { MEASURED, QUIZ as GREEN_THREADS_QUESTION } from '../components/green-threads/green-threads-model.ts';
import { greenThreadsText } from '../components/green-threads/green-threads-text.ts';
import { QUESTION as BUSY_WAIT_QUESTION } from '../components/quiz-busy-wait/quiz-busy-wait-model.ts';
import { busyWaitQuizText } from '../components/quiz-busy-wait/quiz-busy-wait-text.ts';
import { QUESTION as FASTAPI_QUESTION } from '../components/quiz-fastapi/quiz-fastapi-model.ts';
import { fastapiQuizText } from '../components/quiz-fastapi/quiz-fastapi-text.ts';

export interface QuizDef {
  readonly id: string;
  readonly choiceCount: number;
  /** 0-based index of the right choice. */
  readonly correct: number;
  /** Paragraphs (inline `code` and **strong** only), shown once the answer is revealed. */
  readonly explanation: Bilingual<readonly string[]>;
}

/** green-threads' explanation is a function of the measured figures: called as its element calls it. */
function greenThreadsExplanation(lang: Lang): readonly string[] {
  const n = (x: number) => formatNumber(x, lang);
  return greenThreadsText[lang].quiz.explanation(n(MEASURED.go.parkedThreads), n(10_001), MEASURED.go.version);
}

/** In deck order. */
export const QUIZZES: readonly QuizDef[] = [
  {
    ...BUSY_WAIT_QUESTION,
    explanation: { ru: busyWaitQuizText.ru.explanation, en: busyWaitQuizText.en.explanation },
  },
  {
    ...FASTAPI_QUESTION,
    explanation: { ru: fastapiQuizText.ru.explanation, en: fastapiQuizText.en.explanation },
  },
  {
    ...GREEN_THREADS_QUESTION,
    explanation: { ru: greenThreadsExplanation('ru'), en: greenThreadsExplanation('en') },
  },
];
