import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/c10k/c10k-sequence.ts';

export const c10k: SlideDef = {
  id: 'c10k',
  chapter: 'io',
  presented: true,
  title: { ru: 'C10K: поток на соединение', en: 'C10K: a thread per connection' },
  demo: {
    tag: 'hsw-c10k',
    load: () => import('../components/c10k/c10k-element.ts'),
    sequence: SPEAKER_SEQUENCE,
  },
};
