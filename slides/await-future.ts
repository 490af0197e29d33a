import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/await-future/await-future-sequence.ts';

export const awaitFuture: SlideDef = {
  id: 'await-future',
  chapter: 'asyncio',
  presented: true,
  title: { ru: 'Как футура будит задачу', en: 'How a future wakes a task' },
  demo: {
    tag: 'hsw-await-future',
    load: () => import('../components/await-future/await-future-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
