import { Owned } from '../owned.ts';
import type { RevealApi, RevealPlugin } from 'reveal.js';
import {
  SPEAKER_MESSAGE,
  WORKSHOP_COMMAND_EVENT,
  WORKSHOP_STATUS_EVENT,
  opaque,
  workshopStatusOf,
  type WorkshopStatus,
  samePosition,
  send,
  speakerMessageOf,
} from '../speaker-protocol.ts';
import { pageAddress } from '../page-mode.ts';
import { MOVES, type DeckPosition, type PositionCause } from '../deck-position.ts';

/** Built as the single file (vite.single.config.ts sets this mode). */
export const IN_SINGLE_FILE = import.meta.env.MODE === 'single';

/** The deck's own parameters that the speaker view and its previews keep (language, theme, quiz mode, pacing, plan). */
const KEPT = ['lang', 'theme', 'quiz', 'minutes', 'plan'];

/**
 * Pure, for tests: the speaker view's address for a deck at `href`: speaker.html beside it, or, in the single file
 * (`single`: built with vite.single.config.ts), the same file with `?speaker-view` (src/single.ts).
 */
export function speakerUrl(href: string, single = IN_SINGLE_FILE): string {
  const deck = new URL(href);
  const url = single ? new URL(deck.pathname, deck) : new URL('speaker.html', deck);
  if (single) url.searchParams.set('speaker-view', '');
  for (const key of KEPT) {
    const v = deck.searchParams.get(key);
    if (v !== null) url.searchParams.set(key, v);
  }
  return url.href;
}

export interface SpeakerLinkOptions {
  /** Where the deck is (src/deck-position.ts): its moves are sent on, and the language with them. */
  position: DeckPosition;
}

/** The changes the speaker view hears of: the deck's moves, pausing and resuming, and the deck's start. */
const SENT: ReadonlySet<PositionCause> = new Set<PositionCause>(['ready', ...MOVES, 'paused', 'resumed']);

/**
 * The speaker view of the deck's own (speaker.html, src/speaker.ts), in the style of reveal's notes plugin, which it
 * replaces: that one writes an inline script into its popup, which a strict Content Security Policy refuses.
 * - In the deck: S opens speaker.html; every move of the deck is sent to it; a move made in the speaker view comes
 *   back as `go`. The speaker view says `hello` every second, so a reloaded deck finds it again.
 * - In a preview inside the speaker view (`?receiver`): it shows what the speaker view says (`set`), takes the keys
 *   pressed there (`key`, as reveal's `triggerKey`), and reports its own moves (`frame`), to its parent only.
 * The speaker view loads each slide's notes itself (slides/text/<id>.ts), so notes that arrive late are never lost.
 */
export const SpeakerLink = (options: SpeakerLinkOptions): RevealPlugin => {
  const owned = new Owned();
  return {
    id: 'speaker-link',
    init: (deck: RevealApi) => initDeck(deck, options, owned),
    /** reveal's plugin exit: every listener it added goes. */
    destroy: () => owned.release(),
  };
};

/** In the deck: sends its moves to the speaker view and takes the speaker view's back. */
function initDeck(deck: RevealApi, options: SpeakerLinkOptions, owned: Owned): void {
  if (pageAddress().receiver) {
    initPreview(deck, options.position, owned);
    return;
  }
  let speaker: Window | null = null;
  const state = () => {
    const here = options.position.current();
    if (!here) return;
    send(speaker, {
      type: SPEAKER_MESSAGE,
      kind: 'state',
      state: here.state,
      slideId: here.slideId,
      // The plan's slides only (reveal counts no slide outside it): -1 on a slide outside the plan.
      slideIndex: here.counted.index,
      slideCount: here.counted.count,
      lang: here.lang,
      plan: pageAddress().plan ?? '',
    });
  };
  owned.add(
    options.position.subscribe(({ cause }) => {
      if (SENT.has(cause) && speaker && !speaker.closed) state();
    }),
  );
  // The workshop's status, if the deck is in one, passed on to the speaker view as it changes (the workshop sends
  // it only then: src/workshop-start.ts).
  let workshop: WorkshopStatus | null = null;
  const sendWorkshop = () => {
    if (workshop && speaker && !speaker.closed)
      send(speaker, { type: SPEAKER_MESSAGE, kind: 'workshop', status: workshop });
  };
  owned.listen(window, WORKSHOP_STATUS_EVENT, (event) => {
    const status = workshopStatusOf((event as CustomEvent<unknown>).detail);
    if (!status) return;
    workshop = status;
    sendWorkshop();
  });
  owned.listen(window, 'message', (e) => {
    const event = e as MessageEvent;
    const message = speakerMessageOf(event.data);
    if (!message || !event.source || !('postMessage' in event.source)) return;
    // On a page opened from a file every origin reads `null`: only the window this deck opened may speak.
    if (opaque(window.location.origin) && event.source !== speaker) return;
    if (message.kind === 'hello') {
      if (!message.fresh && event.source === speaker) return;
      speaker = event.source as Window;
      if (deck.isReady()) state();
      sendWorkshop();
    } else if (message.kind === 'plan' && event.source === speaker) {
      // The speaker view chose another plan: the deck opens again with it, at its first slide.
      const url = new URL(window.location.href);
      if (message.plan) url.searchParams.set('plan', message.plan);
      else url.searchParams.delete('plan');
      url.hash = '';
      window.location.replace(url.href);
    } else if (message.kind === 'workshop-poll' && event.source === speaker) {
      // The workshop (src/workshop-start.ts) sends it for the current question; without a workshop nothing listens.
      window.dispatchEvent(new CustomEvent(WORKSHOP_COMMAND_EVENT, { detail: message.action }));
    } else if (message.kind === 'go' && event.source === speaker) {
      const here = options.position.current();
      if (!here || !samePosition(message.state, here.state))
        deck.setState({
          ...message.state,
          indexf: message.state.indexf ?? -1,
          paused: !!message.state.paused,
          overview: deck.isOverview(),
        });
    }
  });
  owned.key(deck, { keyCode: 83, key: 'S', description: 'Speaker view' }, () => {
    if (speaker && !speaker.closed) {
      speaker.focus();
      return;
    }
    speaker = window.open(speakerUrl(window.location.href), 'hsw-speaker', 'width=1100,height=700');
  });
}

/** A preview inside the speaker view: driven by its parent, and telling it when it moved by itself. */
function initPreview(deck: RevealApi, position: DeckPosition, owned: Owned): void {
  const parent = window.parent;
  if (parent === window) return;
  let applying = false;
  owned.add(
    position.subscribe(({ now, cause }) => {
      if (cause === 'ready') send(parent, { type: SPEAKER_MESSAGE, kind: 'frame', state: null });
      else if (MOVES.includes(cause) && !applying)
        send(parent, { type: SPEAKER_MESSAGE, kind: 'frame', state: now.state });
    }),
  );
  owned.listen(window, 'message', (e) => {
    const event = e as MessageEvent;
    if (event.source !== parent) return;
    const message = speakerMessageOf(event.data);
    if (!message || !deck.isReady()) return;
    if (message.kind === 'set') {
      applying = true;
      try {
        // The previews never black out: the speaker view says when the room's screen is paused.
        deck.setState({ ...message.state, indexf: message.state.indexf ?? -1, paused: false, overview: false });
        if (message.advance) deck.next();
      } finally {
        applying = false;
      }
    } else if (message.kind === 'key') {
      deck.triggerKey(message.keyCode);
    }
  });
}
