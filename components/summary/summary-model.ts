/**
 * The summary's model: the person's score over every quiz of the deck, read from what the quiz element stored
 * (components/shared/quiz/quiz-model.ts: `summarizeScore`), and the chapters to go back to. The shell passes the
 * quizzes and the chapters in (`.quizzes`, `.chapters`, from the manifest); the element reads the stored string
 * through lib/storage.ts and hands it here. Pure: strings and data in, a view out.
 */
import { EMPTY_SCORE, parseScore, summarizeScore } from '../shared/quiz/quiz-model.ts';
import { SPEAKER_SEQUENCE } from './summary-sequence.ts';
import type { RoomResults } from '../ui/workshop-context.ts';

export type { RoomResults } from '../ui/workshop-context.ts';

export { SPEAKER_SEQUENCE };

/** One quiz of the deck, as the shell passes it: the question's id, and its slide's id, title and chapter name. */
export interface QuizRef {
  readonly id: string;
  readonly slide: string;
  readonly title: string;
  readonly chapter: string;
}

/** One chapter, as the shell passes it (the title's chapter map gets the same). */
export interface ChapterRef {
  readonly chapter: string;
  readonly title: string;
  readonly firstSlide: string;
  readonly slides: readonly { readonly id: string; readonly title: string }[];
}

/** Nothing on the summary changes with the clicker: its state is empty. */
export type SummaryState = Readonly<Record<string, never>>;

export function initialState(): SummaryState {
  return {};
}

export function stateForStep(_step: number, _current: SummaryState): SummaryState {
  return initialState();
}

/**
 * What the stored score is: nothing yet (`empty`), readable (`ok`), or there but unreadable (`corrupt`: not
 * JSON, another version, a wrong shape; the quiz model then reads it as the empty score, and so does the summary,
 * saying so).
 */
export type StoredStatus = 'empty' | 'ok' | 'corrupt';

export function storedStatus(raw: string | null | undefined): StoredStatus {
  if (raw === null || raw === undefined || raw === '') return 'empty';
  // parseScore returns the shared EMPTY_SCORE only when it could not read the store; a readable store with no
  // answers is a new object (a unit test pins this).
  return parseScore(raw) === EMPTY_SCORE ? 'corrupt' : 'ok';
}

export type QuizResult = 'right' | 'wrong' | 'unanswered';

export interface SummaryRow extends QuizRef {
  readonly result: QuizResult;
}

export interface SummaryView {
  readonly status: StoredStatus;
  readonly total: number;
  readonly answered: number;
  readonly correct: number;
  /** One row per quiz, in deck order (repeated ids once). */
  readonly rows: readonly SummaryRow[];
}

export interface RoomRow extends QuizRef {
  readonly answered: number;
  /** Share of the answers that were right, in whole percent; null: nobody answered. */
  readonly pct: number | null;
}

/** The room's answers per question of the deck, in deck order (a question the server does not know: none yet). */
export function roomView(room: RoomResults, quizzes: readonly QuizRef[]): readonly RoomRow[] {
  const seen = new Set<string>();
  return quizzes
    .filter((q) => !seen.has(q.id) && seen.add(q.id))
    .map((q) => {
      const r = room.questions.find((x) => x.qid === q.id);
      const answered = Math.max(0, r?.answered ?? 0);
      const right = Math.min(answered, Math.max(0, r?.right ?? 0));
      return { ...q, answered, pct: answered === 0 ? null : Math.round((100 * right) / answered) };
    });
}

export function summaryView(raw: string | null | undefined, quizzes: readonly QuizRef[]): SummaryView {
  const seen = new Set<string>();
  const unique = quizzes.filter((q) => !seen.has(q.id) && seen.add(q.id));
  const s = summarizeScore(
    raw,
    unique.map((q) => q.id),
  );
  const rows = unique.map((q, i): SummaryRow => {
    const p = s.perQuiz[i]!;
    return { ...q, result: !p.answered ? 'unanswered' : p.correct ? 'right' : 'wrong' };
  });
  return { status: storedStatus(raw), total: s.total, answered: s.answered, correct: s.correct, rows };
}
