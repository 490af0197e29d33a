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
  return { mode: speaker ? 'speaker' : 'deck', print };
}

/** The deck page's mode, once reveal knows it. */
export function deckPageMode(deck: DeckLike): PageMode {
  return resolvePageMode(window.location.search, deck);
}
