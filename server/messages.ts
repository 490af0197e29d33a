/**
 * What a connection's messages do to the room (a valid message: server/connection.ts has checked its shape):
 *
 *   hello                       first, and only first (server/hello.ts); anything before it: `hello-first`
 *   ping                        `pong`
 *   vote, nick                  a participant's: a vote acknowledged (`ack`) once saved, a nickname a rename
 *   slide, poll, showTop, nav   the presenter's; from anyone else `not-presenter`, counted in the presenter's stats
 *
 * One process: an event is checked, written (server/journal.ts) and only then applied and broadcast; a slide change
 * is broadcast at once and logged behind it. A shared room: Redis decides each event and orders it in its stream
 * (server/redis-room.ts); every process applies the stream to its replica and fans it out to its own sockets
 * (`followShared`) as one process does after applying an event.
 */
import { PRESENTER_ONLY, checkNick, type ClientMessage } from '../lib/workshop-protocol.ts';
import { refuse, send, type Conn } from './conn.ts';
import type { RoomContext } from './context.ts';
import { hello, rename } from './hello.ts';
import type { Outcome, RoomEvent } from './poll.ts';
import type { SharedRoom } from './redis-room.ts';

type Message<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;

export async function handle(ctx: RoomContext, c: Conn, msg: ClientMessage): Promise<void> {
  if (c.role === null) {
    if (msg.type !== 'hello') return refuse(c, 'hello-first');
    return hello(ctx, c, msg);
  }
  if (msg.type === 'hello') return refuse(c, 'malformed');
  if (msg.type === 'ping') return send(c, { type: 'pong' });
  if (PRESENTER_ONLY.has(msg.type) && c.role !== 'presenter') {
    ctx.counters.refusedPresenterMessages++;
    ctx.broadcast.presenterDirty({ stats: true });
    return refuse(c, 'not-presenter');
  }
  if (c.role === 'presenter') return presenterMessage(ctx, c, msg);
  const pid = c.pid!;
  if (msg.type === 'vote') return vote(ctx, c, pid, msg);
  if (msg.type === 'nick') {
    const checked = checkNick(msg.nick);
    const why = checked.ok ? await rename(ctx, pid, checked.nick) : 'bad-nick';
    if (why) refuse(c, why);
  }
}

// ------------------------------------------------------------- votes and the presenter's commands, one process

function vote(ctx: RoomContext, c: Conn, pid: string, msg: Message<'vote'>): Promise<void> {
  const { shared, journal } = ctx;
  if (shared) return sharedVote(ctx, c, pid, msg, shared);
  return journal.inOrder(`vote ${pid} ${msg.qid}`, async () => {
    await journal.pending('presenter');
    return saveVote(ctx, c, pid, msg);
  });
}

async function saveVote(ctx: RoomContext, c: Conn, pid: string, msg: Message<'vote'>): Promise<void> {
  const e: RoomEvent = { t: 'vote', pid, qid: msg.qid, choice: msg.choice, at: ctx.now() };
  const checked = ctx.room.check(e);
  if (!checked.ok) return refuse(c, checked.reason);
  // Counted only once it is on disk: a vote that cannot be saved is refused and may be sent again.
  if (!(await ctx.journal.persist(e))) return refuse(c, 'not-saved');
  const r = ctx.room.apply(e);
  if (!r.ok) return refuse(c, r.reason);
  ctx.counters.votes++;
  send(c, { type: 'ack', qid: msg.qid, choice: msg.choice });
  // The same participant's other tabs learn their vote.
  if (ctx.broadcast.tabsOf(pid) > 1) ctx.broadcast.vote(pid, msg.qid, c.id);
  ctx.broadcast.presenterDirty({ poll: msg.qid, results: true });
}

async function presenterMessage(ctx: RoomContext, c: Conn, msg: ClientMessage): Promise<void> {
  const { room, shared, journal, broadcast, now } = ctx;
  if (shared) return sharedPresenterMessage(ctx, c, msg, shared);
  switch (msg.type) {
    case 'slide': {
      const e: RoomEvent = { t: 'slide', slide: msg.slide, at: now() };
      if (!room.apply(e).ok) return;
      broadcast.slide(c.id);
      await journal.persist(e);
      return;
    }
    case 'poll':
      return journal.inOrder('presenter', () => pollCommand(ctx, c, msg));
    case 'showTop':
      return journal.inOrder('presenter', async () => {
        const e: RoomEvent = { t: 'showTop', show: msg.show, at: now() };
        const r = room.check(e);
        if (!r.ok || !r.changed) return;
        if ((await journal.persist(e)) && room.apply(e).ok) broadcast.presenterDirty({ results: true });
      });
    case 'nav':
      return broadcast.nav(JSON.stringify(msg), c.id);
    default:
      // A participant's message (vote, nick) from a presenter's page: the presenter neither joins nor votes.
      return refuse(c, 'malformed');
  }
}

