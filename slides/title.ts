import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/chapter-map/chapter-map-sequence.ts';

export const title: SlideDef = {
  id: 'title',
  chapter: 'io',
  presented: true,
  bookend: true,
  title: { ru: 'Event loop, корутины и зелёные потоки', en: 'Event loop, coroutines and green threads' },
  demo: {
    tag: 'hsw-chapter-map',
    // The deck's first slide: src/main.ts imports the chapter map statically, so it is in the deck's own chunk and
    // nowhere else (a dynamic import here would split it into a chunk of its own, or, in the shell chunk, into every
    // embed). The slide is not embeddable, so only the deck shows it.
    load: () => Promise.resolve(),
    sequence: SPEAKER_SEQUENCE,
    gets: ['chapters'],
    embeddable: false,
    layout: 'title',
  },
};
