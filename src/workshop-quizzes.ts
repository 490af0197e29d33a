/**
 * Workshop mode's quizzes (src/workshop-start.ts): every quiz element in the deck, found as it connects (or already
 * there), gets the room's view of its question as its `live` property at each repaint; what a person asks of one (a
 * vote, a reveal) goes to `asked` with the question's id.
 */
import {
  QUIZ_CONNECTED_EVENT,
  QUIZ_LIVE_EVENT,
  type QuizHost,
  type QuizLive,
  type QuizLiveDetail,
} from '../components/shared/quiz/quiz-protocol.ts';
import { slideById } from '../slides/index.ts';

/** The question a quiz element asks: its slide's first manifest quiz id. */
function qidOf(el: Element): string | null {
  const id = el.closest('section')?.id;
  return (id && slideById(id)?.demo?.quizzes?.[0]) || null;
}

interface LiveHost extends Partial<QuizHost> {
  isConnected: boolean;
}

/** Starts watching; returns the repaint, which gives each connected quiz `live(qid)` and forgets the gone ones. */
export function watchQuizzes(
  live: (qid: string) => QuizLive,
  asked: (qid: string, detail: QuizLiveDetail) => void,
): () => void {
  const quizzes = new Set<LiveHost>();
  const paint = (el: LiveHost): void => {
    const qid = qidOf(el as unknown as Element);
    if (qid && 'live' in el) el.live = live(qid);
  };
  const adopt = (el: LiveHost): void => {
    quizzes.add(el);
    paint(el);
  };
  document.addEventListener(QUIZ_CONNECTED_EVENT, (e) => {
    if (e.target) adopt(e.target as unknown as LiveHost);
  });
  for (const el of document.querySelectorAll('.reveal .slides .demo'))
    if (typeof (el as Partial<QuizHost>).requestReveal === 'function') adopt(el);
  document.addEventListener(QUIZ_LIVE_EVENT, (e) => {
    const qid = e.target instanceof Element ? qidOf(e.target) : null;
    if (qid) asked(qid, (e as CustomEvent<QuizLiveDetail>).detail);
  });
  return () => {
    for (const q of quizzes) {
      if (!q.isConnected) quizzes.delete(q);
      else paint(q);
    }
  };
}
