import type { SlideDef } from './types.ts';

export const microMacro: SlideDef = {
  id: 'micro-macro',
  chapter: 'event-loop',
  title: {
    ru: 'Микрозадачи и макрозадачи',
    en: 'Microtasks and macrotasks',
  },
  demo: {
    tag: 'hsw-micro-macro',
    load: () => import('../components/micro-macro/micro-macro-element.ts'),
    // 0: the guess on the seed example; 1: the guess checked; 2: the script and its microtasks done, the timer
    // next; 3: the end (micro-macro-model.ts, SEQUENCE_STEPS)
    steps: 4,
    layout: 'below',
  },
};
