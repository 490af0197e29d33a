import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/cores/cores-sequence.ts';

export const cores: SlideDef = {
  id: 'cores',
  chapter: 'production',
  presented: true,
  title: { ru: 'Все ядра', en: 'All the cores' },
  demo: {
    tag: 'hsw-cores',
    load: () => import('../components/cores/cores-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
