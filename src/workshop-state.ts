/**
 * Workshop mode's client state (src/plugins/workshop.ts): what a presenter's deck or a participant's phone knows of
 * the room, as a pure reducer — the server's messages (lib/workshop-protocol.ts) and the page's own events in, the
 * state out. No DOM, no socket, no timers, no randomness: the plugin owns those and feeds this.
 */
import {
  PROTOCOL_VERSION,
  type ClientMessage,
  type HostQuestion,
  type PollView,
  type RefusalReason,
  type ServerMessage,
} from '../lib/workshop-protocol.ts';
import type { QuizLive } from '../components/shared/quiz/quiz-protocol.ts';
import type { WorkshopStatus } from './speaker-protocol.ts';

export type Role = 'presenter' | 'participant';
/** The link to the server: first connecting, open, lost and trying again, or refused for good (wrong room, key). */
export type Link = 'connecting' | 'open' | 'reconnecting' | 'refused';

type Extract<T, K> = T extends { type: K } ? T : never;
export type ResultsMessage = Extract<ServerMessage, 'results'>;
export type StatsMessage = Extract<ServerMessage, 'stats'>;
export type SlidePosition = NonNullable<Extract<ServerMessage, 'welcome'>['slide']>;

export interface WorkshopState {
  readonly role: Role;
  readonly room: string;
  readonly link: Link;
  /** Consecutive connections that failed or dropped: the next retry's backoff. */
  readonly attempts: number;
  /** The server's last refusal, if any (shown, then cleared by the next welcome). */
  readonly refusal: RefusalReason | null;
  readonly pid: string | null;
  readonly nick: string;
  /** Where the presenter is, as the server last said. */
  readonly slide: SlidePosition | null;
  readonly polls: Readonly<Record<string, PollView>>;
  /** Participant: votes sent and not acknowledged yet (question → choice). */
  readonly sending: Readonly<Record<string, number>>;
  /** Participant: votes the server refused (question → why). */
  readonly refusedVotes: Readonly<Record<string, NonNullable<QuizLive['refused']>>>;
  readonly score: { readonly right: number; readonly answered: number } | null;
  readonly results: ResultsMessage | null;
  readonly stats: StatsMessage | null;
  /** Participant: the phone follows the presenter's slide and step. */
  readonly following: boolean;
  /** Presenter: the summary shows the top nicknames. */
  readonly showTop: boolean;
  /** Presenter: the remote asked to step the deck (consumed by the plugin). */
  readonly nav: readonly ('next' | 'prev')[];
  /** The server said the room's state is lost (a shared room Redis lost): nothing is saved; until a welcome. */
  readonly roomLost: boolean;
  /** The host's own questions (`--questions`): their words, in the room's order. */
  readonly questions: readonly HostQuestion[];
  /**
   * The host's question this page shows over the deck (src/workshop-host-ui.ts), or null: the one opened or revealed
   * last, until it is reset or this page closes it.
   */
  readonly shownQuestion: string | null;
}

export function initialWorkshopState(opts: {
  role: Role;
  room: string;
  pid?: string | null;
  nick?: string;
}): WorkshopState {
  return {
    role: opts.role,
    room: opts.room,
    link: 'connecting',
    attempts: 0,
    refusal: null,
    pid: opts.pid ?? null,
    nick: opts.nick ?? '',
    slide: null,
    polls: {},
    sending: {},
    refusedVotes: {},
    score: null,
    results: null,
    stats: null,
    following: true,
    showTop: false,
    nav: [],
    roomLost: false,
    questions: [],
    shownQuestion: null,
  };
}

export type WorkshopEvent =
  | { readonly kind: 'open' }
  | { readonly kind: 'closed' }
  | { readonly kind: 'message'; readonly msg: ServerMessage }
  | { readonly kind: 'vote-sent'; readonly qid: string; readonly choice: number }
  | { readonly kind: 'follow'; readonly on: boolean }
  | { readonly kind: 'show-top'; readonly show: boolean }
  /** Show a host's question over the deck, or (null) close it on this page. */
  | { readonly kind: 'show-question'; readonly qid: string | null }
  | { readonly kind: 'nav-done' };

/**
 * Refusals that end the link: trying again would be refused again. `hello-first` is not one: the server does not
 * know this page (a shared room's Redis lost its participants): the page says hello again (`saysHelloAgain`).
 */
const FATAL: ReadonlySet<RefusalReason> = new Set(['bad-secret', 'wrong-room']);
/** Refusals that answer a vote. */
const VOTE_REFUSALS: ReadonlySet<RefusalReason> = new Set([
  'already-voted',
  'not-open',
  'unknown-question',
  'bad-choice',
  'rate-limited',
  'not-saved',
]);

function without<T>(rec: Readonly<Record<string, T>>, key: string): Readonly<Record<string, T>> {
  if (!(key in rec)) return rec;
  const { [key]: _gone, ...rest } = rec;
  void _gone;
  return rest;
}

