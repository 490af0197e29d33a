import type { RevealApi, RevealPlugin } from 'reveal.js';
import { Owned } from '../owned.ts';
import type { Lang } from '../../lib/i18n.ts';
import { deckPageMode, workshopRole } from '../page-mode.ts';
import { PREFS_CHANGED } from '../prefs.ts';
import type { WorkshopView } from '../../components/ui/workshop-context.ts';
import type { DeckPosition } from '../deck-position.ts';
import type { ConnectedQuizzes } from '../connected-quizzes.ts';

export interface WorkshopOptions {
  getLang: () => Lang;
  /** Tells the demos what the workshop shows through them (the deck provides it: components/ui/workshop-context.ts). */
  view: (next: WorkshopView) => void;
  /** Where the deck is (src/deck-position.ts): the workshop tells the server, and follows it, from there. */
  position: DeckPosition;
  /** The deck's connected quizzes (src/connected-quizzes.ts): each gets the room's view of its question. */
  quizzes: ConnectedQuizzes;
}

/**
 * Workshop mode, in the style of reveal's own plugins: active only when the address carries `?workshop=<room>`
 * (lib/workshop-protocol.ts's `workshopFromSearch`), never in the speaker view's deck copies (`?receiver`) nor in
 * print. Everything else — the protocol, the state, the socket, the controls — loads only then
 * (src/workshop-start.ts), so a deck without a workshop carries none of it. With `&role=presenter` the page is the
 * presenter's projected deck (the server's cookie proves it; the address never carries the secret); without, a
 * participant's phone.
 */
export const Workshop = (options: WorkshopOptions): RevealPlugin => {
  const owned = new Owned();
  return {
    id: 'workshop',
    /** reveal's plugin exit: every listener and key the workshop added goes. */
    destroy: () => owned.release(),
    init(deck: RevealApi) {
      if (workshopRole(window.location.search) === null) return;
      const page = deckPageMode(deck);
      if (page.mode === 'speaker' || page.print) return;
      void import('../workshop-start.ts').then(
        (m) => {
          const paint = m.startWorkshop(deck, options, owned);
          // the bar and panel speak the deck's language: redrawn when the person changes it
          if (paint) owned.on(deck, PREFS_CHANGED, paint);
        },
        (error: unknown) => console.warn('workshop mode failed to load', error),
      );
    },
  };
};
