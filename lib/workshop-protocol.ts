/**
 * Workshop mode's wire protocol: every message between the workshop server (server/) and its clients (the
 * presenter's deck, the presenter's remote, the participants' phones), as valibot schemas. Both ends validate
 * what they receive with these; docs/workshop-server.md, "The protocol", documents the same shapes.
 *
 * One WebSocket per client at `/ws`, JSON text frames. The first message a client sends is `hello`; the server
 * answers `welcome` (or `refused` and closes). Then:
 *   participant → server: vote, nick, ping
 *   presenter   → server: slide, poll (open | close | reveal | reset), showTop, nav, ping
 *   server → everyone:    slide, poll, pong, refused
 *   server → participant: ack (a vote is on disk), score
 *   server → presenter:   results, nav (from the remote), stats
 *   server → everyone:    lost (a room shared through Redis whose state Redis lost: nothing is saved any more)
 * A presenter message from a connection that did not say hello with the presenter's secret is refused and counted.
 *
 * The correct answer and the explanation travel only in a `poll` whose status is `revealed`.
 */
import * as v from 'valibot';

export const PROTOCOL_VERSION = 1;
/** A frame larger than this is refused without being parsed. */
export const MAX_MESSAGE_BYTES = 4096;
/** A nickname's visible length: at most this many graphemes (what a reader counts as characters). */
export const MAX_NICK_LENGTH = 24;
/** And at most this many UTF-16 code units (emoji take several), so that a log line has a known largest size. */
export const MAX_NICK_UNITS = 96;
/** A grapheme with more combining marks than this is refused (stacked marks spill over the lines around them). */
export const MAX_NICK_MARKS = 4;
/** What a hello or a nick message may carry before the server looks at it (checkNick decides). */
const MAX_NICK_INPUT = 256;

/** A participant's identity: random, made and kept on the phone (localStorage). */
export const ParticipantId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));
/** A slide id or a quiz id from slides/index.ts. */
export const Id = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/));
/** A room's code, as shown on the projector and typed on a phone (server/store.ts makes them). */
export const RoomCode = v.pipe(v.string(), v.regex(/^[A-Z0-9]{4,8}$/));

/** Why a nickname is refused (the phone says it in its language). */
export type NickProblem = 'control' | 'format' | 'surrogate' | 'marks' | 'too-long';

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const LONE_SURROGATE = /\p{Cs}/u;
/** A zero-width joiner inside an emoji sequence (👩‍💻) is what joins it; anywhere else it is refused. */
const EMOJI_ZWJ = /(?<=\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;
const FORMAT = /\p{Cf}/u;
const MARK = /\p{M}/gu;

function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

/**
 * A nickname as the server keeps it: NFC, trimmed; refused if it holds a control character (C0, DEL, C1, a line or
 * paragraph separator), a format character (bidi overrides and isolates, zero-width spaces and marks, soft hyphen:
 * Unicode's Cf, except the joiner inside an emoji sequence), a lone surrogate, a grapheme with more than
 * MAX_NICK_MARKS combining marks, or more than MAX_NICK_LENGTH graphemes (MAX_NICK_UNITS code units). '' is no
 * nickname. The phone checks with the same function before it sends.
 */
export function checkNick(raw: string): { ok: true; nick: string } | { ok: false; problem: NickProblem } {
  if (LONE_SURROGATE.test(raw)) return { ok: false, problem: 'surrogate' };
  const nick = raw.normalize('NFC').trim();
  if (CONTROL.test(nick)) return { ok: false, problem: 'control' };
  if (FORMAT.test(nick.replace(EMOJI_ZWJ, ''))) return { ok: false, problem: 'format' };
  if (nick.length > MAX_NICK_UNITS) return { ok: false, problem: 'too-long' };
  const gs = graphemes(nick);
  if (gs.length > MAX_NICK_LENGTH) return { ok: false, problem: 'too-long' };
  if (gs.some((g) => (g.match(MARK)?.length ?? 0) > MAX_NICK_MARKS)) return { ok: false, problem: 'marks' };
  return { ok: true, nick };
}

/** A nickname as a client sends it: any string of bounded size; the server keeps it only if checkNick accepts it. */
export const NickInput = v.pipe(v.string(), v.maxLength(MAX_NICK_INPUT));
/**
 * A nickname as the server sends it or its log holds it (shown as text, never as HTML). Lenient on purpose: a log
 * written before checkNick existed still replays; what the server accepts from now on is checkNick's.
 */
export const Nick = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(MAX_NICK_UNITS),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000-\u001f\u007f]*$/),
);
export const Choice = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8));
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

