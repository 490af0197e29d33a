import type { SlideDef } from './types.ts';

export const selectEpoll: SlideDef = {
  id: 'select-epoll',
  chapter: 'io',
  title: {
    ru: 'select, poll, epoll, kqueue',
    en: 'select, poll, epoll, kqueue',
  },
  demo: {
    tag: 'hsw-select-epoll',
    load: () => import('../components/select-epoll/select-epoll-element.ts'),
    steps: 4,
  },
};
