import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/quiz-busy-wait/quiz-busy-wait-sequence.ts';

export const quizBusyWait: SlideDef = {
  id: 'quiz-busy-wait',
  chapter: 'event-loop',
  presented: true,
  title: { ru: 'Проверьте себя', en: 'Check yourself' },
  demo: {
    tag: 'hsw-quiz-busy-wait',
    load: () => import('../components/quiz-busy-wait/quiz-busy-wait-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
    quizzes: ['quiz-busy-wait'],
  },
};
