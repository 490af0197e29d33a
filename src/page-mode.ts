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

/**
 * Workshop mode's role for this page, from its address (the rule of src/plugins/workshop.ts): `?workshop=<room>` with
 * `&key=` is the presenter's projected deck, without it a participant's phone; never the speaker view's copies
 * (`?receiver`). null: no workshop.
 */
export function workshopRole(search: string): 'presenter' | 'participant' | null {
  const params = new URLSearchParams(search);
  if (!params.has('workshop') || params.has('receiver')) return null;
  return params.get('key') ? 'presenter' : 'participant';
}

/**
 * Is the deck being presented (driven by a speaker, in front of a room) rather than browsed? When the speaker view
 * is connected to it, or it is the presenter's workshop deck. Browsing keeps the page's own controls (language,
 * theme, Embed); presenting hides them.
 */
export function isPresenting(ctx: { search: string; speakerConnected: boolean }): boolean {
  return ctx.speakerConnected || workshopRole(ctx.search) === 'presenter';
}
