import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/green-threads/green-threads-sequence.ts';

export const greenThreads: SlideDef = {
  id: 'green-threads',
  chapter: 'green',
  presented: true,
  title: { ru: 'Зелёные потоки: M задач на N потоков', en: 'Green threads: M tasks on N threads' },
  demo: {
    tag: 'hsw-green-threads',
    load: () => import('../components/green-threads/green-threads-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    quizzes: ['green-threads-predict'],
    layout: 'below',
  },
};
