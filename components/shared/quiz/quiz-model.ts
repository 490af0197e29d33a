/**
 * The quiz: a pure state machine, the score kept between visits, and the helpers the element needs.
 * No DOM, no storage access, no timers: strings in, values out. The element reads and writes localStorage
 * itself, through `parseScore` / `serializeScore`, and only where `shouldPersist` says so.
 *
 * Browsing:   unanswered ──choose(i)──▶ answered(i)   (locked; right or wrong and the explanation are shown)
 *             answered   ──tryAgain──▶ unanswered
 * Presenter:  hidden(v)  ──choose(i)──▶ hidden(i)     (the room's vote may be marked and changed; nothing shown)
 *             hidden(v)  ──reveal────▶ revealed(v)   (the right answer and the explanation are shown)
 *             revealed   ──tryAgain──▶ hidden(null)
 * Every transition keeps the previous state in `past`, so `undo` steps back.
 *
 * Each quiz slide's own model (e.g. components/quiz-busy-wait/quiz-busy-wait-model.ts) gives the demo contract
 * on top of this one: its question, `initialState`, `SPEAKER_SEQUENCE` and `stateForStep`. Presenter mode is the
 * deck's (src/plugins/quiz-presenter.ts): it tells the element, which switches the state with `setMode`.
 */

import * as v from 'valibot';
import type { Bilingual } from '../../../lib/i18n.ts';
import type { CodeLang } from '../../../lib/text.ts';

export interface QuizQuestion {
  /** Stable id: the slide id, e.g. "quiz-busy-wait". Used as the score key and in the URL. */
  readonly id: string;
  readonly choiceCount: number;
  /**
   * 0-based index of the right choice, from the quiz's `-answer.ts` module (quiz-answer.ts); null in the phones'
   * build, where the answer is withheld: an answer is then only noted, with no right or wrong of its own.
   */
  readonly correct: number | null;
}

export type QuizMode = 'browse' | 'presenter';

/** The words of a quiz, in one language: inline `code` and **strong** only. */
export interface QuizWords {
  /** What comes before the code, if anything (e.g. "someone wrote this:"). */
  readonly lead?: string;
  /** The question itself: the name of the group of choices. */
  readonly ask: string;
  /** The choices, in the order of `correct`. */
  readonly choices: readonly string[];
  /**
   * The same question said to a hall (`presenting`: read from the back, at most about 350 characters a slide): a
   * shorter question and choices, in the same order; the lead is not shown. The full words stay in the self-paced
   * view, in print and on the phones.
   */
  readonly presented?: { readonly ask: string; readonly choices: readonly string[] };
}

/** Everything a quiz shows: its question and, in each language, its words; the code (if any) is one listing. */
export interface QuizContent {
  readonly question: QuizQuestion;
  readonly text: Bilingual<QuizWords>;
  /** Shown between the lead and the question: one listing, or one per language where its comments have words. */
  readonly code?: { readonly source: string | Bilingual<string>; readonly lang: CodeLang };
  /** Paragraphs shown once the answer is known, from the quiz's `-answer.ts`; null: withheld (the phones' build). */
  readonly explanation: Bilingual<readonly string[]> | null;
}

export type QuizPhase =
  | { readonly kind: 'unanswered' }
  | { readonly kind: 'answered'; readonly choice: number }
  | { readonly kind: 'hidden'; readonly choice: number | null }
  | { readonly kind: 'revealed'; readonly choice: number | null };

export interface QuizState {
  readonly question: QuizQuestion;
  readonly mode: QuizMode;
  readonly phase: QuizPhase;
  readonly past: readonly QuizState[];
}

export const MAX_CHOICES = 9;

export function validQuestion(q: QuizQuestion): boolean {
  return (
    typeof q.id === 'string' &&
    q.id.length > 0 &&
    q.id.length <= 100 &&
    Number.isInteger(q.choiceCount) &&
    q.choiceCount >= 2 &&
    q.choiceCount <= MAX_CHOICES &&
    (q.correct === null || (Number.isInteger(q.correct) && q.correct >= 0 && q.correct < q.choiceCount))
  );
}

function initialPhase(mode: QuizMode): QuizPhase {
  return mode === 'presenter' ? { kind: 'hidden', choice: null } : { kind: 'unanswered' };
}

/** A fresh quiz: nothing chosen. */
export function initialQuizState(question: QuizQuestion, mode: QuizMode = 'browse'): QuizState {
  if (!validQuestion(question)) throw new Error(`invalid quiz question: ${JSON.stringify(question)}`);
  return { question, mode, phase: initialPhase(mode), past: [] };
}

