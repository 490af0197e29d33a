/**
 * The speaker view's messages (speaker.html ↔ the deck that opened it ↔ the two previews of the deck inside it).
 * Plain objects sent with `postMessage` to one known window, with the deck's own origin as the target, and read
 * only from that window (`event.source`) and from the deck's own origin (`acceptsOrigin`, also enforced for every
 * listener of the page by `installMessageGate`). reveal's own postMessage API stays off (src/main.ts).
 */

export const SPEAKER_MESSAGE = 'hsw:speaker';

/** The part of reveal's state that the speaker view mirrors. */
export interface DeckPosition {
  indexh: number;
  indexv: number;
  indexf?: number;
  paused?: boolean;
}

/**
 * What the speaker view shows of a workshop (npm run workshop): the room, the link, the people, the current question's
 * state and count. Never an answer: the projector's deck sends it (src/workshop-start.ts), the speaker view draws it.
 */
export interface WorkshopStatus {
  room: string;
  joinUrl: string;
  connected: boolean;
  participants: number;
  online: number;
  /** The server's last write to its log failed: votes are refused until it works again (absent: it saves). */
  cannotSave?: true;
  /** The room's state is lost (a room shared through Redis that Redis lost): nothing is saved any more. */
  roomLost?: true;
  question: { title: string; status: WorkshopPollStatus; answered: number } | null;
}
export type WorkshopPollStatus = 'idle' | 'open' | 'closed' | 'revealed';
/** The speaker view's buttons for the current question. */
export type WorkshopCommand = 'open' | 'close' | 'reveal' | 'reset';
const POLL_STATUSES: readonly WorkshopPollStatus[] = ['idle', 'open', 'closed', 'revealed'];
const COMMANDS: readonly WorkshopCommand[] = ['open', 'close', 'reveal', 'reset'];

/** Dispatched on the deck's window by the workshop (detail: WorkshopStatus) for the speaker-link plugin to pass on. */
export const WORKSHOP_STATUS_EVENT = 'hsw-workshop-status';
/** Dispatched on the deck's window by the speaker-link plugin (detail: WorkshopCommand) for the workshop to send. */
export const WORKSHOP_COMMAND_EVENT = 'hsw-workshop-command';

export type SpeakerMessage =
  /**
   * speaker → deck, on load and every second: "I am here" (a reloaded deck finds its open speaker view again).
   * `fresh` until the speaker view has heard from a deck: a reloaded speaker view is the same window to the deck.
   */
  | { type: typeof SPEAKER_MESSAGE; kind: 'hello'; fresh: boolean }
  /** deck → speaker: where the deck is, and what it shows. */
  | {
      type: typeof SPEAKER_MESSAGE;
      kind: 'state';
      state: DeckPosition;
      slideId: string;
      slideIndex: number;
      slideCount: number;
      lang: string;
      /** The deck's `?plan=` (empty: none, the full deck): the speaker view reads the same plan. */
      plan: string;
    }
  /** speaker → deck: present this plan (`?plan=`; empty: the full deck). */
  | { type: typeof SPEAKER_MESSAGE; kind: 'plan'; plan: string }
  /** speaker → deck: the presenter moved the current preview (a key or a click in the speaker view). */
  | { type: typeof SPEAKER_MESSAGE; kind: 'go'; state: DeckPosition }
  /** speaker → preview: show this position (and, for the upcoming preview, one step further). */
  | { type: typeof SPEAKER_MESSAGE; kind: 'set'; state: DeckPosition; advance: boolean }
  /** speaker → current preview: a key pressed in the speaker view, as reveal's `triggerKey` takes it. */
  | { type: typeof SPEAKER_MESSAGE; kind: 'key'; keyCode: number }
  /** preview → speaker: the preview is ready, or it moved by itself (its own key or arrow). */
  | { type: typeof SPEAKER_MESSAGE; kind: 'frame'; state: DeckPosition | null }
  /** deck → speaker: the workshop's status (null: no workshop). */
  | { type: typeof SPEAKER_MESSAGE; kind: 'workshop'; status: WorkshopStatus | null }
  /** speaker → deck: a button for the current question was pressed. */
  | { type: typeof SPEAKER_MESSAGE; kind: 'workshop-poll'; action: WorkshopCommand };

const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= -1 && v < 10_000;

/** Pure: a deck position from untrusted data, or null. */
export function positionOf(value: unknown): DeckPosition | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!isIndex(v['indexh']) || !isIndex(v['indexv'])) return null;
  const out: DeckPosition = { indexh: v['indexh'], indexv: v['indexv'] };
  if (v['indexf'] !== undefined) {
    if (!isIndex(v['indexf'])) return null;
    out.indexf = v['indexf'];
  }
  if (v['paused'] !== undefined) out.paused = v['paused'] === true;
  return out;
}

