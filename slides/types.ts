import type { Bilingual } from '../lib/i18n.ts';
import type { SlideText, Source } from '../lib/text.ts';

export type { Block, CodeLang, SlideText, Source } from '../lib/text.ts';

export type ChapterId = 'io' | 'event-loop' | 'asyncio' | 'green';

export interface DemoDef {
  /** The custom element's tag, e.g. `hsw-c10k`. */
  tag: string;
  /** Loads the module that defines the element. Called when the slide is near. */
  load: () => Promise<unknown>;
  /**
   * The demo's speaker sequence, step 0 included, from its `<demo>-sequence.ts` (plain data, so the slide can
   * hold it without loading the model). A clicker's "next" walks steps 1..length-1 before leaving the slide; the
   * element's `step` property receives the current one.
   */
  sequence?: readonly unknown[];
  /** TRANSITIONAL (issue 7): the old hand-copied count; goes once every slide gives its `sequence`. */
  steps?: number;
  /** Can be shown alone in `embed.html` (default true). */
  embeddable?: boolean;
  /** `side`: text left, demo right (default); `below`: text above the demo; `title`: the opening slide. */
  layout?: 'side' | 'below' | 'title';
}

/** True when the slide has a demo that can be shown alone in `embed.html`. */
export function isEmbeddable(slide: SlideDef | undefined): slide is SlideDef & { demo: DemoDef } {
  return !!slide?.demo && slide.demo.embeddable !== false;
}

/** The number of states in a slide's speaker sequence (1: none). */
export function speakerSteps(slide: SlideDef): number {
  return slide.demo?.sequence?.length ?? slide.demo?.steps ?? 1;
}

export interface SlideDef {
  /** Stable id: `#/<id>`, `embed.html?slide=<id>`, tests. */
  id: string;
  chapter: ChapterId;
  text: Bilingual<SlideText>;
  /** Named in the speaker notes; the same in both languages. */
  sources?: readonly Source[];
  demo?: DemoDef;
}