const HISTORY_LIMIT = 50;

function next(state: QuizState, change: Partial<Pick<QuizState, 'mode' | 'phase'>>): QuizState {
  const past = [...state.past, { ...state, past: [] }].slice(-HISTORY_LIMIT);
  return { ...state, ...change, past };
}

function inRange(state: QuizState, choice: number): boolean {
  return Number.isInteger(choice) && choice >= 0 && choice < state.question.choiceCount;
}

/** Pick a choice. Browsing: locks the answer. Presenter: marks the room's vote while it is hidden. */
export function choose(state: QuizState, choice: number): QuizState {
  if (!inRange(state, choice)) return state;
  const p = state.phase;
  if (p.kind === 'unanswered') return next(state, { phase: { kind: 'answered', choice } });
  if (p.kind === 'hidden') {
    if (p.choice === choice) return state;
    return next(state, { phase: { kind: 'hidden', choice } });
  }
  return state; // answered or revealed: locked
}

/** Presenter: show the right answer and the explanation. */
export function reveal(state: QuizState): QuizState {
  if (state.phase.kind !== 'hidden') return state;
  return next(state, { phase: { kind: 'revealed', choice: state.phase.choice } });
}

/** Start the question over. */
export function tryAgain(state: QuizState): QuizState {
  const p = state.phase;
  if (p.kind === 'unanswered' || (p.kind === 'hidden' && p.choice === null)) return state;
  return next(state, { phase: initialPhase(state.mode) });
}

export function setMode(state: QuizState, mode: QuizMode): QuizState {
  if (state.mode === mode) return state;
  return next(state, { mode, phase: initialPhase(mode) });
}

export function undo(state: QuizState): QuizState {
  const prev = state.past[state.past.length - 1];
  if (!prev) return state;
  return { ...prev, past: state.past.slice(0, -1) };
}

export interface QuizView {
  /** The highlighted choice (the person's answer, or the room's vote), if any. */
  readonly selected: number | null;
  /** Index of the right choice when it may be shown, else null. */
  readonly correctShown: number | null;
  /** Whether the selected choice is right, when that may be shown (null: not shown, or nothing selected). */
  readonly verdict: 'right' | 'wrong' | null;
  readonly explanationShown: boolean;
  /** Choices can no longer be changed. */
  readonly locked: boolean;
  readonly canReveal: boolean;
  readonly canTryAgain: boolean;
}

/** What the element shows. `print`: a printed quiz shows its answer and explanation, whatever the state. */
export function viewOf(state: QuizState, opts: { print?: boolean } = {}): QuizView {
  const correct = state.question.correct;
  /** Withheld (the phones' build): an answer is noted, never judged here. */
  const known = correct !== null;
  if (opts.print) {
    return {
      selected: null,
      correctShown: correct,
      verdict: null,
      explanationShown: known,
      locked: true,
      canReveal: false,
      canTryAgain: false,
    };
  }
  const p = state.phase;
  switch (p.kind) {
    case 'unanswered':
      return {
        selected: null,
        correctShown: null,
        verdict: null,
        explanationShown: false,
        locked: false,
        canReveal: false,
        canTryAgain: false,
      };
    case 'answered':
      return {
        selected: p.choice,
        correctShown: correct,
        verdict: !known ? null : p.choice === correct ? 'right' : 'wrong',
        explanationShown: known,
        locked: true,
        canReveal: false,
        canTryAgain: true,
      };
    case 'hidden':
      return {
        selected: p.choice,
        correctShown: null,
        verdict: null,
        explanationShown: false,
        locked: false,
        canReveal: true,
        canTryAgain: p.choice !== null,
      };
    case 'revealed':
      return {
        selected: p.choice,
        correctShown: correct,
        verdict: p.choice === null || !known ? null : p.choice === correct ? 'right' : 'wrong',
        explanationShown: known,
        locked: true,
        canReveal: false,
        canTryAgain: true,
      };
  }
}

/** Keys 1 … n choose; anything else is not the quiz's. Returns the 0-based choice or null. */
export function keyToChoice(key: string, choiceCount: number): number | null {
  if (!/^[1-9]$/.test(key)) return null;
  const i = Number(key) - 1;
  return i < choiceCount ? i : null;
}

