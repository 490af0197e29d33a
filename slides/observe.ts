import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/observe/observe-sequence.ts';

export const observe: SlideDef = {
  id: 'observe',
  chapter: 'production',
  presented: true,
  title: { ru: 'Как это увидеть у себя', en: 'How to see it on your machine' },
  demo: {
    tag: 'hsw-observe',
    load: () => import('../components/observe/observe-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
