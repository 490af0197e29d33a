import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/python-asyncio/python-asyncio-sequence.ts';

export const pythonAsyncio: SlideDef = {
  id: 'python-asyncio',
  chapter: 'asyncio',
  presented: true,
  title: { ru: 'Python asyncio: где теряется конкурентность', en: 'Python asyncio: where concurrency is lost' },
  demo: {
    tag: 'hsw-python-asyncio',
    load: () => import('../components/python-asyncio/python-asyncio-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