/**
 * Should an answer be stored? Only a browsing person's answers count: not the presenter's, not in print, and
 * never from reveal's speaker view (it runs the deck three times: the popup and two iframes).
 */
export function shouldPersist(ctx: { mode: QuizMode; speakerNotes: boolean; print: boolean }): boolean {
  return ctx.mode === 'browse' && !ctx.speakerNotes && !ctx.print;
}

// ---------------------------------------------------------------------------------------------- score

export const SCORE_STORAGE_KEY = 'how-servers-wait:quiz-score';
export const SCORE_VERSION = 1;
const MAX_ENTRIES = 200;

export interface ScoreEntry {
  /** The first answer given: it is the one that counts. */
  readonly choice: number;
  readonly correct: boolean;
  /** How many times the question was answered (try again counts a new attempt). */
  readonly attempts: number;
}

export interface ScoreStore {
  readonly version: typeof SCORE_VERSION;
  readonly answers: Readonly<Record<string, ScoreEntry>>;
}

export const EMPTY_SCORE: ScoreStore = { version: SCORE_VERSION, answers: {} };

/** One stored answer, as the store must hold it (valibot): a choice the quiz can have, right or not, 1+ attempts. */
const StoredEntry = v.object({
  choice: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_CHOICES - 1)),
  correct: v.boolean(),
  attempts: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1e6)),
});
/** The store around them: its version, and the answers by question id (each checked on its own, below). */
const StoredScore = v.object({
  version: v.literal(SCORE_VERSION),
  // an object of answers, not a list (valibot's record would take a list's indices for ids)
  answers: v.pipe(
    v.custom<object>((a) => typeof a === 'object' && a !== null && !Array.isArray(a)),
    v.record(v.string(), v.unknown()),
  ),
});

/**
 * Parse what localStorage holds. Never throws: missing, corrupt, or another version → the empty score;
 * malformed answers inside a valid store are dropped one by one.
 */
export function parseScore(raw: string | null | undefined): ScoreStore {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 100_000) return EMPTY_SCORE;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY_SCORE;
  }
  const store = v.safeParse(StoredScore, data);
  if (!store.success) return EMPTY_SCORE;
  const answers: Record<string, ScoreEntry> = {};
  let n = 0;
  for (const [id, raw] of Object.entries(store.output.answers)) {
    if (n >= MAX_ENTRIES) break;
    if (id.length === 0 || id.length > 100 || id === '__proto__') continue;
    const entry = v.safeParse(StoredEntry, raw);
    if (!entry.success) continue;
    answers[id] = entry.output;
    n++;
  }
  return { version: SCORE_VERSION, answers };
}

export function serializeScore(store: ScoreStore): string {
  return JSON.stringify(store);
}

/** Record an answer: the first one counts; later attempts only raise the attempt count. */
export function recordAnswer(store: ScoreStore, question: QuizQuestion, choice: number): ScoreStore {
  if (!validQuestion(question) || !Number.isInteger(choice) || choice < 0 || choice >= question.choiceCount) {
    return store;
  }
  // Withheld (the phones' build): nothing to judge the answer by; the workshop server keeps the score.
  if (question.correct === null) return store;
  const prev = store.answers[question.id];
  const entry: ScoreEntry = prev
    ? { ...prev, attempts: prev.attempts + 1 }
    : { choice, correct: choice === question.correct, attempts: 1 };
  return { version: SCORE_VERSION, answers: { ...store.answers, [question.id]: entry } };
}

export interface ScoreSummary {
  /** Number of quizzes in the deck (the ids given). */
  readonly total: number;
  readonly answered: number;
  /** First answers that were right. */
  readonly correct: number;
  readonly perQuiz: readonly { readonly id: string; readonly answered: boolean; readonly correct: boolean }[];
}

/**
 * For the `summary` slide: read the stored score (the raw localStorage string) against the deck's quiz ids.
 * Answers to ids the deck no longer has are ignored.
 */
export function summarizeScore(raw: string | null | undefined, quizIds: readonly string[]): ScoreSummary {
  const store = parseScore(raw);
  const ids = [...new Set(quizIds)];
  const perQuiz = ids.map((id) => {
    const e = Object.prototype.hasOwnProperty.call(store.answers, id) ? store.answers[id] : undefined;
    return { id, answered: e !== undefined, correct: e?.correct === true };
  });
  return {
    total: ids.length,
    answered: perQuiz.filter((q) => q.answered).length,
    correct: perQuiz.filter((q) => q.correct).length,
    perQuiz,
  };
}
