/**
 * A connection's hello, answered: who it is from now on, or why not (and closed).
 *
 *   presenter     with the room's secret (constant time), or without one over a WebSocket whose upgrade carried the
 *                 presenter's cookie (a browser's: server/secret.ts): the welcome, the results and the stats
 *   participant   with its pid: a new one joins under the limits (new ids per address, the room's cap and reserve;
 *                 in Redis for a shared room, which Redis decides even for a pid the replica knows), a known one
 *                 comes back (another nickname: a rename); the welcome carries its slide, its polls and its score
 *   anything else `wrong-room`, `bad-secret` (counted in the presenter's stats), `room-full`, `rate-limited` and
 *                 closed (1008); a shared room whose Redis cannot be reached: `not-saved`, closed (1013); one
 *                 whose state Redis lost: `lost`, closed (1013: the page tries again, and is told again)
 *
 * A refused nickname or a rename over the participant's rate is said after the welcome (the participant is in the
 * room without it). `rename` is a participant's nickname change, from a hello or a `nick` message.
 */
import type * as v from 'valibot';
import { WebSocket } from 'ws';
import { PROTOCOL_VERSION, checkNick, type Hello, type RefusalReason } from '../lib/workshop-protocol.ts';
import { refuse, send, type Conn } from './conn.ts';
import type { RoomContext } from './context.ts';
import { addressKey, isLoopback } from './limits.ts';
import type { RoomEvent } from './poll.ts';
import { publicQuestions } from './quizzes.ts';
import { sameSecret } from './secret.ts';

const CANNOT_REACH = 'the room cannot be reached: try again';

/** A shared room's hello that Redis cannot answer: away (`not-saved`), or the room lost (`lost`); closed either way. */
function unreachable(ctx: RoomContext, c: Conn): void {
  if (ctx.shared?.lost) send(c, { type: 'lost' });
  else refuse(c, 'not-saved');
  c.ws.close(1013, ctx.shared?.lost ? 'the room was lost' : CANNOT_REACH);
}

export async function hello(ctx: RoomContext, c: Conn, msg: v.InferOutput<typeof Hello>): Promise<void> {
  const { room, shared, broadcast } = ctx;
  if (msg.room !== ctx.code) {
    refuse(c, 'wrong-room');
    c.ws.close(1008, 'wrong room');
    return;
  }
  if (shared?.lost) return unreachable(ctx, c);
  if (msg.role === 'presenter') return presenterHello(ctx, c, msg.secret);
  if (msg.pid === undefined) {
    refuse(c, 'malformed');
    return;
  }
  const pid = msg.pid;
  const checked = msg.nick === undefined ? null : checkNick(msg.nick);
  // A nickname refused, or a rename over the rate: said after the welcome (which would clear it on the phone).
  let refusal: RefusalReason | null = checked && !checked.ok ? 'bad-nick' : null;
  if (shared) {
    // Everything Redis had when this hello came, in the replica: the welcome shows the votes made on any process.
    if (!(await shared.sync())) return unreachable(ctx, c);
    // Redis decides whether the participant is in the room, not the replica: an entry Redis lost (evicted) is put
    // back by the hello that follows its `hello-first` (with the nickname the replica knows, if the hello has none).
    const inReplica = room.hasParticipant(pid);
    const nick = checked?.ok ? checked.nick : inReplica ? room.nickOf(pid) || undefined : undefined;
    const exempt = ctx.limits.exemptLoopback && isLoopback(c.address);
    const d = await shared.join({ t: 'join', pid, nick, at: ctx.now() }, addressKey(c.address), exempt);
    if (d.verdict === 'room-full' || d.verdict === 'rate-limited') {
      ctx.joinGate.refused++;
      broadcast.presenterDirty({ stats: true });
      refuse(c, d.verdict);
      c.ws.close(1008, d.verdict === 'room-full' ? 'room full' : 'too many new participants from this address');
      return;
    }
    if (d.verdict === 'not-saved' || d.verdict === 'lost') return unreachable(ctx, c);
    let known = false;
    if (d.verdict === 'ok') await shared.caughtUp(d.id);
    else {
      if (!inReplica) await shared.sync();
      known = true;
    }
    if (known && checked?.ok) refusal = await rename(ctx, pid, checked.nick);
    if (c.ws.readyState !== WebSocket.OPEN) return;
  } else if (!room.hasParticipant(pid)) {
    const verdict = ctx.joinGate.admit(c.address, room.participantCount);
    if (verdict !== 'ok') {
      broadcast.presenterDirty({ stats: true });
      refuse(c, verdict);
      c.ws.close(1008, verdict === 'room-full' ? 'room full' : 'too many new participants from this address');
      return;
    }
    const nick = checked?.ok ? checked.nick : undefined;
    const join: RoomEvent = { t: 'join', pid, nick, at: ctx.now() };
    const r = room.apply(join);
    if (r.ok && r.changed) void ctx.journal.persist(join);
  } else if (checked?.ok) {
    // A known participant's hello with another nickname is a rename (a reconnect must not bypass their rate).
    refusal = await rename(ctx, pid, checked.nick);
  }
  c.role = 'participant';
  c.pid = pid;
  broadcast.welcomed(c);
  const nick = room.nickOf(pid);
  send(c, {
    type: 'welcome',
    v: PROTOCOL_VERSION,
    role: 'participant',
    room: ctx.code,
    pid,
    ...(nick ? { nick } : {}),
    slide: room.slide,
    polls: room.views(pid),
    score: room.score(pid),
    ...hostQuestions(room.quizzes),
  });
  // A refused nickname: the participant is in the room without it (or with the one before), and the phone says why.
  if (refusal) refuse(c, refusal);
  broadcast.presenterDirty({ stats: true, results: true });
}

