import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/nonblocking/nonblocking-sequence.ts';

export const nonblocking: SlideDef = {
  id: 'nonblocking',
  chapter: 'io',
  presented: true,
  title: { ru: 'Блокирующий и неблокирующий ввод-вывод', en: 'Blocking and non-blocking I/O' },
  demo: {
    tag: 'hsw-nonblocking',
    load: () => import('../components/nonblocking/nonblocking-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
