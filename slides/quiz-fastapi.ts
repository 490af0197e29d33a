import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/quiz-fastapi/quiz-fastapi-sequence.ts';

export const quizFastapi: SlideDef = {
  id: 'quiz-fastapi',
  chapter: 'asyncio',
  presented: true,
  title: { ru: 'Проверьте себя', en: 'Check yourself' },
  demo: {
    tag: 'hsw-quiz-fastapi',
    load: () => import('../components/quiz-fastapi/quiz-fastapi-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    quizzes: ['quiz-fastapi'],
    layout: 'below',
  },
};
