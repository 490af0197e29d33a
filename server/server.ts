/**
 * The workshop server: one `node:http` server and one `ws` WebSocketServer on one port.
 *
 *   GET /<ROOM>                      302 → /?workshop=<ROOM> (the short address people type)
 *   GET /…                           the participants' deck, dist-phone/ (no answers in it)
 *   GET /presenter/<secret>/…        the full deck, dist/ (and its remote.html); any other secret: 404
 *   GET /api/export.csv|json         the results, with ?key=<secret> or Authorization: Bearer <secret>; else 403
 *   /ws                              the protocol of lib/workshop-protocol.ts
 *
 * The room's truth is server/poll.ts; every accepted event goes to server/store.ts's log before it is acknowledged
 * or broadcast (a slide change excepted: it is broadcast at once and logged behind it).
 *
 * With `redis`, the room is shared by every process given the same Redis (server/redis-room.ts): Redis decides each
 * event and orders them in a stream, each process applies the stream to its own replica of the room and fans the
 * changes out to its own sockets. The log folder is not used then.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, isIP, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import {
  MAX_MESSAGE_BYTES,
  PROTOCOL_VERSION,
  PRESENTER_ONLY,
  checkNick,
  parseClientMessage,
  type ClientMessage,
  type RefusalReason,
  type ServerMessage,
} from '../lib/workshop-protocol.ts';
import { ConnectionGate, JoinGate, Renames, addressKey, isLoopback, resolveLimits, type Limits } from './limits.ts';
import { Room, type RoomEvent } from './poll.ts';
import { QUIZZES, type QuizDef } from './quizzes.ts';
import { resolveFile, sendFile, sendText, baseHeaders } from './static.ts';
import { SharedRoom } from './redis-room.ts';
import { openStore, type Store } from './store.ts';

export interface WorkshopOptions {
  /** Where the log lives (created if missing). */
  readonly dataDir: string;
  /** Start a new room even if the log holds one (the old log is kept). */
  readonly fresh?: boolean;
  /** Start even if damaged lines of the log take other records with them (those are dropped, each named). */
  readonly repair?: boolean;
  /** 0: any free port. Default 8080. */
  readonly port?: number;
  /** Default 0.0.0.0 (the local network). */
  readonly host?: string;
  /** The full deck (`npm run build`), served under /presenter/<secret>/. */
  readonly deckDir: string;
  /** The participants' deck (`npm run build:phone`), served at /. */
  readonly phoneDir: string;
  readonly quizzes?: readonly QuizDef[];
  /** Token bucket per connection: messages per second and burst. */
  readonly rate?: { readonly perSecond: number; readonly burst: number };
  /** How often dead sockets are looked for (a ping; no pong by the next round: dropped). */
  readonly heartbeatMs?: number;
  /** The presenter's count updates: at most one per question per this many ms. */
  readonly coalesceMs?: number;
  /** A connection that has not said hello by then is closed (default 5 s). */
  readonly helloTimeoutMs?: number;
  /** What one client may take: sockets, new identities, renames, time (server/limits.ts; its defaults otherwise). */
  readonly limits?: Partial<Limits>;
  /** New participants beyond this many are refused (`rate-limited`) and closed: the log cannot be grown without end. */
  readonly maxParticipants?: number;
  /** Where warnings go (default console.warn). */
  readonly warn?: (message: string) => void;
  /** The clock (ms since the epoch) for the events' `at` and the export; default Date.now. */
  readonly now?: () => number;
  /**
   * Share the room through this Redis (`redis://host:port`) with every process given the same one; `prefix` (default
   * `hsw`) names its keys. `dataDir`, `repair` are not used then; `fresh` starts a new room in Redis.
   */
  readonly redis?: { readonly url: string; readonly prefix?: string };
  /**
   * Behind a proxy on this machine (server/nginx.conf.example): a WebSocket from a loopback address is counted by its
   * `X-Real-IP` header for the per-address limits (new ids, the reserve). Default false: the header is ignored.
   */
  readonly trustProxy?: boolean;
}

export interface WorkshopStats {
  participants: number;
  connected: number;
  refusedPresenterMessages: number;
  rateLimited: number;
  closedForFlooding: number;
  votes: number;
  fsyncs: number;
  /** Writes to the log that failed (their events were refused, not applied). */
  saveFailures: number;
  /** New participant ids refused (too many from one address, the room full). */
  refusedJoins: number;
  /** Sockets destroyed at once for being over a connection cap. */
  refusedConnections: number;
  /** Renames refused for being over a participant's rate. */
  refusedRenames: number;
  /** Bytes of nickname lines given to the log. */
  renameBytes: number;
}

