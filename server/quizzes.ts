/**
 * The deck's quizzes as the workshop server knows them: id, number of choices, the right choice and the explanation
 * in both languages. The server alone holds the answers; the phones get them only in a revealed `poll`.
 *
 * Each answer comes from its quiz's `<quiz>-answer.ts` module (components/shared/quiz/quiz-answer.ts), the one place
 * it is written; the phones' build withholds those modules. tests/unit/workshop-poll.test.ts checks that the ids
 * equal the `quizzes` the slides declare in slides/index.ts, in deck order.
 */
import type { Bilingual } from '../lib/i18n.ts';
import type { HostQuestion } from '../lib/workshop-protocol.ts';
import { QUIZ as GREEN_THREADS_QUESTION } from '../components/green-threads/green-threads-model.ts';
import { ANSWER as GREEN_THREADS_ANSWER } from '../components/green-threads/green-threads-answer.ts';
import { QUESTION as BUSY_WAIT_QUESTION } from '../components/quiz-busy-wait/quiz-busy-wait-model.ts';
import { ANSWER as BUSY_WAIT_ANSWER } from '../components/quiz-busy-wait/quiz-busy-wait-answer.ts';
import { QUESTION as FASTAPI_QUESTION } from '../components/quiz-fastapi/quiz-fastapi-model.ts';
import { ANSWER as FASTAPI_ANSWER } from '../components/quiz-fastapi/quiz-fastapi-answer.ts';

export interface QuizDef {
  readonly id: string;
  readonly choiceCount: number;
  /** 0-based index of the right choice; null: a quick poll (a host's question without a right answer). */
  readonly correct: number | null;
  /** Paragraphs (inline `code` and **strong** only), shown once the answer is revealed. */
  readonly explanation: Bilingual<readonly string[]>;
  /** A host's question (server/host-questions.ts): its words, which every page gets (the deck's are on its slides). */
  readonly text?: { readonly question: Bilingual<string>; readonly choices: Bilingual<readonly string[]> };
}

/** A quiz of the deck's: it always has a right answer. */
export type DeckQuiz = QuizDef & { readonly correct: number };

/** A question with its answer; the server runs from the sources, never from the phones' build (where it is withheld). */
function quiz(
  q: { id: string; choiceCount: number },
  a: { correct: number | null; explanation: Bilingual<readonly string[]> | null },
): DeckQuiz {
  if (a.correct === null || a.explanation === null) throw new Error(`the answer of ${q.id} is withheld`);
  return { id: q.id, choiceCount: q.choiceCount, correct: a.correct, explanation: a.explanation };
}

/** In deck order. */
export const QUIZZES: readonly DeckQuiz[] = [
  quiz(BUSY_WAIT_QUESTION, BUSY_WAIT_ANSWER),
  quiz(FASTAPI_QUESTION, FASTAPI_ANSWER),
  quiz(GREEN_THREADS_QUESTION, GREEN_THREADS_ANSWER),
];

/** What every page gets of the host's questions: their words, never their answers. */
export function publicQuestions(quizzes: readonly QuizDef[]): HostQuestion[] {
  return quizzes.flatMap((q) =>
    q.text
      ? [
          {
            qid: q.id,
            question: { ...q.text.question },
            choices: { ru: [...q.text.choices.ru], en: [...q.text.choices.en] },
            poll: q.correct === null,
          },
        ]
      : [],
  );
}