function withPoll(s: WorkshopState, poll: PollView): WorkshopState {
  const prev = s.polls[poll.qid];
  // What one participant receives may lack their own vote (a broadcast): keep the one the ack told.
  const yours = poll.yours !== undefined ? poll.yours : poll.status === 'idle' ? undefined : prev?.yours;
  const next: PollView = yours === undefined ? poll : { ...poll, yours };
  let sending = s.sending;
  let refusedVotes = s.refusedVotes;
  if (poll.status === 'idle') {
    // Reset: the question starts over, and so does this phone's vote.
    sending = without(sending, poll.qid);
    refusedVotes = without(refusedVotes, poll.qid);
  }
  if (typeof next.yours === 'number') sending = without(sending, poll.qid);
  return { ...s, polls: { ...s.polls, [poll.qid]: next }, sending, refusedVotes };
}

export function reduce(s: WorkshopState, e: WorkshopEvent): WorkshopState {
  switch (e.kind) {
    case 'open':
      return s;
    case 'closed':
      if (s.link === 'refused') return s;
      // Votes in flight are unknown now: the next welcome says whether they were recorded.
      return { ...s, link: 'reconnecting', attempts: s.attempts + 1, sending: {} };
    case 'vote-sent':
      // One vote per question: once the server has acknowledged one, another is not even pending.
      if (typeof s.polls[e.qid]?.yours === 'number') return s;
      return {
        ...s,
        sending: { ...s.sending, [e.qid]: e.choice },
        refusedVotes: without(s.refusedVotes, e.qid),
      };
    case 'follow':
      return s.following === e.on ? s : { ...s, following: e.on };
    case 'show-top':
      return s.showTop === e.show ? s : { ...s, showTop: e.show };
    case 'nav-done':
      return s.nav.length === 0 ? s : { ...s, nav: s.nav.slice(1) };
    case 'show-question':
      if (e.qid !== null && !s.questions.some((q) => q.qid === e.qid)) return s;
      return s.shownQuestion === e.qid ? s : { ...s, shownQuestion: e.qid };
    case 'message':
      return onMessage(s, e.msg);
  }
}

function onMessage(s: WorkshopState, m: ServerMessage): WorkshopState {
  switch (m.type) {
    case 'welcome': {
      let next: WorkshopState = {
        ...s,
        link: 'open',
        attempts: 0,
        refusal: null,
        pid: m.pid ?? s.pid,
        nick: m.nick ?? s.nick,
        slide: m.slide,
        polls: {},
        sending: {},
        refusedVotes: {},
        score: m.score ?? s.score,
        roomLost: false,
        questions: m.questions ?? [],
      };
      for (const p of m.polls) next = withPoll(next, p);
      return { ...next, shownQuestion: shownAfterWelcome(next, s.shownQuestion) };
    }
    case 'slide':
      return { ...s, slide: m.slide };
    case 'poll': {
      const before = s.polls[m.poll.qid]?.status;
      const next = withPoll(s, m.poll);
      return { ...next, shownQuestion: shownAfterPoll(next, m.poll, before) };
    }
    case 'ack': {
      const prev = s.polls[m.qid];
      const poll: PollView = prev
        ? { ...prev, yours: m.choice }
        : { qid: m.qid, status: 'open', choiceCount: Math.max(2, m.choice + 1), answered: 0, yours: m.choice };
      return { ...withPoll(s, poll), sending: without(s.sending, m.qid), refusedVotes: without(s.refusedVotes, m.qid) };
    }
    case 'score':
      return { ...s, score: { right: m.right, answered: m.answered } };
    case 'results':
      return { ...s, results: m };
    case 'stats':
      return { ...s, stats: m };
    case 'nav':
      return s.role === 'presenter' ? { ...s, nav: [...s.nav, m.dir].slice(-10) } : s;
    case 'pong':
      return s;
    case 'lost':
      return s.roomLost ? s : { ...s, roomLost: true };
    case 'refused': {
      if (FATAL.has(m.reason)) return { ...s, link: 'refused', refusal: m.reason };
      // Votes in flight were not counted; the page says hello again, and the welcome tells what the room has.
      if (m.reason === 'hello-first') return { ...s, refusal: m.reason, sending: {} };
      const pending = Object.keys(s.sending)[0];
      if (pending !== undefined && VOTE_REFUSALS.has(m.reason)) {
        const why =
          m.reason === 'already-voted' || m.reason === 'not-open' || m.reason === 'not-saved' ? m.reason : 'other';
        return {
          ...s,
          refusal: m.reason,
          sending: without(s.sending, pending),
          refusedVotes: { ...s.refusedVotes, [pending]: why },
        };
      }
      return { ...s, refusal: m.reason };
    }
  }
}

