import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/asyncio-loop/asyncio-loop-sequence.ts';

export const asyncioLoop: SlideDef = {
  id: 'asyncio-loop',
  chapter: 'asyncio',
  presented: true,
  title: { ru: 'Внутри цикла asyncio', en: 'Inside the asyncio loop' },
  demo: {
    tag: 'hsw-asyncio-loop',
    load: () => import('../components/asyncio-loop/asyncio-loop-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
