import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/comparison/comparison-sequence.ts';

export const comparison: SlideDef = {
  id: 'comparison',
  chapter: 'green',
  presented: true,
  title: { ru: 'Сравнение моделей', en: 'Comparing the models' },
  demo: {
    tag: 'hsw-comparison',
    load: () => import('../components/comparison/comparison-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