export interface WorkshopServer {
  readonly port: number;
  readonly host: string;
  readonly room: string;
  readonly secret: string;
  /** True when the log held this room already (a restart). */
  readonly resumed: boolean;
  /** What the start found wrong: a cut last line, a missing build. */
  readonly warnings: readonly string[];
  readonly phoneBuildMissing: boolean;
  readonly deckBuildMissing: boolean;
  stats(): WorkshopStats;
  /** Closes every socket, the server, and flushes and closes the log. */
  close(): Promise<void>;
}

type Role = 'participant' | 'presenter';

interface Conn {
  readonly ws: WebSocket;
  /** This process's number of the socket (a slide change is not echoed to the page that made it). */
  readonly id: number;
  /** Shared rooms: the connection's messages are handled one after another (each may wait for Redis). */
  queue: Promise<void>;
  /** The peer's address, for the per-address limits. */
  readonly address: string;
  role: Role | null;
  pid: string | null;
  tokens: number;
  strikes: number;
  last: number;
  alive: boolean;
}

/** A flooding connection is closed after this many messages over its rate (the strikes drain at the rate, too). */
const MAX_STRIKES = 40;

/** Binds the port and lets it go again: a taken port is found before anything is written to the data folder. */
async function checkPort(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createNetServer();
  await new Promise<void>((done, fail) => {
    probe.once('error', fail);
    probe.listen(port, host, () => done());
  });
  await new Promise<void>((done) => probe.close(() => done()));
}

/** Compares two secrets in constant time (hashed first, so their lengths do not show either). */
export function sameSecret(given: string, secret: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b) && given.length === secret.length;
}

