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
   * secondary tables and listings behind closed disclosures; the page's language, theme and Embed buttons step aside.
   * True with `?present`, in the speaker view's copies of the deck (they mirror the projector), on the workshop
   * presenter's deck, and while a speaker view is connected (`setPresenting`, isPresenting below); never in print,
   * where everything is open.
   */
  presenting: boolean;
}

/** The event `setPresenting` dispatches on `window` when presenting starts or stops. */
export const PRESENTING_EVENT = 'hsw-presenting';

let presentingNow = false;

/**
 * The shell's one switch for a connected speaker view (src/plugins/deck-chrome.ts hears its hello): the slides'
 * disclosures close, the presented type scale applies and the page's buttons step aside. Listeners of
 * `PRESENTING_EVENT` (src/main.ts, the demo lifecycle) re-render.
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
  const presenting =
    !print && (speaker || params.has('present') || isPresenting({ search, speakerConnected: presentingNow }));
  return { mode: speaker ? 'speaker' : 'deck', print, presenting };
}

/**
 * Pure: the plan the address asks for (`?plan=40`, or a list of slide ids `?plan=title,c10k,summary`; slides/plan.ts
 * reads it), or null: the full deck.
 */
export function planParam(search: string): string | null {
  return new URLSearchParams(search).get('plan');
}

/** The deck page's mode, once reveal knows it. */
export function deckPageMode(deck: DeckLike): PageMode {
  return resolvePageMode(window.location.search, deck);
}

/**
 * Workshop mode's role for this page, from its address (the rule of src/plugins/workshop.ts): `?workshop=<room>` with
 * `&role=presenter` is the presenter's projected deck (the server's cookie proves it, never the address), without it
 * a participant's phone; never the speaker view's copies (`?receiver`). null: no workshop.
 */
export function workshopRole(search: string): 'presenter' | 'participant' | null {
  const params = new URLSearchParams(search);
  if (!params.has('workshop') || params.has('receiver')) return null;
  return params.get('role') === 'presenter' ? 'presenter' : 'participant';
}

/**
 * Is the deck being presented (driven by a speaker, in front of a room) rather than browsed? When the speaker view
 * is connected to it, or it is the presenter's workshop deck. Browsing keeps the page's own controls (language,
 * theme, Embed); presenting hides them.
 */
export function isPresenting(ctx: { search: string; speakerConnected: boolean }): boolean {
  return ctx.speakerConnected || workshopRole(ctx.search) === 'presenter';
}
