import type { SlideDef } from './types.ts';

export const eventLoop: SlideDef = {
  id: 'event-loop',
  chapter: 'event-loop',
  title: {
    ru: 'Цикл событий',
    en: 'The event loop',
  },
  demo: {
    tag: 'hsw-event-loop',
    load: () => import('../components/event-loop/event-loop-element.ts'),
    // 0: the fresh loop; then the 7 moments of SPEAKER_STOPS (four in the simplified loop, three in Node's phases).
    // tests/unit/event-loop.test.ts checks that this matches the model.
    steps: 8,
  },
};
