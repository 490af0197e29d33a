import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/select-epoll/select-epoll-sequence.ts';

export const selectEpoll: SlideDef = {
  id: 'select-epoll',
  chapter: 'io',
  presented: true,
  title: { ru: 'select, poll, epoll, kqueue', en: 'select, poll, epoll, kqueue' },
  demo: {
    tag: 'hsw-select-epoll',
    load: () => import('../components/select-epoll/select-epoll-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
