/**
 * Workshop mode's quizzes (src/workshop-start.ts): every quiz element in the deck (the deck's one registry,
 * src/connected-quizzes.ts: found as it connects, or already there) gets the room's view of its question as its
 * `live` property at each repaint; what a person asks of one (a vote, a reveal) goes to `asked` with the question's id.
 */
import type { Owned } from './owned.ts';
import {
  QUIZ_LIVE_EVENT,
  type QuizHost,
  type QuizLive,
  type QuizLiveDetail,
} from '../components/shared/quiz/quiz-protocol.ts';
import { slideById } from '../slides/index.ts';
import type { ConnectedQuizzes } from './connected-quizzes.ts';

/** The question a quiz element asks: its slide's first manifest quiz id. */
function qidOf(el: Element): string | null {
  const id = el.closest('section')?.id;
  return (id && slideById(id)?.demo?.quizzes?.[0]) || null;
}

/** Starts watching (until `owned` is released); returns the repaint, which gives each connected quiz `live(qid)` and forgets the gone ones. */
export function watchQuizzes(
  owned: Owned,
  quizzes: ConnectedQuizzes,
  live: (qid: string) => QuizLive,
  asked: (qid: string, detail: QuizLiveDetail) => void,
): () => void {
  const paint = (el: Partial<QuizHost>): void => {
    const qid = qidOf(el as unknown as Element);
    if (qid && 'live' in el) el.live = live(qid);
  };
  owned.add(quizzes.watch(paint));
  owned.listen(document, QUIZ_LIVE_EVENT, (e) => {
    const qid = e.target instanceof Element ? qidOf(e.target) : null;
    if (qid) asked(qid, (e as CustomEvent<QuizLiveDetail>).detail);
  });
  return () => {
    for (const q of quizzes.connected()) paint(q);
  };
}
