import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/io-uring/io-uring-sequence.ts';

export const ioUring: SlideDef = {
  id: 'io-uring',
  chapter: 'io',
  presented: true,
  title: { ru: 'io_uring: не «готово», а «прочитано»', en: 'io_uring: not “ready to read” but “read”' },
  demo: {
    tag: 'hsw-io-uring',
    load: () => import('../components/io-uring/io-uring-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
