import type { SlideDef } from './types.ts';

export const asyncStateMachine: SlideDef = {
  id: 'async-state-machine',
  chapter: 'event-loop',
  title: {
    ru: 'async-функция — это конечный автомат',
    en: 'An async function is a state machine',
  },
  demo: {
    tag: 'hsw-async-state-machine',
    load: () => import('../components/async-state-machine/async-state-machine-element.ts'),
    // The clicker walks load(7) with both calls succeeding: call, case 0, pause, case 1, pause, case 2, done.
    steps: 7,
    layout: 'below',
  },
};
