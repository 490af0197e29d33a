import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/libuv-pool/libuv-pool-sequence.ts';

export const libuvPool: SlideDef = {
  id: 'libuv-pool',
  chapter: 'event-loop',
  presented: true,
  title: { ru: 'Скрытый пул потоков libuv', en: 'The hidden libuv thread pool' },
  demo: {
    tag: 'hsw-libuv-pool',
    load: () => import('../components/libuv-pool/libuv-pool-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
