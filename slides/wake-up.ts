import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/wake-up/wake-up-sequence.ts';

export const wakeUp: SlideDef = {
  id: 'wake-up',
  chapter: 'io',
  presented: true,
  title: { ru: 'Путь пробуждения', en: 'The wake-up path' },
  demo: {
    tag: 'hsw-wake-up',
    load: () => import('../components/wake-up/wake-up-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
