import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/pitfalls/pitfalls-sequence.ts';

export const pitfalls: SlideDef = {
  id: 'pitfalls',
  chapter: 'production',
  presented: true,
  title: { ru: 'Типичные грабли', en: 'Common pitfalls' },
  demo: {
    tag: 'hsw-pitfalls',
    load: () => import('../components/pitfalls/pitfalls-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
