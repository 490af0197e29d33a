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

/**
 * What the deck page's address asks for: the one place that reads its query's parameters (src/main.ts, the plugins
 * and the functions below ask here). The query's language and theme are src/prefs.ts's; the workshop's room,
 * lib/workshop-protocol.ts's `workshopFromSearch`.
 */
export interface PageAddress {
  /** `?receiver`: one of the speaker view's copies of the deck (src/speaker.ts's previews). */
  receiver: boolean;
  /** `?print-pdf`: the print layout. */
  print: boolean;
  /** `?present`: shown to a hall from the start. */
  present: boolean;
  /** `?plan=`: the plan asked for (slides/plan.ts reads it), or null: the full deck. */
  plan: string | null;
  /** `?quiz=presenter`: the quizzes start in presenter mode. */
  quizPresenter: boolean;
  /** `?workshop=<room>`: workshop mode; with `&role=presenter` the presenter's projected deck. */
  workshop: 'presenter' | 'participant' | null;
}

/** Pure, for tests: what the query string `search` asks for. */
export function addressOf(search: string): PageAddress {
  const params = new URLSearchParams(search);
  return {
    receiver: params.has('receiver'),
    print: params.has('print-pdf'),
    present: params.has('present'),
    plan: params.get('plan'),
    quizPresenter: params.get('quiz') === 'presenter',
    workshop: params.has('workshop') ? (params.get('role') === 'presenter' ? 'presenter' : 'participant') : null,
  };
}

/** What this page's address asks for now (its query: the language and theme may change it, never these). */
export function pageAddress(): PageAddress {
  return addressOf(window.location.search);
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
  const address = addressOf(search);
  let speaker = address.receiver;
  let print = address.print;
  if (deck) {
    try {
      speaker = speaker || deck.isSpeakerNotes() === true;
      print = print || deck.isPrintView?.() === true;
    } catch {
      /* reveal not ready yet: the address decides */
    }
  }
  const presenting =
    !print && (speaker || address.present || isPresenting({ search, speakerConnected: presentingNow }));
  return { mode: speaker ? 'speaker' : 'deck', print, presenting };
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
  const address = addressOf(search);
  return address.receiver ? null : address.workshop;
}

/**
 * Is the deck being presented (driven by a speaker, in front of a room) rather than browsed? When the speaker view
 * is connected to it, or it is the presenter's workshop deck. Browsing keeps the page's own controls (language,
 * theme, Embed); presenting hides them.
 */
export function isPresenting(ctx: { search: string; speakerConnected: boolean }): boolean {
  return ctx.speakerConnected || workshopRole(ctx.search) === 'presenter';
}