/** The longest `?plan=` passed between the deck and the speaker view (a list of every slide's id fits ten times). */
const MAX_PLAN = 4000;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1e7;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** Pure: a workshop status from untrusted data, or null. */
export function workshopStatusOf(value: unknown): WorkshopStatus | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const { room, joinUrl, connected, participants, online, question } = v;

  if (!isText(room, 8) || !isText(joinUrl, 300) || typeof connected !== 'boolean') return null;
  if (!isCount(participants) || !isCount(online)) return null;
  let q: WorkshopStatus['question'] = null;
  if (question !== null) {
    if (typeof question !== 'object' || question === undefined) return null;
    const { title, status, answered } = question as Record<string, unknown>;
    if (!isText(title, 200) || !POLL_STATUSES.includes(status as WorkshopPollStatus) || !isCount(answered)) return null;
    q = { title, status: status as WorkshopPollStatus, answered };
  }
  return {
    room,
    joinUrl,
    connected,
    participants,
    online,
    ...(v['cannotSave'] === true ? { cannotSave: true } : {}),
    ...(v['roomLost'] === true ? { roomLost: true } : {}),
    question: q,
  };
}

/** Pure: the message, if it is a well-formed speaker-view message (anything else: null). */
export function speakerMessageOf(data: unknown): SpeakerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d['type'] !== SPEAKER_MESSAGE) return null;
  switch (d['kind']) {
    case 'hello':
      return { type: SPEAKER_MESSAGE, kind: 'hello', fresh: d['fresh'] === true };
    case 'go': {
      const state = positionOf(d['state']);
      return state ? { type: SPEAKER_MESSAGE, kind: 'go', state } : null;
    }
    case 'set': {
      const state = positionOf(d['state']);
      return state ? { type: SPEAKER_MESSAGE, kind: 'set', state, advance: d['advance'] === true } : null;
    }
    case 'key':
      return typeof d['keyCode'] === 'number' &&
        Number.isInteger(d['keyCode']) &&
        d['keyCode'] > 0 &&
        d['keyCode'] < 256
        ? { type: SPEAKER_MESSAGE, kind: 'key', keyCode: d['keyCode'] }
        : null;
    case 'frame':
      return { type: SPEAKER_MESSAGE, kind: 'frame', state: positionOf(d['state']) };
    case 'state': {
      const state = positionOf(d['state']);
      const { slideId, slideIndex, slideCount, lang } = d;
      if (!state || typeof slideId !== 'string' || slideId.length > 200) return null;
      if (!isIndex(slideIndex) || !isIndex(slideCount) || typeof lang !== 'string') return null;
      const plan = isText(d['plan'], MAX_PLAN) ? d['plan'] : '';
      return { type: SPEAKER_MESSAGE, kind: 'state', state, slideId, slideIndex, slideCount, lang, plan };
    }
    case 'plan':
      return isText(d['plan'], MAX_PLAN) ? { type: SPEAKER_MESSAGE, kind: 'plan', plan: d['plan'] } : null;
    case 'workshop': {
      if (d['status'] === null) return { type: SPEAKER_MESSAGE, kind: 'workshop', status: null };
      const status = workshopStatusOf(d['status']);
      return status ? { type: SPEAKER_MESSAGE, kind: 'workshop', status } : null;
    }
    case 'workshop-poll':
      return COMMANDS.includes(d['action'] as WorkshopCommand)
        ? { type: SPEAKER_MESSAGE, kind: 'workshop-poll', action: d['action'] as WorkshopCommand }
        : null;
    default:
      return null;
  }
}

/** Pure: same position (the paused flag included; the overview is the projector's own). */
export function samePosition(a: DeckPosition | null | undefined, b: DeckPosition | null | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.indexh === b.indexh && a.indexv === b.indexv && (a.indexf ?? -1) === (b.indexf ?? -1) && !!a.paused === !!b.paused
  );
}

/**
 * A page opened from a file has no origin of its own to check: Chromium reports `file://` as its
 * `location.origin` but `null` as the origin of every message between file windows (and of sandboxed frames).
 */
export const opaque = (origin: string): boolean => origin === 'null' || origin.startsWith('file:');

/**
 * Pure: may a message from `eventOrigin` reach a page of `ownOrigin`? Only its own. A page opened from a file (the
 * single file) accepts `null`, the only origin its own windows have: there each listener also checks
 * `event.source` (the one window it talks to).
 */
export function acceptsOrigin(ownOrigin: string, eventOrigin: string): boolean {
  return eventOrigin === ownOrigin || (opaque(ownOrigin) && eventOrigin === 'null');
}

/** The `targetOrigin` for a message to a window of the deck's own (`*` only where the origin is opaque). */
export function targetOrigin(): string {
  return opaque(window.location.origin) ? '*' : window.location.origin;
}

/** Sends a speaker-view message to one window; a closed or navigated-away window is no error. */
export function send(to: Window | null | undefined, message: SpeakerMessage): void {
  try {
    to?.postMessage(message, targetOrigin());
  } catch {
    /* closed, or no longer ours */
  }
}

/**
 * Stops every message from another origin before any listener of the page sees it (reveal's, the quiz relay's, the
 * speaker view's): registered first, in the capture phase. A page that frames the deck cannot drive it, even with
 * `?postMessage=true` in the address (reveal reads its config from the query string too).
 */
export function installMessageGate(): void {
  window.addEventListener(
    'message',
    (event) => {
      if (!acceptsOrigin(window.location.origin, event.origin)) event.stopImmediatePropagation();
    },
    { capture: true },
  );
}
