import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/backpressure/backpressure-sequence.ts';

export const backpressure: SlideDef = {
  id: 'backpressure',
  chapter: 'production',
  presented: true,
  title: { ru: 'Обратное давление', en: 'Backpressure' },
  demo: {
    tag: 'hsw-backpressure',
    load: () => import('../components/backpressure/backpressure-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
