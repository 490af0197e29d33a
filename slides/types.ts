import type { Bilingual } from '../lib/i18n.ts';
import type { Block, Source } from '../lib/text.ts';

export type { Block, Source } from '../lib/text.ts';

/**
 * The deck's chapters, in order: each answers one question (its divider shows it: src/plan-text.ts `questions`).
 * The practice slides (cores, pitfalls, backpressure, observe) are their own chapter, `production`.
 */
export type ChapterId = 'io' | 'event-loop' | 'asyncio' | 'green' | 'production';

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
  sequence: readonly unknown[];
  /** Can be shown alone in `embed.html` (default true). */
  embeddable?: boolean;
  /** `side`: text left, demo right (default); `below`: text above the demo; `title`: the opening slide. */
  layout?: 'side' | 'below' | 'title';
  /**
   * Ids of the quiz questions this slide's demo records in the stored score (`QuizQuestion.id`). The `summary`
   * slide counts them, in deck order, from the manifest.
   */
  quizzes?: readonly string[];
  /**
   * What the shell gives this demo besides what every demo takes (lang, step, active, near, mode): `chapters`,
   * the deck's chapters with their slides' titles; `quizzes`, every quiz of the deck in deck order (src/render-slide.ts).
   * A workshop's view (the room's results, the join address) reaches any demo that asks for it through
   * components/ui/workshop-context.ts.
   */
  gets?: readonly ('chapters' | 'quizzes')[];
}

/** True when the slide has a demo that can be shown alone in `embed.html`. */
export function isEmbeddable(slide: SlideDef | undefined): slide is SlideDef & { demo: DemoDef } {
  return !!slide?.demo && slide.demo.embeddable !== false;
}

/**
 * The step at which a quiz slide's vote opens (its sequence: the question, 'voting', revealed), or -1 for a slide
 * whose steps are not a quiz's (green-threads asks a question for the score but keeps steps of its own).
 */
export function votingStep(slide: SlideDef | undefined): number {
  return slide?.demo?.sequence.indexOf('voting') ?? -1;
}

/** The number of states in a slide's speaker sequence (1: none). */
export function speakerSteps(slide: SlideDef): number {
  return slide.demo?.sequence.length ?? 1;
}

/**
 * A slide's entry in the manifest (`slides/<id>.ts`, listed in `slides/index.ts`): what the deck needs before any
 * slide's words — its id, chapter, title (the overview, the chapter map, the embed page) and demo (tag, loader,
 * speaker sequence, whose length gives the slide its step fragments). The rest of its words are in
 * `slides/text/<id>.ts` and load with the slide.
 */
export interface SlideDef {
  /** Stable id: `#/<id>`, `embed.html?slide=<id>`, tests; also the names of its two files. */
  id: string;
  chapter: ChapterId;
  /**
   * The deck's opening or closing slide (title, summary): it stands outside the chapters, so the chapter map does not
   * count it and a plan opens no chapter's divider for it (slides/plan.ts).
   */
  bookend?: true;
  title: Bilingual<string>;
  demo?: DemoDef;
  /**
   * Laid out for presenting (src/page-mode.ts): while presenting, this slide takes the presented type scale and
   * closes its disclosures (tests/e2e/legibility.spec.ts measures it). A slide without it keeps its self-paced look
   * when presented, until its secondary content has moved into disclosures.
   */
  presented?: true;
}

/**
 * One spoken paragraph of a slide's speaker notes (`SlideWords.notes`), said while its step is on screen, with what it
 * names that the hall must see then.
 */
export interface NotesParagraph {
  p: string;
  /**
   * What the paragraph talks about, as the stage shows it at its step in its language (#36: nothing the notes name is
   * closed): 1–3 short strings, each a visible text of the slide as presented at 1280×720 (an SVG `<text>`, an HTML
   * text; case and runs of white space aside), or, for what a canvas draws (a chart), the canvas's accessible name
   * (`aria-label`, the title its chart draws) or a `data-shows` name on the visible element that draws it. The
   * browser walk (tests/e2e/legibility.spec.ts, tests/e2e/notes-shown.ts) finds each one visible, not in a closed
   * disclosure, on the stage and clear of the deck's arrows, progress bar and slide number, at every step.
   */
  shows: readonly string[];
}

/** What a slide says in one language, besides its title. */
export interface SlideWords {
  /** What the slide says, beside its demo. Keep it short: the demo does the explaining. */
  body: readonly Block[];
  /**
   * Speaker notes: exactly one `{ p }` per state of the demo's speaker sequence, notes[i] what the presenter says
   * while step i is on screen (the speaker view lights the current one). Spoken words: no code identifiers, no
   * keyboard help, nothing read from the screen; figures, provenance and caveats go in `appendix`
   * (tests/unit/notes.test.ts checks this and counts the 40-minute plan's words). Each names what it `shows`.
   */
  notes: readonly NotesParagraph[];
  /**
   * The notes' appendix, under its own heading after the spoken lines (and before `sources`): where a figure comes
   * from, which test or probe checks it, what differs between versions: for the speaker's questions, not to be read
   * aloud.
   */
  appendix: readonly Block[];
}

/**
 * `slides/text/<id>.ts` (its default export): the slide's body, notes and sources, loaded with the slide. Both
 * languages are required and have exactly the keys of `SlideWords`, so a key in one and not the other does not
 * compile.
 */
export interface SlideTextDef {
  /** Named in the speaker notes; the same in both languages. */
  sources?: readonly Source[];
  text: Bilingual<SlideWords>;
}

/** A source as a slide's text file lists it: its title, then its address. */
type SourceEntry = readonly [title: string, url: string];

/**
 * A slide's words as its text file writes them (`export default slideText({ sources, ru, en })`): the sources as
 * `[title, url]` pairs and each language's words, made into the `SlideTextDef` the deck loads. Each language is a
 * `SlideWords`, so a key in one and not the other does not compile.
 */
export function slideText(words: { sources?: readonly SourceEntry[]; ru: SlideWords; en: SlideWords }): SlideTextDef {
  const { sources, ru, en } = words;
  const text = { ru, en };
  return sources ? { sources: sources.map(([title, url]) => ({ title, url })), text } : { text };
}
