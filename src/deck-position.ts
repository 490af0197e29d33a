import { Owned } from './owned.ts';
import type { RevealApi, RevealPlugin } from 'reveal.js';
import type { DemoMode } from '../lib/demo-contract.ts';
import type { Lang } from '../lib/i18n.ts';
import { slideById } from '../slides/index.ts';
import type { DeckPosition as SpeakerState } from './speaker-protocol.ts';
import { deckPageMode, PRESENTING_EVENT, type PageMode } from './page-mode.ts';
import { PREFS_CHANGED } from './prefs.ts';

/**
 * Where the deck is, worked out once per change. Everything else in the shell (the demo lifecycle, the quiz presenter,
 * the speaker link, the workshop, the page's chrome) subscribes to it instead of asking reveal: a clicker press
 * reaches one listener that derives the position (issue #38).
 */
export interface Position {
  /** The slide shown (its `<section>`), if reveal has one. */
  slide: HTMLElement | undefined;
  /** Its id: a slide of the manifest, a plan's chapter divider (`chapter-io`), or '' with no slide. */
  slideId: string;
  /** Its place among the deck's slides (dividers and slides outside a plan included; 0 with no slide). */
  index: number;
  /** Its place among the slides reveal counts (a plan's: -1 on a slide outside it), and how many those are. */
  counted: { index: number; count: number };
  /** The speaker step: reveal's fragment f is step f + 1; no fragment shown is step 0. */
  step: number;
  /** The step's phase in the slide's speaker sequence (`'voting'`, `'revealed'`, …), or null (a divider: no demo). */
  phase: unknown;
  /** reveal's own state (what the speaker view sends and sets: src/speaker-protocol.ts). */
  state: SpeakerState;
  mode: DemoMode;
  presenting: boolean;
  print: boolean;
  lang: Lang;
}

/** What made the position be worked out again: one of reveal's events, presenting starting or stopping, a new language. */
export type PositionCause =
  | 'ready'
  | 'slidechanged'
  | 'fragmentshown'
  | 'fragmenthidden'
  | 'paused'
  | 'resumed'
  | 'pdf-ready'
  | 'presenting'
  | 'prefs';

/** One change as subscribers hear it: the position now, the one before (null the first time), and why. */
export interface PositionChange {
  now: Position;
  previous: Position | null;
  cause: PositionCause;
}

/** The causes that are a move of the deck (a slide or a step), as reveal reports them. */
export const MOVES: readonly PositionCause[] = ['slidechanged', 'fragmentshown', 'fragmenthidden'];

const DECK_EVENTS = [
  'ready',
  'slidechanged',
  'fragmentshown',
  'fragmenthidden',
  'paused',
  'resumed',
  'pdf-ready',
] as const;

/** Pure: the speaker step for reveal's fragment index (undefined or -1: none shown, step 0). */
export function speakerStep(f: number | undefined): number {
  return typeof f === 'number' && f >= 0 ? f + 1 : 0;
}

/** What the position module reads from reveal, once per change. */
export interface DeckReading {
  state: { indexh: number; indexv: number; indexf?: number | undefined; paused?: boolean | undefined };
  slide: HTMLElement | undefined;
  slideId: string;
  /** The slide's index among the horizontal slides (-1 if not among them). */
  index: number;
  /** Its index among reveal's counted slides (-1 if uncounted), and their number. */
  countedIndex: number;
  countedCount: number;
}

/**
 * Pure, for tests: the position from what reveal says (`reading`), the page's mode and the language. The step's phase
 * comes from the slide's speaker sequence (slides/index.ts); a divider, or a slide without a demo, has none.
 */