async function presenterHello(ctx: RoomContext, c: Conn, secret: string | undefined): Promise<void> {
  // A secret given must be the right one; none given: the cookie decides.
  if (secret === undefined ? !c.presenterCookie : !sameSecret(secret, ctx.secret)) {
    ctx.counters.refusedPresenterMessages++;
    ctx.broadcast.presenterDirty({ stats: true });
    refuse(c, 'bad-secret');
    c.ws.close(1008, 'bad secret');
    return;
  }
  if (ctx.shared && !(await ctx.shared.sync())) return unreachable(ctx, c);
  c.role = 'presenter';
  ctx.broadcast.welcomed(c);
  send(c, {
    type: 'welcome',
    v: PROTOCOL_VERSION,
    role: 'presenter',
    room: ctx.code,
    slide: ctx.room.slide,
    polls: ctx.room.views(),
    ...hostQuestions(ctx.room.quizzes),
  });
  send(c, ctx.room.results());
  send(c, ctx.stats());
}

/** A rename by a participant already in the room: applied now, logged at the window's end; or why not. */
export async function rename(ctx: RoomContext, pid: string, nick: string): Promise<RefusalReason | null> {
  if (ctx.room.nickOf(pid) === nick) return null;
  if (ctx.shared) {
    // The pid's bucket and the room's byte budget are in Redis; the replicas apply it from the stream.
    const d = await ctx.shared.decide({ t: 'nick', pid, nick, at: ctx.now() });
    if (!d.ok) {
      if (d.reason === 'rate-limited') ctx.renames.refused++;
      return d.reason;
    }
    if (d.id !== null) await ctx.shared.caughtUp(d.id);
    return null;
  }
  if (!ctx.renames.allow(pid)) return 'rate-limited';
  const e = { t: 'nick', pid, nick, at: ctx.now() } as const;
  const r = ctx.room.apply(e);
  if (!r.ok) return r.reason;
  ctx.renames.queue(e);
  ctx.broadcast.presenterDirty({ results: true });
  return null;
}

/** The welcome's `questions`: the host's own questions' words (none: no field). */
function hostQuestions(quizzes: Parameters<typeof publicQuestions>[0]): {
  questions?: ReturnType<typeof publicQuestions>;
} {
  const questions = publicQuestions(quizzes);
  return questions.length > 0 ? { questions } : {};
}