// ------------------------------------------------------------------------------------------ client → server

export const Hello = v.strictObject({
  type: v.literal('hello'),
  v: v.literal(PROTOCOL_VERSION),
  room: RoomCode,
  /**
   * participant: a phone; presenter: the projected deck or the presenter's remote, with the secret, or (a browser's
   * pages) without it over a WebSocket whose upgrade carried the presenter's cookie.
   */
  role: v.picklist(['participant', 'presenter']),
  /** Participant only. */
  pid: v.optional(ParticipantId),
  /** Checked with checkNick: a refused one is answered `bad-nick`, and the participant joins without it. */
  nick: v.optional(NickInput),
  /** Presenter only: a program's (the bench, the tests); a browser's pages never know it (the cookie instead). */
  secret: v.optional(v.pipe(v.string(), v.maxLength(128))),
});

export const Vote = v.strictObject({ type: v.literal('vote'), qid: Id, choice: Choice });
export const SetNick = v.strictObject({ type: v.literal('nick'), nick: NickInput });
export const Ping = v.strictObject({ type: v.literal('ping') });

/** Where the presenter is: the slide's id and the demo's speaker step. */
export const SlidePosition = v.strictObject({
  id: Id,
  /** 0-based position in the deck. */
  index: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)),
  step: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999)),
});
export type SlidePosition = v.InferOutput<typeof SlidePosition>;
export const SetSlide = v.strictObject({ type: v.literal('slide'), slide: SlidePosition });
export const PollCommand = v.strictObject({
  type: v.literal('poll'),
  qid: Id,
  action: v.picklist(['open', 'close', 'reveal', 'reset']),
});
/** Whether the projector's summary shows the top nicknames. */
export const ShowTop = v.strictObject({ type: v.literal('showTop'), show: v.boolean() });
/** From the presenter's remote: step the projected deck. */
export const Nav = v.strictObject({ type: v.literal('nav'), dir: v.picklist(['next', 'prev']) });

export const ClientMessage = v.variant('type', [Hello, Vote, SetNick, Ping, SetSlide, PollCommand, ShowTop, Nav]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;
/** Types only the presenter may send. */
export const PRESENTER_ONLY: ReadonlySet<ClientMessage['type']> = new Set(['slide', 'poll', 'showTop', 'nav']);

// ------------------------------------------------------------------------------------------ server → client

const Bilingual = <T extends v.GenericSchema>(s: T) => v.strictObject({ ru: s, en: s });

export const PollStatus = v.picklist(['idle', 'open', 'closed', 'revealed']);
export type PollStatus = v.InferOutput<typeof PollStatus>;

/**
 * One question as a client sees it. `counts`, `correct` and `explanation` are present only when `status` is
 * `revealed`; `yours` and `right` only in what one participant receives.
 */
export const PollView = v.strictObject({
  qid: Id,
  status: PollStatus,
  choiceCount: v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(9)),
  answered: Count,
  counts: v.optional(v.array(Count)),
  correct: v.optional(Choice),
  explanation: v.optional(Bilingual(v.array(v.string()))),
  yours: v.optional(v.nullable(Choice)),
  right: v.optional(v.boolean()),
});
export type PollView = v.InferOutput<typeof PollView>;

/**
 * A host's own question (`npm run workshop -- --questions <file>`, server/host-questions.ts): its words as every page
 * gets them, shown as text, never as HTML. Its answer and explanation come only in a revealed `poll`, as the deck's
 * quizzes' do; `poll`: a quick poll, with no right answer.
 */
export const HostQuestion = v.strictObject({
  qid: Id,
  question: Bilingual(v.pipe(v.string(), v.maxLength(300))),
  choices: Bilingual(v.pipe(v.array(v.pipe(v.string(), v.maxLength(120))), v.minLength(2), v.maxLength(9))),
  poll: v.boolean(),
});
export type HostQuestion = v.InferOutput<typeof HostQuestion>;

