import type { RevealApi } from 'reveal.js';
import type { DemoMode } from '../lib/demo-contract.ts';

/**
 * The one place that decides where the page is shown. Demos never ask: the lifecycle (deck) and the embed page
 * pass `mode` and `print` down to them as properties.
 */
export interface PageMode {
  mode: DemoMode;
  /** The print layout (`?print-pdf`). */
  print: boolean;
  /**
   * Shown to a hall: the presented type scale (assets/deck.css, components/ui/demo-styles.ts) and the slides'
   * secondary tables and listings behind closed disclosures. True with `?present`, in the speaker view's copies of the
   * deck (they mirror the projector) and after `setPresenting(true)`; never in print, where everything is open.
   */
  presenting: boolean;
}

/** The event `setPresenting` dispatches on `window` when presenting starts or stops. */
export const PRESENTING_EVENT = 'hsw-presenting';

let presentingNow = false;

/**
 * The shell's one switch for presenting (for instance when a speaker view connects): the slides' disclosures close
 * and the presented type scale applies. Listeners of `PRESENTING_EVENT` re-render.
 */
export function setPresenting(on: boolean): void {
  if (presentingNow === on) return;
  presentingNow = on;
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(PRESENTING_EVENT));
}

type DeckLike = Pick<RevealApi, 'isSpeakerNotes'> & { isPrintView?: () => boolean };

/** Pure, for tests: the mode from the address and what reveal says (when there is a deck). */
export function resolvePageMode(search: string, deck?: DeckLike): PageMode {
  const params = new URLSearchParams(search);
  let speaker = params.has('receiver');
  let print = params.has('print-pdf');
  if (deck) {
    try {
      speaker = speaker || deck.isSpeakerNotes() === true;
      print = print || deck.isPrintView?.() === true;
    } catch {
      /* reveal not ready yet: the address decides */
    }
  }
  const presenting = !print && (presentingNow || speaker || params.has('present'));
  return { mode: speaker ? 'speaker' : 'deck', print, presenting };
}

/** The deck page's mode, once reveal knows it. */
export function deckPageMode(deck: DeckLike): PageMode {
  return resolvePageMode(window.location.search, deck);
}
