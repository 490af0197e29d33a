import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/heavy-task/heavy-task-sequence.ts';

export const heavyTask: SlideDef = {
  id: 'heavy-task',
  chapter: 'event-loop',
  presented: true,
  title: { ru: 'Одна тяжёлая задача вешает всех', en: 'One heavy task blocks everyone' },
  demo: {
    tag: 'hsw-heavy-task',
    load: () => import('../components/heavy-task/heavy-task-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
