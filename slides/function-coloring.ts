import type { SlideDef } from './types.ts';
import { SPEAKER_SEQUENCE } from '../components/function-coloring/function-coloring-sequence.ts';

export const functionColoring: SlideDef = {
  id: 'function-coloring',
  chapter: 'green',
  presented: true,
  title: { ru: 'Раскраска функций', en: 'Function coloring' },
  demo: {
    tag: 'hsw-function-coloring',
    load: () => import('../components/function-coloring/function-coloring-element.ts'),
    sequence: SPEAKER_SEQUENCE,
    layout: 'below',
  },
};
