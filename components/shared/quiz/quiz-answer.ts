import type { Bilingual } from '../../../lib/i18n.ts';

/**
 * A quiz's answer: the right choice and the explanation, in both languages. Each quiz keeps it in a module of its
 * own, `components/<demo>/<demo>-answer.ts`, exporting `ANSWER: QuizAnswer` and nothing else, so that the phones'
 * build (`npm run build:phone`, vite.config.ts) can replace every such module with a withheld one: the phones get the
 * answer only from the workshop server's revealed poll, never in a file they download.
 */
export interface QuizAnswer {
  /** 0-based index of the right choice; null: withheld (the phones' build). */
  readonly correct: number | null;
  /** Paragraphs shown once the answer is known (inline `code` and **strong** only); null: withheld. */
  readonly explanation: Bilingual<readonly string[]> | null;
}
