import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/summary/summary-sequence.ts';

export const summary: SlideDef = {
  id: 'summary',
  chapter: 'green',
  presented: true,
  bookend: true,
  title: { ru: 'Главное', en: 'Key points' },
  demo: {
    tag: 'hsw-summary',
    load: () => import('../components/summary/summary-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    gets: ['chapters', 'quizzes'],
    layout: 'below',
  },
};
