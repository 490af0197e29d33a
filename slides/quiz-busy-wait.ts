import type { SlideDef } from './types.ts';

export const quizBusyWait: SlideDef = {
  id: 'quiz-busy-wait',
  chapter: 'event-loop',
  title: {
    ru: 'Проверьте себя',
    en: 'Check yourself',
  },
  demo: {
    tag: 'hsw-quiz-busy-wait',
    load: () => import('../components/quiz-busy-wait/quiz-busy-wait-element.ts'),
  },
};
