import type { SlideDef } from './types.ts';

export const heavyTask: SlideDef = {
  id: 'heavy-task',
  chapter: 'event-loop',
  title: {
    ru: 'Одна тяжёлая задача вешает всех',
    en: 'One heavy task blocks everyone',
  },
  demo: {
    tag: 'hsw-heavy-task',
    load: () => import('../components/heavy-task/heavy-task-element.ts'),
    // The clicker shows the same run inline, then in chunks, then in a worker.
    steps: 3,
  },
};