const PHONE_MISSING = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workshop: the phone build is missing</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 2em auto; padding: 0 1em; line-height: 1.5">
<h1>The phone build is missing</h1>
<p>The workshop server has no participants' deck to serve. On the presenter's machine, run
<code>npm run build:phone</code> (or <code>npm run workshop</code>, which builds it), then reload this page.</p>
<h1 lang="ru">Нет сборки для телефонов</h1>
<p lang="ru">Серверу семинара нечего показать участникам. На компьютере докладчика выполните
<code>npm run build:phone</code> (или <code>npm run workshop</code>: он её соберёт) и обновите страницу.</p>
</body></html>
`;

export async function startWorkshop(options: WorkshopOptions): Promise<WorkshopServer> {
  const now = options.now ?? Date.now;
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const rate = options.rate ?? { perSecond: 10, burst: 20 };
  const presenterRate = { perSecond: Math.max(rate.perSecond, 30), burst: Math.max(rate.burst, 60) };
  const coalesceMs = options.coalesceMs ?? 50;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const helloTimeoutMs = options.helloTimeoutMs ?? 5000;
  const maxParticipants = options.maxParticipants ?? 20_000;
  const limits = resolveLimits(options.limits);

  // The folder's lock first, then the port, then the log (replayed into the room): a second server, a taken port
  // or a damaged log stop the start before anything is written.
  const room = new Room(options.quizzes ?? QUIZZES);
  let store: Store | null = null;
  let shared: SharedRoom | null = null;
  /** Redis went away or came back (set once the presenter's updates exist). */
  let availability = (_available: boolean): void => {};
  let opened: { room: string; secret: string; warnings: readonly string[]; resumed: boolean };
  if (options.redis) {
    await checkPort(options.port ?? 8080, options.host ?? '0.0.0.0');
    shared = await SharedRoom.open({
      url: options.redis.url,
      ...(options.redis.prefix === undefined ? {} : { prefix: options.redis.prefix }),
      fresh: options.fresh ?? false,
      room,
      limits,
      maxParticipants,
      warn,
      onAvailability: (available) => availability(available),
    });
    opened = { room: shared.code, secret: shared.secret, warnings: [], resumed: shared.resumed };
  } else {
    const o = await openStore(options.dataDir, {
      fresh: options.fresh ?? false,
      repair: options.repair ?? false,
      now: now(),
      room,
      beforeWrite: () => checkPort(options.port ?? 8080, options.host ?? '0.0.0.0'),
    });
    store = o.store;
    opened = o;
  }
  const { room: code, secret } = opened;
  const warnings = [...opened.warnings];
  const phoneBuildMissing = (await resolveFile(options.phoneDir, 'index.html')) === null;
  const deckBuildMissing = (await resolveFile(options.deckDir, 'index.html')) === null;
  if (phoneBuildMissing) warnings.push(`the phone build is missing (${options.phoneDir}): run npm run build:phone`);
  if (deckBuildMissing) warnings.push(`the deck build is missing (${options.deckDir}): run npm run build`);
  for (const w of warnings) warn(w);

  const counters = { refusedPresenterMessages: 0, rateLimited: 0, closedForFlooding: 0, votes: 0 };
  const conns = new Set<Conn>();
  const presenters = new Set<Conn>();
  const byPid = new Map<string, Set<Conn>>();
  const joinGate = new JoinGate(limits, maxParticipants);
  // A refused socket or newcomer shows on the presenter's page ("joins refused"); the stats are coalesced.
  const gate = new ConnectionGate(limits, () => presenterDirty({ stats: true }));

  // ---------------------------------------------------------------------------------------------- sending

  const send = (c: Conn, msg: ServerMessage): void => {
    if (c.ws.readyState === WebSocket.OPEN) c.ws.send(JSON.stringify(msg));
  };
  /** A text frame; a Buffer is one encoding shared by many sends (a broadcast). */
  const sendRaw = (c: Conn, text: string | Buffer): void => {
    if (c.ws.readyState === WebSocket.OPEN) c.ws.send(text, { binary: false });
  };
  const refuse = (c: Conn, reason: RefusalReason): void => send(c, { type: 'refused', reason });

  const statsMessage = (): ServerMessage => {
    // Shared: the room's processes summed (as of their last heartbeat, this one's as of now).
    const mine = processCounters();
    const all = shared?.roomTotals;
    const sum = (k: keyof typeof mine): number => (all ? Math.max(0, all[k] - lastBeat[k]) : 0) + mine[k];
    return {
      type: 'stats',
      participants: room.participantCount,
      connected: sum('connected'),
      refusedPresenterMessages: sum('refusedPresenterMessages'),
      ...(cannotSave ? { cannotSave: true } : {}),
      refusedJoins: sum('refusedJoins'),
    };
  };
  const processCounters = () => ({
    connected: byPid.size,
    refusedPresenterMessages: counters.refusedPresenterMessages,
    refusedJoins: joinGate.refused + gate.refused,
  });
  /** What this process sent with its last heartbeat (counted in the room's totals already). */
  let lastBeat = { connected: 0, refusedPresenterMessages: 0, refusedJoins: 0 };

  // The presenter's updates are coalesced: counts per question, the results and the stats, at most once per window.
  const dirtyPolls = new Set<string>();
  let resultsDirty = false;
  let statsDirty = false;
  let presenterTimer: NodeJS.Timeout | null = null;
  let lastPresenterFlush = 0;
  const flushPresenters = (): void => {
    presenterTimer = null;
    lastPresenterFlush = performance.now();
    if (presenters.size === 0) {
      dirtyPolls.clear();
      resultsDirty = statsDirty = false;
      return;
    }
    const texts: string[] = [];
    for (const qid of dirtyPolls) texts.push(JSON.stringify({ type: 'poll', poll: room.view(qid) }));
    if (resultsDirty) texts.push(JSON.stringify(room.results()));
    if (statsDirty) texts.push(JSON.stringify(statsMessage()));
    dirtyPolls.clear();
    resultsDirty = statsDirty = false;
    for (const p of presenters) for (const t of texts) sendRaw(p, t);
  };
  const presenterDirty = (what: { poll?: string; results?: boolean; stats?: boolean }): void => {
    if (what.poll !== undefined) dirtyPolls.add(what.poll);
    if (what.results) resultsDirty = true;
    if (what.stats) statsDirty = true;
    if (presenterTimer) return;
    const wait = Math.max(0, coalesceMs - (performance.now() - lastPresenterFlush));
    presenterTimer = setTimeout(flushPresenters, wait);
  };

  /**
   * A question's new status, to everyone: each participant's copy with their own `yours`/`right` (a copy depends only
   * on their choice, so there are at most choiceCount + 1 of them, each encoded once), then the changed scores.
   */
  const broadcastPoll = (qid: string, scoreOf: ReadonlySet<string>): void => {
    const copies = new Map<number | null, Buffer>();
    const copyFor = (pid: string): Buffer => {
      const choice = room.choiceOf(pid, qid) ?? null;
      let buf = copies.get(choice);
      if (!buf) copies.set(choice, (buf = Buffer.from(JSON.stringify({ type: 'poll', poll: room.view(qid, pid) }))));
      return buf;
    };
    for (const [pid, set] of byPid) {
      const buf = copyFor(pid);
      for (const c of set) sendRaw(c, buf);
    }
    dirtyPolls.delete(qid);
    const text = Buffer.from(JSON.stringify({ type: 'poll', poll: room.view(qid) }));
    for (const p of presenters) sendRaw(p, text);
    presenterDirty({ results: true });
    // The scores after every histogram is out: a phone's own score matters less than the room's result.
    if (scoreOf.size > 0) {
      setImmediate(() => {
        for (const pid of scoreOf) {
          const set = byPid.get(pid);
          if (!set) continue;
          const scoreText = JSON.stringify({ type: 'score', ...room.score(pid) });
          for (const c of set) sendRaw(c, scoreText);
        }
      });
    }
  };

  /**
   * Logs an accepted event; resolves when it is on disk. A failed write is reported (once until writing works
   * again), the presenter's page is told that the room cannot save, and the caller applies and acks nothing.
   */
  let cannotSave = false;
  let saveFailures = 0;
  availability = (available) => {
    cannotSave = !available;
    presenterDirty({ stats: true });
  };
  const persist = async (e: RoomEvent): Promise<boolean> => {
    try {
      if (!store) throw new Error('no log');
      await store.append(e);
      if (cannotSave) {
        cannotSave = false;
        warn('the log is written again');
        presenterDirty({ stats: true });
      }
      return true;
    } catch (err) {
      saveFailures++;
      if (!cannotSave) {
        cannotSave = true;
        warn(`could not write the log (${String(err)}): votes are refused (not-saved) until it works again`);
        presenterDirty({ stats: true });
      }
      return false;
    }
  };
  /**
   * An event is checked, written and only then applied; events that depend on each other go one after another, so
   * that the room applies them in the log's order and a restart replays what the room did: the presenter's commands
   * in one line, a participant's votes on one question and nicknames in another each; a vote waits for the
   * presenter's commands in flight (a close being written: the vote after it is refused, not logged).
   */
  const chains = new Map<string, Promise<unknown>>();
  const inOrder = <T>(key: string, f: () => Promise<T>): Promise<T> => {
    const next = (chains.get(key) ?? Promise.resolve()).then(f);
    const tail = next.catch(() => undefined);
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return next;
  };

  // A participant's renames reach the log coalesced and within a byte budget (server/limits.ts).
  const renames = new Renames(limits, persist);

  /** A rename by a participant already in the room: applied now, logged at the window's end; or why not. */
  const rename = async (pid: string, nick: string): Promise<RefusalReason | null> => {
    if (room.nickOf(pid) === nick) return null;
    if (shared) {
      // The pid's bucket and the room's byte budget are in Redis; the replicas apply it from the stream.
      const d = await shared.decide({ t: 'nick', pid, nick, at: now() });
      if (!d.ok) {
        if (d.reason === 'rate-limited') renames.refused++;
        return d.reason;
      }
      if (d.id !== null) await shared.caughtUp(d.id);
      return null;
    }
    if (!renames.allow(pid)) return 'rate-limited';
    const e = { t: 'nick', pid, nick, at: now() } as const;
    const r = room.apply(e);
    if (!r.ok) return r.reason;
    renames.queue(e);
    presenterDirty({ results: true });
    return null;
  };

  // ---------------------------------------------------------------------------------------------- messages

  const allow = (c: Conn): boolean => {
    const r = c.role === 'presenter' ? presenterRate : rate;
    const t = performance.now();
    const elapsed = (t - c.last) / 1000;
    c.last = t;
    c.tokens = Math.min(r.burst, c.tokens + elapsed * r.perSecond);
    c.strikes = Math.max(0, c.strikes - elapsed * r.perSecond);
    if (c.tokens >= 1) {
      c.tokens -= 1;
      return true;
    }
    counters.rateLimited++;
    c.strikes += 1;
    if (c.strikes > MAX_STRIKES) {
      counters.closedForFlooding++;
      c.ws.close(1008, 'flooding');
    } else {
      refuse(c, 'rate-limited');
    }
    return false;
  };

  const hello = async (c: Conn, msg: Extract<ClientMessage, { type: 'hello' }>): Promise<void> => {
    if (msg.room !== code) {
      refuse(c, 'wrong-room');
      c.ws.close(1008, 'wrong room');
      return;
    }
    if (msg.role === 'presenter') {
      if (msg.secret === undefined || !sameSecret(msg.secret, secret)) {
        counters.refusedPresenterMessages++;
        presenterDirty({ stats: true });
        refuse(c, 'bad-secret');
        c.ws.close(1008, 'bad secret');
        return;
      }
      if (shared && !(await shared.sync())) {
        refuse(c, 'not-saved');
        c.ws.close(1013, 'the room cannot be reached: try again');
        return;
      }
      c.role = 'presenter';
      presenters.add(c);
      send(c, {
        type: 'welcome',
        v: PROTOCOL_VERSION,
        role: 'presenter',
        room: code,
        slide: room.slide,
        polls: room.views(),
      });
      send(c, room.results());
      send(c, statsMessage());
      return;
    }
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
      if (!(await shared.sync())) {
        refuse(c, 'not-saved');
        c.ws.close(1013, 'the room cannot be reached: try again');
        return;
      }
      let known = room.hasParticipant(pid);
      if (!known) {
        const nick = checked?.ok ? checked.nick : undefined;
        const exempt = limits.exemptLoopback && isLoopback(c.address);
        const d = await shared.join({ t: 'join', pid, nick, at: now() }, addressKey(c.address), exempt);
        if (d.verdict === 'room-full' || d.verdict === 'rate-limited') {
          joinGate.refused++;
          presenterDirty({ stats: true });
          refuse(c, d.verdict);
          c.ws.close(1008, d.verdict === 'room-full' ? 'room full' : 'too many new participants from this address');
          return;
        }
        if (d.verdict === 'not-saved') {
          refuse(c, 'not-saved');
          c.ws.close(1013, 'the room cannot be reached: try again');
          return;
        }
        if (d.verdict === 'ok') await shared.caughtUp(d.id);
        else {
          await shared.sync();
          known = true;
        }
      }
      if (known && checked?.ok) refusal = await rename(pid, checked.nick);
      if (c.ws.readyState !== WebSocket.OPEN) return;
    } else if (!room.hasParticipant(pid)) {
      const verdict = joinGate.admit(c.address, room.participantCount);
      if (verdict !== 'ok') {
        presenterDirty({ stats: true });
        refuse(c, verdict);
        c.ws.close(1008, verdict === 'room-full' ? 'room full' : 'too many new participants from this address');
        return;
      }
      const nick = checked?.ok ? checked.nick : undefined;
      const join: RoomEvent = { t: 'join', pid, nick, at: now() };
      const r = room.apply(join);
      if (r.ok && r.changed) void persist(join);
    } else if (checked?.ok) {
      // A known participant's hello with another nickname is a rename (a reconnect must not bypass their rate).
      refusal = await rename(pid, checked.nick);
    }
    c.role = 'participant';
    c.pid = pid;
    let set = byPid.get(pid);
    if (!set) byPid.set(pid, (set = new Set()));
    set.add(c);
    const nick = room.nickOf(pid);
    send(c, {
      type: 'welcome',
      v: PROTOCOL_VERSION,
      role: 'participant',
      room: code,
      pid,
      ...(nick ? { nick } : {}),
      slide: room.slide,
      polls: room.views(pid),
      score: room.score(pid),
    });
    // A refused nickname: the participant is in the room without it (or with the one before), and the phone says why.
    if (refusal) refuse(c, refusal);
    presenterDirty({ stats: true, results: true });
  };

  const vote = (c: Conn, pid: string, msg: Extract<ClientMessage, { type: 'vote' }>): Promise<void> =>
    shared
      ? sharedVote(c, pid, msg, shared)
      : inOrder(`vote ${pid} ${msg.qid}`, async () => {
          await chains.get('presenter');
          return saveVote(c, pid, msg);
        });

  const saveVote = async (c: Conn, pid: string, msg: Extract<ClientMessage, { type: 'vote' }>): Promise<void> => {
    const e: RoomEvent = { t: 'vote', pid, qid: msg.qid, choice: msg.choice, at: now() };
    const checked = room.check(e);
    if (!checked.ok) return refuse(c, checked.reason);
    // Counted only once it is on disk: a vote that cannot be saved is refused and may be sent again.
    if (!(await persist(e))) return refuse(c, 'not-saved');
    const r = room.apply(e);
    if (!r.ok) return refuse(c, r.reason);
    counters.votes++;
    send(c, { type: 'ack', qid: msg.qid, choice: msg.choice });
    // The same participant's other tabs learn their vote (their own choice only; no counts).
    const others = byPid.get(pid);
    if (others && others.size > 1) {
      const text = JSON.stringify({ type: 'poll', poll: room.view(msg.qid, pid) });
      for (const o of others) if (o !== c) sendRaw(o, text);
    }
    presenterDirty({ poll: msg.qid, results: true });
  };

  /**
   * A shared room's vote: the question and the choice checked here (the quizzes are the same on every process), the
   * rest decided by Redis; acknowledged once Redis has it. The counts follow from the stream (applyShared).
   */
  const sharedVote = async (
    c: Conn,
    pid: string,
    msg: Extract<ClientMessage, { type: 'vote' }>,
    sr: SharedRoom,
  ): Promise<void> => {
    const choices = room.quizzes.find((q) => q.id === msg.qid)?.choiceCount;
    if (choices === undefined) return refuse(c, 'unknown-question');
    if (!Number.isInteger(msg.choice) || msg.choice < 0 || msg.choice >= choices) return refuse(c, 'bad-choice');
    const d = await sr.decide({ t: 'vote', pid, qid: msg.qid, choice: msg.choice, at: now() }, String(c.id));
    if (!d.ok) return refuse(c, d.reason);
    counters.votes++;
    send(c, { type: 'ack', qid: msg.qid, choice: msg.choice });
  };

  /** A shared room's presenter command: decided (a poll command) or ordered (a slide, showTop) by Redis. */
  const sharedCommand = async (c: Conn, e: RoomEvent, sr: SharedRoom): Promise<void> => {
    if (e.t === 'poll' && !room.hasQuestion(e.qid)) return refuse(c, 'unknown-question');
    if (e.t !== 'poll') {
      const r = room.check(e);
      if (!r.ok || !r.changed) return;
    }
    const d = await sr.decide(e, String(c.id));
    if (!d.ok) return refuse(c, d.reason);
  };

  /**
   * A shared room's event as the stream brings it, in Redis's order, from any process (this one's too): applied to
   * the replica, then fanned out to this process's sockets as the single process does after applying it.
   */
  const applyShared = (e: RoomEvent, origin: string): void => {
    const [proc, connId] = origin.split(':');
    const from = proc === shared?.origin && connId ? Number(connId) : -1;
    switch (e.t) {
      case 'join':
      case 'nick':
        if (room.apply(e).ok) presenterDirty({ stats: true, results: true });
        return;
      case 'vote': {
        if (!room.apply(e).ok) return;
        const others = byPid.get(e.pid);
        if (others) {
          const text = JSON.stringify({ type: 'poll', poll: room.view(e.qid, e.pid) });
          for (const o of others) if (o.id !== from) sendRaw(o, text);
        }
        presenterDirty({ poll: e.qid, results: true });
        return;
      }
      case 'poll': {
        const before = room.statusOf(e.qid);
        const voters = new Set(room.votersOf(e.qid));
        const r = room.apply(e);
        if (!r.ok || !r.changed) return;
        const after = room.statusOf(e.qid);
        broadcastPoll(e.qid, before === 'revealed' || after === 'revealed' ? voters : new Set());
        return;
      }
      case 'slide': {
        const r = room.apply(e);
        if (!r.ok || !r.changed) return;
        const text = Buffer.from(JSON.stringify({ type: 'slide', slide: room.slide }));
        for (const o of conns) if (o.id !== from && o.role !== null) sendRaw(o, text);
        return;
      }
      case 'showTop':
        if (room.apply(e).ok) presenterDirty({ results: true });
        return;
    }
  };

  const presenterMessage = async (c: Conn, msg: ClientMessage): Promise<void> => {
    if (shared) {
      if (msg.type === 'slide') return sharedCommand(c, { t: 'slide', slide: msg.slide, at: now() }, shared);
      if (msg.type === 'poll')
        return sharedCommand(c, { t: 'poll', qid: msg.qid, action: msg.action, at: now() }, shared);
      if (msg.type === 'showTop') return sharedCommand(c, { t: 'showTop', show: msg.show, at: now() }, shared);
      if (msg.type === 'nav') {
        if (!(await shared.relay(JSON.stringify(msg), String(c.id)))) refuse(c, 'not-saved');
        return;
      }
    }
    switch (msg.type) {
      case 'slide': {
        const e: RoomEvent = { t: 'slide', slide: msg.slide, at: now() };
        if (!room.apply(e).ok) return;
        const text = Buffer.from(JSON.stringify({ type: 'slide', slide: room.slide }));
        for (const o of conns) if (o !== c && o.role !== null) sendRaw(o, text);
        await persist(e);
        return;
      }
      case 'poll':
        return inOrder('presenter', () => pollCommand(c, msg));
      case 'showTop':
        return inOrder('presenter', async () => {
          const e: RoomEvent = { t: 'showTop', show: msg.show, at: now() };
          const r = room.check(e);
          if (!r.ok || !r.changed) return;
          if ((await persist(e)) && room.apply(e).ok) presenterDirty({ results: true });
        });
      case 'nav': {
        const text = JSON.stringify(msg);
        for (const p of presenters) if (p !== c) sendRaw(p, text);
        return;
      }
      default:
        // A participant's message (vote, nick) from a presenter's page: the presenter neither joins nor votes.
        return refuse(c, 'malformed');
    }
  };

  const pollCommand = async (c: Conn, msg: Extract<ClientMessage, { type: 'poll' }>): Promise<void> => {
    const e: RoomEvent = { t: 'poll', qid: msg.qid, action: msg.action, at: now() };
    const checked = room.check(e);
    if (!checked.ok) return refuse(c, checked.reason);
    if (!checked.changed) return;
    // Applied once on disk, in the log's order (a command that cannot be saved changes nothing).
    if (!(await persist(e))) return refuse(c, 'not-saved');
    const before = room.statusOf(msg.qid);
    // A reveal or a reset changes the scores of those who voted: taken before a reset clears them.
    const voters = new Set(room.votersOf(msg.qid));
    const r = room.apply(e);
    if (!r.ok) return refuse(c, r.reason);
    if (!r.changed) return;
    const after = room.statusOf(msg.qid);
    broadcastPoll(msg.qid, before === 'revealed' || after === 'revealed' ? voters : new Set());
  };

  const handle = async (c: Conn, msg: ClientMessage): Promise<void> => {
    if (c.role === null) {
      if (msg.type !== 'hello') return refuse(c, 'hello-first');
      return hello(c, msg);
    }
    if (msg.type === 'hello') return refuse(c, 'malformed');
    if (msg.type === 'ping') return send(c, { type: 'pong' });
    if (PRESENTER_ONLY.has(msg.type) && c.role !== 'presenter') {
      counters.refusedPresenterMessages++;
      presenterDirty({ stats: true });
      return refuse(c, 'not-presenter');
    }
    if (c.role === 'presenter') return presenterMessage(c, msg);
    const pid = c.pid!;
    if (msg.type === 'vote') return vote(c, pid, msg);
    if (msg.type === 'nick') {
      const checked = checkNick(msg.nick);
      const why = checked.ok ? await rename(pid, checked.nick) : 'bad-nick';
      if (why) refuse(c, why);
    }
  };

  const onMessage = (c: Conn, data: RawData, isBinary: boolean): void => {
    if (c.ws.readyState !== WebSocket.OPEN) return; // closing: what is still in flight is dropped
    if (!allow(c)) return;
    if (isBinary) return refuse(c, 'malformed');
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as Buffer).toString('utf8');
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return refuse(c, parsed.reason);
    const msg = parsed.msg;
    if (shared) {
      // One after another: a vote sent right after the hello waits for the hello's round trips to Redis.
      c.queue = c.queue
        .then(() => handle(c, msg))
        .catch((err: unknown) => warn(`message handling failed: ${String(err)}`));
      return;
    }
    handle(c, msg).catch((err: unknown) => warn(`message handling failed: ${String(err)}`));
  };

  // ---------------------------------------------------------------------------------------------- sockets

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, clientTracking: false });
  let connSeq = 0;
  const peerAddress = (req: IncomingMessage): string => {
    const peer = req.socket.remoteAddress ?? '?';
    const real = req.headers['x-real-ip'];
    if (!options.trustProxy || !isLoopback(peer) || typeof real !== 'string') return peer;
    return isIP(real.trim()) ? real.trim() : peer;
  };
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const c: Conn = {
      ws,
      id: ++connSeq,
      queue: Promise.resolve(),
      address: peerAddress(req),
      role: null,
      pid: null,
      tokens: rate.burst,
      strikes: 0,
      last: performance.now(),
      alive: true,
    };
    conns.add(c);
    let graceTimer: NodeJS.Timeout | null = null;
    const helloTimer = setTimeout(() => {
      if (c.role !== null) return;
      ws.close(1008, 'hello first');
      // A peer that does not answer the close either is not waited for (ws would wait 30 s).
      graceTimer = setTimeout(() => ws.terminate(), 1000);
    }, helloTimeoutMs);
    ws.on('pong', () => (c.alive = true));
    ws.on('message', (data, isBinary) => onMessage(c, data, isBinary));
    ws.on('error', () => ws.terminate()); // e.g. a frame over maxPayload: ws closes with 1009
    ws.on('close', () => {
      clearTimeout(helloTimer);
      if (graceTimer) clearTimeout(graceTimer);
      conns.delete(c);
      presenters.delete(c);
      if (c.pid !== null) {
        const set = byPid.get(c.pid);
        set?.delete(c);
        if (set && set.size === 0) byPid.delete(c.pid);
        presenterDirty({ stats: true });
      }
    });
  });
  const heartbeat = setInterval(() => {
    for (const c of conns) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }, heartbeatMs);

  // ---------------------------------------------------------------------------------------------- HTTP

  const keyFrom = (req: IncomingMessage, url: URL): string | null => {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
    return url.searchParams.get('key');
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(req, res, 405, 'Only GET and HEAD.\n', { Allow: 'GET, HEAD' });
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://workshop.invalid');
    } catch {
      return sendText(req, res, 400, 'Bad request.\n');
    }
    // The raw path: URL() already folded `..` segments, resolveFile refuses the rest (encoded ones, dotfiles).
    const path = url.pathname;

    if (path === '/api/export.csv' || path === '/api/export.json') {
      const key = keyFrom(req, url);
      const api = { 'Cache-Control': 'no-store' };
      if (key === null || !sameSecret(key, secret)) {
        return sendText(req, res, 403, "Forbidden: the export needs the presenter's key.\n", api);
      }
      const csv = path.endsWith('.csv');
      // Shared: everything Redis had when the export was asked for.
      if (shared && !(await shared.sync())) {
        return sendText(req, res, 503, 'The room cannot be reached (Redis): try again.\n', api);
      }
      const body = Buffer.from(csv ? room.toCsv() : room.toJson(code, now()), 'utf8');
      res.writeHead(
        200,
        baseHeaders({
          ...api,
          'Content-Type': csv ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8',
          'Content-Disposition': `attachment; filename="workshop-${code}.${csv ? 'csv' : 'json'}"`,
          'Content-Length': String(body.length),
        }),
      );
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (path.startsWith('/api/')) return sendText(req, res, 404, 'Not found.\n', { 'Cache-Control': 'no-store' });

    const presenter = /^\/presenter\/([^/]*)(\/.*)?$/.exec(path);
    if (presenter) {
      const noStore = { 'Cache-Control': 'no-store' };
      if (!sameSecret(presenter[1] ?? '', secret)) return sendText(req, res, 404, 'Not found.\n', noStore);
      if (presenter[2] === undefined) {
        res.writeHead(
          302,
          baseHeaders({ ...noStore, Location: `/presenter/${secret}/?workshop=${code}&key=${secret}` }),
        );
        res.end();
        return;
      }
      if (deckBuildMissing) return sendText(req, res, 503, 'The deck build is missing: run npm run build.\n', noStore);
      const file = await resolveFile(options.deckDir, presenter[2]);
      if (file === null) return sendText(req, res, 404, 'Not found.\n', noStore);
      return sendFile(req, res, file, 'no-store');
    }

    const short = /^\/([A-Za-z0-9]{4,8})\/?$/.exec(path);
    if (short && short[1]!.toUpperCase() === code) {
      res.writeHead(302, baseHeaders({ Location: `/?workshop=${code}`, 'Cache-Control': 'no-store' }));
      res.end();
      return;
    }

    if (phoneBuildMissing) {
      if (path === '/' || path === '/index.html') {
        return sendText(req, res, 503, PHONE_MISSING, { 'Content-Type': 'text/html; charset=utf-8' });
      }
      return sendText(req, res, 404, 'Not found.\n');
    }
    const file = await resolveFile(options.phoneDir, path);
    if (file === null) return sendText(req, res, 404, 'Not found.\n');
    return sendFile(req, res, file, 'revalidate');
  };

  // Slow clients: headers within headersTimeout (checked often, not Node's every 30 s), a silent socket closed after
  // idleTimeoutMs (ws turns that off once a socket is a WebSocket), and every socket under the caps.
  const http = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: Math.max(limits.headersTimeoutMs, limits.idleTimeoutMs),
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (req, res) => {
      route(req, res).catch((err: unknown) => {
        warn(`request ${req.method} ${req.url} failed: ${String(err)}`);
        if (!res.headersSent) sendText(req, res, 500, 'Internal error.\n');
        else res.destroy();
      });
    },
  );
  http.setTimeout(limits.idleTimeoutMs);
  http.on('connection', (socket: Socket) => void gate.admit(socket));
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  try {
    await new Promise<void>((done, fail) => {
      http.once('error', fail);
      http.listen(options.port ?? 8080, options.host ?? '0.0.0.0', () => {
        http.off('error', fail);
        done();
      });
    });
  } catch (err) {
    clearInterval(heartbeat);
    await store?.close();
    await shared?.close();
    throw err;
  }
  const address = http.address() as AddressInfo;
  if (shared) {
    shared.follow(applyShared, (nav, origin) => {
      const [proc, connId] = origin.split(':');
      const from = proc === shared?.origin && connId ? Number(connId) : -1;
      for (const p of presenters) if (p.id !== from) sendRaw(p, nav);
    });
    shared.startHeartbeat(
      () => (lastBeat = processCounters()),
      () => presenterDirty({ stats: true }),
    );
  }

  let closing: Promise<void> | null = null;
  return {
    port: address.port,
    host: address.address,
    room: code,
    secret,
    resumed: opened.resumed,
    warnings,
    phoneBuildMissing,
    deckBuildMissing,
    stats: () => ({
      participants: room.participantCount,
      connected: byPid.size,
      ...counters,
      fsyncs: store?.fsyncs ?? 0,
      saveFailures: saveFailures + (shared?.failures ?? 0),
      refusedJoins: joinGate.refused,
      refusedConnections: gate.refused,
      refusedRenames: renames.refused,
      renameBytes: renames.written,
    }),
    close: () =>
      (closing ??= (async () => {
        clearInterval(heartbeat);
        if (presenterTimer) clearTimeout(presenterTimer);
        for (const c of conns) c.ws.close(1001, 'server closing');
        await new Promise<void>((done) => {
          http.close(() => done());
          http.closeAllConnections();
          setTimeout(() => {
            for (const c of conns) c.ws.terminate();
          }, 500).unref();
        });
        await renames.close();
        await store?.close();
        await shared?.close();
      })()),
  };
}
