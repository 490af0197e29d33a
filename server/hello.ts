/**
 * A connection's hello, answered: who it is from now on, or why not (and closed).
 *
 *   presenter     with the room's secret (constant time), or without one over a WebSocket whose upgrade carried the
 *                 presenter's cookie (a browser's: server/secret.ts): the welcome, the results and the stats
 *   participant   with its pid: a new one joins under the limits (new ids per address, the room's cap and reserve;
 *                 a shared room's join decided where it lands in Redis's stream, by every replica alike), a known
 *                 one comes back (another nickname: a rename); the welcome carries its slide, its polls and score
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
    // Everything Redis had when this hello came, in the replica: the welcome shows the votes made on any process,
    // and a participant the replica knows is in the room (the stream only grows).
    if (!(await shared.sync())) return unreachable(ctx, c);
    let known = room.hasParticipant(pid);
    if (!known) {
      // This process's own bucket first (a flood of new ids writes nothing to Redis), then the room's: every
      // replica decides the join alike, by the limits it carries (server/poll.ts), the room's cap counting the
      // participants of every process.
      const exempt = ctx.limits.exemptLoopback && isLoopback(c.address);
      const local = ctx.joinGate.admit(c.address, 0);
      const d =
        local === 'ok'
          ? await shared.join(
              { t: 'join', pid, nick: checked?.ok ? checked.nick : undefined, at: ctx.now() },
              addressKey(c.address),
              exempt,
            )
          : { verdict: local };
      if (d.verdict === 'room-full' || d.verdict === 'rate-limited') {
        if (local === 'ok') ctx.joinGate.refused++;
        broadcast.presenterDirty({ stats: true });
        refuse(c, d.verdict);
        c.ws.close(1008, d.verdict === 'room-full' ? 'room full' : 'too many new participants from this address');
        return;
      }
      if (d.verdict === 'not-saved' || d.verdict === 'lost') return unreachable(ctx, c);
      known = d.verdict === 'known';
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
  // The participant's rate, in this process's bucket.
  if (!ctx.renames.allow(pid)) return 'rate-limited';
  if (ctx.shared) {
    // And the room's: every replica decides the rename alike from the stream, by the participant's rate across
    // processes and the room's byte budget (the limits the event carries, server/poll.ts).
    const d = await ctx.shared.decide({ t: 'nick', pid, nick, at: ctx.now() });
    if (!d.ok && d.reason === 'rate-limited') ctx.renames.refused++;
    return d.ok ? null : d.reason;
  }
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