async function pollCommand(ctx: RoomContext, c: Conn, msg: Message<'poll'>): Promise<void> {
  const { room } = ctx;
  const e: RoomEvent = { t: 'poll', qid: msg.qid, action: msg.action, at: ctx.now() };
  const checked = room.check(e);
  if (!checked.ok) return refuse(c, checked.reason);
  if (!checked.changed) return;
  // Applied once on disk, in the log's order (a command that cannot be saved changes nothing).
  if (!(await ctx.journal.persist(e))) return refuse(c, 'not-saved');
  const r = applyPoll(ctx, e);
  if (!r.ok) return refuse(c, r.reason);
}

/** A poll command applied to the room and, if it changed the question, broadcast (with the scores it changed). */
function applyPoll(ctx: RoomContext, e: Extract<RoomEvent, { t: 'poll' }>): Outcome {
  const { room } = ctx;
  const before = room.statusOf(e.qid);
  // A reveal or a reset changes the scores of those who voted: taken before a reset clears them.
  const voters = new Set(room.votersOf(e.qid));
  const r = room.apply(e);
  if (!r.ok || !r.changed) return r;
  const after = room.statusOf(e.qid);
  ctx.broadcast.poll(e.qid, before === 'revealed' || after === 'revealed' ? voters : new Set());
  return r;
}

// ---------------------------------------------------------------------------------------------- a shared room

/**
 * A shared room's vote: the question and the choice checked here (the quizzes are the same on every process), the
 * rest decided by Redis; acknowledged once Redis has it. The counts follow from the stream (`followShared`).
 */
async function sharedVote(ctx: RoomContext, c: Conn, pid: string, msg: Message<'vote'>, sr: SharedRoom): Promise<void> {
  const choices = ctx.room.quizzes.find((q) => q.id === msg.qid)?.choiceCount;
  if (choices === undefined) return refuse(c, 'unknown-question');
  if (!Number.isInteger(msg.choice) || msg.choice < 0 || msg.choice >= choices) return refuse(c, 'bad-choice');
  const d = await sr.decide({ t: 'vote', pid, qid: msg.qid, choice: msg.choice, at: ctx.now() }, String(c.id));
  if (!d.ok) return refuse(c, d.reason);
  ctx.counters.votes++;
  send(c, { type: 'ack', qid: msg.qid, choice: msg.choice });
}

/** A shared room's presenter message: a command decided (a poll command) or ordered (a slide, showTop) by Redis. */
async function sharedPresenterMessage(ctx: RoomContext, c: Conn, msg: ClientMessage, sr: SharedRoom): Promise<void> {
  const at = ctx.now();
  if (msg.type === 'slide') return sharedCommand(ctx, c, { t: 'slide', slide: msg.slide, at }, sr);
  if (msg.type === 'poll') return sharedCommand(ctx, c, { t: 'poll', qid: msg.qid, action: msg.action, at }, sr);
  if (msg.type === 'showTop') return sharedCommand(ctx, c, { t: 'showTop', show: msg.show, at }, sr);
  if (msg.type === 'nav') {
    if (!(await sr.relay(JSON.stringify(msg), String(c.id)))) refuse(c, 'not-saved');
    return;
  }
  // A participant's message (vote, nick) from a presenter's page.
  refuse(c, 'malformed');
}

async function sharedCommand(ctx: RoomContext, c: Conn, e: RoomEvent, sr: SharedRoom): Promise<void> {
  if (e.t === 'poll' && !ctx.room.hasQuestion(e.qid)) return refuse(c, 'unknown-question');
  if (e.t !== 'poll') {
    const r = ctx.room.check(e);
    if (!r.ok || !r.changed) return;
  }
  const d = await sr.decide(e, String(c.id));
  if (!d.ok) return refuse(c, d.reason);
}

/** The number of this process's connection an event or a nav came from (`<process>:<conn>`); -1: another's. */
function fromConn(sr: SharedRoom, origin: string): number {
  const [proc, connId] = origin.split(':');
  return proc === sr.origin && connId ? Number(connId) : -1;
}

/**
 * A shared room's events as the stream brings them, in Redis's order, from any process (this one's too): applied to
 * the replica, then fanned out to this process's sockets as the single process does after applying them; a
 * remote's `nav` to this process's presenter pages.
 */
export function followShared(ctx: RoomContext, sr: SharedRoom): void {
  sr.follow(
    (e, origin) => applyShared(ctx, e, fromConn(sr, origin)),
    (nav, origin) => ctx.broadcast.nav(nav, fromConn(sr, origin)),
  );
}

function applyShared(ctx: RoomContext, e: RoomEvent, from: number): void {
  const { room, broadcast } = ctx;
  switch (e.t) {
    case 'join':
    case 'nick':
      if (room.apply(e).ok) broadcast.presenterDirty({ stats: true, results: true });
      return;
    case 'vote':
      if (!room.apply(e).ok) return;
      broadcast.vote(e.pid, e.qid, from);
      broadcast.presenterDirty({ poll: e.qid, results: true });
      return;
    case 'poll':
      applyPoll(ctx, e);
      return;
    case 'slide': {
      const r = room.apply(e);
      if (r.ok && r.changed) broadcast.slide(from);
      return;
    }
    case 'showTop':
      if (room.apply(e).ok) broadcast.presenterDirty({ results: true });
      return;
  }
}
