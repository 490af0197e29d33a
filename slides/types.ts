import type { Bilingual } from '../src/i18n.ts';

/** Languages the code panel highlights (highlight.js core with only these registered). */
export type CodeLang = 'javascript' | 'typescript' | 'python' | 'c' | 'go' | 'java' | 'bash';

/**
 * A block of slide or note text. Strings may use `backticks` for inline code and **stars** for emphasis;
 * nothing else is interpreted, and nothing is ever parsed as HTML.
 */
export type Block =
  | { p: string }
  | { ul: readonly string[] }
  | { code: string; lang: CodeLang; caption?: string };

export interface SlideText {
  title: string;
  /** What the slide says, beside its demo. Keep it short: the demo does the explaining. */
  body: readonly Block[];
  /** Speaker notes: what the presenter says, at length. */
  notes: readonly Block[];
}

export interface Source {
  title: string;
  url: string;
}

export type ChapterId = 'io' | 'event-loop' | 'asyncio' | 'green';

export interface DemoDef {
  /** The custom element's tag, e.g. `hsw-c10k`. */
  tag: string;
  /** Loads the module that defines the element. Called when the slide is near. */
  load: () => Promise<unknown>;
  /**
   * Number of states in the speaker sequence (0 or 1: none). A clicker's "next" walks steps 1..steps-1
   * before leaving the slide; the element's `step` property receives the current one.
   */
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

export interface SlideDef {
  /** Stable id: `#/<id>`, `embed.html?slide=<id>`, tests. */
  id: string;
  chapter: ChapterId;
  text: Bilingual<SlideText>;
  /** Named in the speaker notes; the same in both languages. */
  sources?: readonly Source[];
  demo?: DemoDef;
}
