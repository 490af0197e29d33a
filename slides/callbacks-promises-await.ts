import type { SlideDef } from './types.ts';

export const callbacksPromisesAwait: SlideDef = {
  id: 'callbacks-promises-await',
  chapter: 'event-loop',
  title: {
    ru: 'Колбэки → промисы → async/await',
    en: 'Callbacks → promises → async/await',
  },
  demo: {
    tag: 'hsw-callbacks',
    load: () => import('../components/callbacks/callbacks-element.ts'),
    // 0: start; 1–3: callbacks, promises, async/await run to the end; 4–7: the failure cases
    // (callbacks with db.get failing, callbacks with a throw, promises and async/await with db.get failing).
    // tests/unit/callbacks.test.ts checks that this matches SPEAKER_SEQUENCE.
    steps: 8,
  },
};