export const Welcome = v.strictObject({
  type: v.literal('welcome'),
  v: v.literal(PROTOCOL_VERSION),
  role: v.picklist(['participant', 'presenter']),
  room: RoomCode,
  pid: v.optional(ParticipantId),
  nick: v.optional(Nick),
  slide: v.nullable(SlidePosition),
  polls: v.array(PollView),
  score: v.optional(v.strictObject({ right: Count, answered: Count })),
  /** The host's own questions, in the room's order (absent: none). */
  questions: v.optional(v.pipe(v.array(HostQuestion), v.maxLength(20))),
});
export const SlideChanged = v.strictObject({ type: v.literal('slide'), slide: SlidePosition });
export const PollChanged = v.strictObject({ type: v.literal('poll'), poll: PollView });
/** A vote is accepted and on disk. A second vote on the same question gets `refused` with `already-voted`. */
export const Ack = v.strictObject({ type: v.literal('ack'), qid: Id, choice: Choice });
export const Score = v.strictObject({ type: v.literal('score'), right: Count, answered: Count });
export const Pong = v.strictObject({ type: v.literal('pong') });
export const RefusalReason = v.picklist([
  'malformed',
  'too-large',
  'rate-limited',
  'not-presenter',
  'bad-secret',
  'wrong-room',
  'hello-first',
  'unknown-question',
  'not-open',
  'already-voted',
  'bad-choice',
  /** The server could not write the vote to its log (a full or failing disk): it is not counted; try again. */
  'not-saved',
  'room-full',
  'bad-nick',
]);
export type RefusalReason = v.InferOutput<typeof RefusalReason>;
export const Refused = v.strictObject({ type: v.literal('refused'), reason: RefusalReason });

/** The room's results, for the presenter and the summary slide. */
export const ResultRow = v.strictObject({
  qid: Id,
  answered: Count,
  right: Count,
  counts: v.array(Count),
});
export type ResultRow = v.InferOutput<typeof ResultRow>;
export const Results = v.strictObject({
  type: v.literal('results'),
  participants: Count,
  questions: v.array(ResultRow),
  /** Present when the presenter chose to show it: the best scores, nicknames as the participants typed them. */
  top: v.optional(v.array(v.strictObject({ nick: Nick, right: Count }))),
});
export type Results = v.InferOutput<typeof Results>;
/**
 * Presenter only: refused presenter messages so far, connected clients; `cannotSave: true` while the server's last
 * write to its log failed (votes are refused as `not-saved` until a write succeeds again).
 */
export const Stats = v.strictObject({
  type: v.literal('stats'),
  participants: Count,
  connected: Count,
  refusedPresenterMessages: Count,
  cannotSave: v.optional(v.boolean()),
  /** Newcomers refused (too many new ids from one address, the room full, a connection over a cap). */
  refusedJoins: v.optional(Count),
});

/**
 * A room shared through Redis whose state Redis lost (restarted without persistence, flushed, evicted): sent to every
 * page of the room when a process finds it out, and as the answer to a hello while it lasts (then closed, 1013).
 * Votes are refused `not-saved` from then on; the presenter has to start a new room (a new code).
 */
export const Lost = v.strictObject({ type: v.literal('lost') });

export const ServerMessage = v.variant('type', [
  Welcome,
  SlideChanged,
  PollChanged,
  Ack,
  Score,
  Pong,
  Refused,
  Results,
  Stats,
  Nav,
  Lost,
]);
export type ServerMessage = v.InferOutput<typeof ServerMessage>;

/** Parses one frame's text: the message, or why not (never throws). */
export function parseClientMessage(
  text: string,
): { ok: true; msg: ClientMessage } | { ok: false; reason: RefusalReason } {
  if (text.length > MAX_MESSAGE_BYTES) return { ok: false, reason: 'too-large' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const r = v.safeParse(ClientMessage, data);
  return r.success ? { ok: true, msg: r.output } : { ok: false, reason: 'malformed' };
}

export function parseServerMessage(text: string): ServerMessage | null {
  if (text.length > 64 * 1024) return null;
  try {
    const r = v.safeParse(ServerMessage, JSON.parse(text));
    return r.success ? r.output : null;
  } catch {
    return null;
  }
}

/**
 * What a browser page learns from its address: `?workshop=<room>` (a participant) and, for the presenter's pages,
 * `&role=presenter`, which the server adds when it exchanges the secret for the presenter's cookie (server/http.ts).
 * The address never carries the secret: the cookie proves the presenter. Anything else: not in a workshop.
 */
export function workshopFromSearch(search: string): { room: string; presenter: boolean } | null {
  const p = new URLSearchParams(search);
  const room = p.get('workshop');
  if (room === null || !/^[A-Z0-9]{4,8}$/.test(room)) return null;
  return { room, presenter: p.get('role') === 'presenter' };
}
