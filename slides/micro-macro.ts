import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/micro-macro/micro-macro-sequence.ts';

export const microMacro: SlideDef = {
  id: 'micro-macro',
  chapter: 'event-loop',
  presented: true,
  title: { ru: 'Микрозадачи и макрозадачи', en: 'Microtasks and macrotasks' },
  demo: {
    tag: 'hsw-micro-macro',
    load: () => import('../components/micro-macro/micro-macro-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
