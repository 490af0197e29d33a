/**
 * What a connection's messages do to the room (a valid message: server/connection.ts has checked its shape):
 *
 *   hello                       first, and only first (server/hello.ts); anything before it: `hello-first`
 *   ping                        `pong`
 *   vote, nick                  a participant's: a vote acknowledged (`ack`) once saved, a nickname a rename
 *   slide, poll, showTop, nav   the presenter's; from anyone else `not-presenter`, counted in the presenter's stats
 *
 * Every event is decided by the room's one transition function, server/poll.ts's `Room.apply`, and fanned out by
 * `applyEvent`. One process: an event is checked, written (server/journal.ts) and only then applied; a slide change
 * is broadcast at once and logged behind it. A shared room: Redis orders the events in its stream
 * (server/redis-room.ts), and every process applies the stream to its replica, in that order, and fans it out to
 * its own sockets (`followShared`); the process that submitted an event answers once its replica applied it.
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

// ------------------------------------------------------------------------ events, here or through Redis

/**
 * Submits an event to the room and resolves with what the room made of it, once it is applied (and fanned out,
 * `applyEvent`). One process: checked against the room, written to the log, and only then applied, in the log's
 * order (`inOrder`: the presenter's commands in one line, a participant's vote on a question in another, which waits
 * for the commands in flight). A shared room: refused at once what the replica refuses once it has every event Redis
 * had; anything else appended to Redis's stream and decided where it lands there (`SharedRoom.decide`), by the same
 * `Room.apply` on every replica (`followShared`).
 */
function submit(ctx: RoomContext, c: Conn, e: RoomEvent): Promise<Outcome> {
  const { shared, journal } = ctx;
  if (shared) return sharedSubmit(ctx, c, e, shared);
  const key = e.t === 'vote' ? `vote ${e.pid} ${e.qid}` : 'presenter';
  return journal.inOrder(key, async () => {
    if (e.t === 'vote') await journal.pending('presenter');
    const checked = ctx.room.check(e);
    if (!checked.ok || !checked.changed) return checked;
    // Applied only once it is on disk: an event that cannot be saved changes nothing (a vote is never counted).
    if (!(await journal.persist(e))) return NOT_SAVED;
    return applyEvent(ctx, e, c.id);
  });
}

async function sharedSubmit(ctx: RoomContext, c: Conn, e: RoomEvent, sr: SharedRoom): Promise<Outcome> {
  let checked = ctx.room.check(e);
  if (!checked.ok || !checked.changed) {
    // The replica may be behind Redis: what it refuses is refused only once it has caught up.
    if (!(await sr.sync())) return NOT_SAVED;
    checked = ctx.room.check(e);
    if (!checked.ok || !checked.changed) return checked;
  }
  return sr.decide(e, String(c.id));
}

const NOT_SAVED: Outcome = { ok: false, reason: 'not-saved' };

function vote(ctx: RoomContext, c: Conn, pid: string, msg: Message<'vote'>): Promise<void> {
  const e: RoomEvent = { t: 'vote', pid, qid: msg.qid, choice: msg.choice, at: ctx.now() };
  return submit(ctx, c, e).then((r) => {
    if (!r.ok) return refuse(c, r.reason);
    ctx.counters.votes++;
    send(c, { type: 'ack', qid: msg.qid, choice: msg.choice });
  });
}

async function presenterMessage(ctx: RoomContext, c: Conn, msg: ClientMessage): Promise<void> {
  const { room, shared, journal, broadcast } = ctx;
  const at = ctx.now();
  switch (msg.type) {
    case 'slide': {
      const e: RoomEvent = { t: 'slide', slide: msg.slide, at };
      if (shared) return command(ctx, c, e);
      // One process: the phones follow the slide at once; its line is written behind it.
      if (!room.apply(e).ok) return;
      broadcast.slide(c.id);
      await journal.persist(e);
      return;
    }
    case 'poll':
      return command(ctx, c, { t: 'poll', qid: msg.qid, action: msg.action, at });
    case 'showTop':
      return command(ctx, c, { t: 'showTop', show: msg.show, at });
    case 'nav': {
      const text = JSON.stringify(msg);
      if (!shared) return broadcast.nav(text, c.id);
      if (!(await shared.relay(text, String(c.id)))) refuse(c, 'not-saved');
      return;
    }
    default:
      // A participant's message (vote, nick) from a presenter's page: the presenter neither joins nor votes.
      return refuse(c, 'malformed');
  }
}

async function command(ctx: RoomContext, c: Conn, e: RoomEvent): Promise<void> {
  const r = await submit(ctx, c, e);
  if (!r.ok) refuse(c, r.reason);
}

/** The number of this process's connection an event or a nav came from (`<process>:<conn>[:<request>]`); -1: another's. */
function fromConn(sr: SharedRoom, origin: string): number {
  const [proc, connId] = origin.split(':');
  return proc === sr.origin && connId ? Number(connId) : -1;
}

/**
 * A shared room's events as the stream brings them, in Redis's order, from any process (this one's too): applied to
 * the replica and fanned out to this process's sockets (`applyEvent`); a remote's `nav` to this process's presenter
 * pages.
 */
export function followShared(ctx: RoomContext, sr: SharedRoom): void {
  sr.follow(
    (e, origin) => applyEvent(ctx, e, fromConn(sr, origin)),
    (nav, origin) => ctx.broadcast.nav(nav, fromConn(sr, origin)),
  );
}

/**
 * An event applied to the room (this process's, or a shared room's replica) and what it changed fanned out to this
 * process's sockets; `from`: the connection it came from (not echoed a slide or a vote), -1 none of this process's.
 */
export function applyEvent(ctx: RoomContext, e: RoomEvent, from: number): Outcome {
  const { room, broadcast } = ctx;
  switch (e.t) {
    case 'join':
    case 'nick': {
      const r = room.apply(e);
      if (r.ok && r.changed) broadcast.presenterDirty({ stats: true, results: true });
      return r;
    }
    case 'vote': {
      const r = room.apply(e);
      if (!r.ok) return r;
      // The same participant's other tabs learn their vote (here: the voter's other tabs of this process).
      if (broadcast.tabsOf(e.pid) > (from === -1 ? 0 : 1)) broadcast.vote(e.pid, e.qid, from);
      broadcast.presenterDirty({ poll: e.qid, results: true });
      return r;
    }
    case 'poll': {
      const before = room.statusOf(e.qid);
      // A reveal or a reset changes the scores of those who voted: taken before a reset clears them.
      const voters = new Set(room.votersOf(e.qid));
      const r = room.apply(e);
      if (!r.ok || !r.changed) return r;
      const after = room.statusOf(e.qid);
      broadcast.poll(e.qid, before === 'revealed' || after === 'revealed' ? voters : new Set());
      return r;
    }
    case 'slide': {
      const r = room.apply(e);
      if (r.ok && r.changed) broadcast.slide(from);
      return r;
    }
    case 'showTop': {
      const r = room.apply(e);
      if (r.ok && r.changed) broadcast.presenterDirty({ results: true });
      return r;
    }
  }
}