/** A host's question comes up on every page when it opens or is revealed, and goes when it is reset. */
function shownAfterPoll(s: WorkshopState, poll: PollView, before: PollView['status'] | undefined): string | null {
  if (!s.questions.some((q) => q.qid === poll.qid)) return s.shownQuestion;
  if (poll.status === 'idle') return s.shownQuestion === poll.qid ? null : s.shownQuestion;
  if (poll.status !== before && (poll.status === 'open' || poll.status === 'revealed')) return poll.qid;
  return s.shownQuestion;
}

/** After a welcome: the question shown before, if the room still asks it; else one open now (a phone joining late). */
function shownAfterWelcome(s: WorkshopState, before: string | null): string | null {
  const asked = (qid: string) => (s.polls[qid]?.status ?? 'idle') !== 'idle';
  if (before !== null && s.questions.some((q) => q.qid === before) && asked(before)) return before;
  return s.questions.find((q) => s.polls[q.qid]?.status === 'open')?.qid ?? null;
}

/** The server does not know this page any more: the page drops its link and says hello again (with backoff). */
export function saysHelloAgain(m: ServerMessage): boolean {
  return m.type === 'refused' && m.reason === 'hello-first';
}

/**
 * The first message on a new link. A presenter's carries no secret: the page never knows it, the WebSocket's upgrade
 * carries the presenter's cookie (server/secret.ts).
 */
export function helloFor(s: WorkshopState): ClientMessage {
  if (s.role === 'presenter') return { type: 'hello', v: PROTOCOL_VERSION, room: s.room, role: 'presenter' };
  return {
    type: 'hello',
    v: PROTOCOL_VERSION,
    room: s.room,
    role: 'participant',
    ...(s.pid ? { pid: s.pid } : {}),
    ...(s.nick ? { nick: s.nick } : {}),
  };
}

/** What one quiz shows (its `live` property) for question `qid`. */
export function quizLiveFor(s: WorkshopState, qid: string): QuizLive {
  return {
    role: s.role,
    poll: s.polls[qid] ?? null,
    sending: qid in s.sending,
    refused: s.refusedVotes[qid] ?? null,
  };
}

/**
 * What the speaker view shows of the room (src/plugins/speaker-link.ts passes it on): counts and states, never an
 * answer. `question`: the current slide's, if it asks one, titled in the deck's language, with the server's poll.
 */
export function speakerStatusFor(
  s: WorkshopState,
  joinUrl: string,
  question: { title: string; poll: PollView | null } | null,
): WorkshopStatus {
  return {
    room: s.room,
    joinUrl,
    connected: s.link === 'open',
    participants: s.stats?.participants ?? 0,
    online: s.stats?.connected ?? 0,
    ...(s.stats?.cannotSave ? { cannotSave: true as const } : {}),
    ...(s.roomLost ? { roomLost: true as const } : {}),
    question: question
      ? { title: question.title, status: question.poll?.status ?? 'idle', answered: question.poll?.answered ?? 0 }
      : null,
  };
}

/** Presenter, arriving on a slide that asks these questions: the ones to open (never opened yet, or reset). */
export function pollsToOpen(s: WorkshopState, qids: readonly string[]): string[] {
  if (s.role !== 'presenter' || s.link !== 'open') return [];
  return qids.filter((q) => (s.polls[q]?.status ?? 'idle') === 'idle');
}

/** The participant's phone should move: the presenter is elsewhere and the phone follows. */
export function followTarget(s: WorkshopState, here: { index: number; step: number }): SlidePosition | null {
  if (s.role !== 'participant' || !s.following || !s.slide) return null;
  return s.slide.index === here.index && s.slide.step === here.step ? null : s.slide;
}

export const BACKOFF = { baseMs: 500, capMs: 15_000 } as const;

/**
 * How long to wait before reconnecting after `attempts` failures: exponential (500 ms, 1 s, 2 s, …), capped at 15 s,
 * with jitter (between half and all of it; `random` in [0, 1)) so that a room of phones does not return at once.
 */
export function backoffMs(attempts: number, random: number): number {
  const n = Math.max(0, Math.min(30, Math.trunc(attempts)));
  const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** n);
  const r = Math.min(1, Math.max(0, Number.isFinite(random) ? random : 0));
  return Math.round(ceiling * (0.5 + r / 2));
}

const PID = /^[A-Za-z0-9_-]{16,64}$/;

/** A stored participant id, if it is one (anything else, corrupt or foreign: null, and the phone makes a new one). */
export function parsePid(raw: string | null | undefined): string | null {
  return typeof raw === 'string' && PID.test(raw) ? raw : null;
}

/** A new participant id from random bytes (crypto.getRandomValues): base64url, 22 characters for 16 bytes. */
export function pidFromBytes(bytes: Uint8Array): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (const b of bytes) out += abc[b & 63]!;
  return out.length >= 16 ? out : out.padEnd(16, 'A');
}
