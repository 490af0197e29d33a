import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/chapter-map/chapter-map-sequence.ts';

export const title: SlideDef = {
  id: 'title',
  chapter: 'io',
  presented: true,
  title: {
    ru: 'Event loop, корутины и зелёные потоки',
    en: 'Event loop, coroutines and green threads',
  },
  demo: {
    tag: 'hsw-chapter-map',
    load: () => import('../components/chapter-map/chapter-map-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    embeddable: false,
    layout: 'title',
  },
};
