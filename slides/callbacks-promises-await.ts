import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/callbacks-promises-await/callbacks-promises-await-sequence.ts';

export const callbacksPromisesAwait: SlideDef = {
  id: 'callbacks-promises-await',
  chapter: 'event-loop',
  presented: true,
  title: { ru: 'Колбэки → промисы → async/await', en: 'Callbacks → promises → async/await' },
  demo: {
    tag: 'hsw-callbacks-promises-await',
    load: () => import('../components/callbacks-promises-await/callbacks-promises-await-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