export function positionFrom(reading: DeckReading, page: PageMode, lang: Lang): Position {
  const { indexh, indexv, indexf, paused } = reading.state;
  const step = speakerStep(indexf);
  const sequence = slideById(reading.slideId)?.demo?.sequence;
  return {
    slide: reading.slide,
    slideId: reading.slideId,
    index: reading.slide ? reading.index : 0,
    counted: { index: reading.slide ? reading.countedIndex : 0, count: reading.countedCount },
    step,
    phase: sequence?.[step] ?? null,
    state: { indexh, indexv, ...(typeof indexf === 'number' ? { indexf } : {}), paused: !!paused },
    mode: page.mode,
    presenting: page.presenting,
    print: page.print,
    lang,
  };
}

export interface DeckPositionOptions {
  /** The deck's language now. */
  getLang: () => Lang;
}

type Subscriber = (change: PositionChange) => void;

/**
 * The deck's position, in the style of reveal's own controllers: `bind` starts listening to the deck (and to the
 * page's presenting switch), `unbind` stops, and the rest of the shell `subscribe`s. It is a reveal plugin (`init`
 * binds, `destroy` unbinds), listed first in src/main.ts so that it is bound before any other plugin subscribes.
 * This is the one module of src/ that asks reveal where the deck is (`getState`, `getCurrentSlide`).
 */
export class DeckPosition implements RevealPlugin {
  readonly id = 'deck-position';
  #deck: RevealApi | null = null;
  #now: Position | null = null;
  #subscribers = new Set<Subscriber>();
  /** What `bind` added to the deck and the window, taken back by `unbind`. */
  readonly #owned = new Owned();
  readonly #options: DeckPositionOptions;

  constructor(options: DeckPositionOptions) {
    this.#options = options;
  }

  /** reveal's plugin entry: binds to the deck it is given. */
  init(deck: RevealApi): void {
    this.bind(deck);
  }

  /** reveal's plugin exit: unbinds. */
  destroy(): void {
    this.unbind();
  }

  /** Listens to the deck's moves (and presenting, and the language): each works the position out once and publishes it. */
  bind(deck: RevealApi): void {
    this.unbind();
    this.#deck = deck;
    const events: [string, PositionCause][] = [
      ...DECK_EVENTS.map((e) => [e, e] as [string, PositionCause]),
      [PREFS_CHANGED, 'prefs'],
    ];
    for (const [type, cause] of events) this.#owned.on(deck, type, () => this.#update(cause));
    this.#owned.listen(window, PRESENTING_EVENT, this.#onPresenting);
  }

  /** Stops listening; the subscribers stay (a later `bind` publishes to them again). */
  unbind(): void {
    this.#owned.release();
    this.#deck = null;
  }

  /**
   * Calls `fn` with every change from now on, in the order of subscription; returns the function that ends it. The
   * position as it is now (if the deck is ready) is `current()`.
   */
  subscribe(fn: Subscriber): () => void {
    this.#subscribers.add(fn);
    return () => this.#subscribers.delete(fn);
  }

  /** How many subscribers it has now (for tests: a plugin's `destroy` ends its subscription). */
  subscriberCount(): number {
    return this.#subscribers.size;
  }

  /** The position last published, or null before the deck is ready. */
  current(): Position | null {
    return this.#now;
  }

  /** Presenting started or stopped (src/page-mode.ts): published once the deck is ready. */
  readonly #onPresenting = (): void => {
    if (this.#deck?.isReady()) this.#update('presenting');
  };

  /** Works the position out (the one place that asks reveal) and tells every subscriber. */
  #update(cause: PositionCause): void {
    const deck = this.#deck;
    if (!deck) return;
    const slide = deck.getCurrentSlide() as HTMLElement | undefined;
    const reading: DeckReading = {
      state: deck.getState(),
      slide,
      slideId: slide?.id ?? '',
      index: slide ? deck.getHorizontalSlides().indexOf(slide) : 0,
      countedIndex: slide ? deck.getSlides().indexOf(slide) : 0,
      countedCount: deck.getSlides().length,
    };
    const previous = this.#now;
    const now = positionFrom(reading, deckPageMode(deck), this.#options.getLang());
    this.#now = now;
    for (const fn of [...this.#subscribers]) fn({ now, previous, cause });
  }
}
