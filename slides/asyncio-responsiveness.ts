import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/asyncio-responsiveness/asyncio-responsiveness-sequence.ts';

export const asyncioResponsiveness: SlideDef = {
  id: 'asyncio-responsiveness',
  chapter: 'asyncio',
  presented: true,
  title: { ru: 'Отзывчивость', en: 'Responsiveness' },
  demo: {
    tag: 'hsw-asyncio-responsiveness',
    load: () => import('../components/asyncio-responsiveness/asyncio-responsiveness-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
