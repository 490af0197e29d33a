import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/event-loop/event-loop-sequence.ts';

export const eventLoop: SlideDef = {
  id: 'event-loop',
  chapter: 'event-loop',
  presented: true,
  title: { ru: 'Цикл событий', en: 'The event loop' },
  demo: {
    tag: 'hsw-event-loop',
    load: () => import('../components/event-loop/event-loop-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
