import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/async-state-machine/async-state-machine-sequence.ts';

export const asyncStateMachine: SlideDef = {
  id: 'async-state-machine',
  chapter: 'event-loop',
  presented: true,
  title: { ru: 'async-функция — это конечный автомат', en: 'An async function is a state machine' },
  demo: {
    tag: 'hsw-async-state-machine',
    load: () => import('../components/async-state-machine/async-state-machine-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
