/**
 * A quiz in workshop mode: what it shows, from the server's poll (quiz-protocol.ts's QuizLive). Pure: a poll in, a
 * view out. The projector shows how many answered, never what, until the reveal; a phone votes once, is locked
 * after the server's ack, and after the reveal sees the histogram, the right answer and whether it was right.
 */
import type { QuizView } from './quiz-model.ts';
import type { QuizLive } from './quiz-protocol.ts';

/** Which sentence the status line says (quiz-text.ts's `live`). */
export type LiveMessage =
  | 'presenter-idle'
  | 'presenter-open'
  | 'presenter-closed'
  | 'presenter-revealed'
  | 'wait'
  | 'vote'
  | 'sending'
  | 'in'
  | 'already'
  | 'not-saved'
  | 'closed'
  | 'right'
  | 'wrong'
  | 'missed';

export interface LiveView extends QuizView {
  readonly message: LiveMessage;
  /** How many answered so far (the projector shows it). */
  readonly answered: number;
  /** Votes per choice: only once revealed. */
  readonly counts: readonly number[] | null;
  /** The explanation, only once revealed. */
  readonly explanation: { readonly ru: readonly string[]; readonly en: readonly string[] } | null;
  /** A click (or 1–9) sends a vote. */
  readonly canVote: boolean;
}

function inRange(x: unknown, n: number): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < n;
}

export function liveView(live: QuizLive, choiceCount: number): LiveView {
  const poll = live.poll;
  const status = poll?.status ?? 'idle';
  const revealed = status === 'revealed';
  const correct = revealed && inRange(poll?.correct, choiceCount) ? poll.correct : null;
  const counts =
    revealed && poll?.counts && poll.counts.length === choiceCount ? poll.counts.map((c) => Math.max(0, c)) : null;
  const base = {
    answered: poll?.answered ?? 0,
    counts,
    explanation: revealed ? (poll?.explanation ?? null) : null,
    correctShown: correct,
    explanationShown: revealed && !!poll?.explanation,
    locked: true,
    canReveal: false,
    canTryAgain: false,
    canVote: false,
  };
  if (live.role === 'presenter') {
    const message: LiveMessage = revealed
      ? 'presenter-revealed'
      : status === 'open'
        ? 'presenter-open'
        : status === 'closed'
          ? 'presenter-closed'
          : 'presenter-idle';
    // The projector never marks a choice before the reveal: it does not know any.
    return { ...base, message, selected: null, verdict: null, canReveal: status === 'open' || status === 'closed' };
  }
  const yours = inRange(poll?.yours, choiceCount) ? poll.yours : null;
  if (revealed) {
    const right = yours === null ? null : (poll?.right ?? (correct !== null ? yours === correct : null));
    return {
      ...base,
      selected: yours,
      verdict: right === null ? null : right ? 'right' : 'wrong',
      message: yours === null ? 'missed' : right ? 'right' : 'wrong',
    };
  }
  if (yours !== null) return { ...base, selected: yours, verdict: null, message: 'in' };
  if (live.sending) return { ...base, selected: null, verdict: null, message: 'sending' };
  if (live.refused === 'already-voted') return { ...base, selected: null, verdict: null, message: 'already' };
  if (status === 'open') {
    // The server could not save the last one (a full or failing disk): it is not counted, and may be sent again.
    const message = live.refused === 'not-saved' ? 'not-saved' : 'vote';
    return { ...base, selected: null, verdict: null, locked: false, canVote: true, message };
  }
  return { ...base, selected: null, verdict: null, message: status === 'closed' ? 'closed' : 'wait' };
}
