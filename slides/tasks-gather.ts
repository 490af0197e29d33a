import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/tasks-gather/tasks-gather-sequence.ts';

export const tasksGather: SlideDef = {
  id: 'tasks-gather',
  chapter: 'asyncio',
  presented: true,
  title: { ru: 'Task против корутины', en: 'Task vs coroutine' },
  demo: {
    tag: 'hsw-tasks-gather',
    load: () => import('../components/tasks-gather/tasks-gather-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
