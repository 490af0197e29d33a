/**
 * The workshop server: one `node:http` server and one `ws` WebSocketServer on one port. startWorkshop opens the room
 * and composes the server from these:
 *
 *   server/http.ts         the HTTP side: the participants' deck, the presenter's deck and address, the export
 *   server/connection.ts   a WebSocket's life: the hello timeout, pings, each frame checked and rate-limited
 *   server/messages.ts     what a message does to the room (server/hello.ts: the hello), here or through Redis
 *   server/broadcast.ts    who gets which message, the presenter's updates coalesced
 *   server/journal.ts      the events on their way to the log, in order
 *
 * The room's truth is server/poll.ts; every accepted event goes to server/store.ts's log before it is acknowledged
 * or broadcast (a slide change excepted: it is broadcast at once and logged behind it).
 *
 * With `redis`, the room is shared by every process given the same Redis (server/redis-room.ts): Redis orders the
 * events in a stream, each process applies the stream to its own replica of the room (the same poll.ts, which
 * decides each event where it lands) and fans the changes out to its own sockets. The log folder is not used then.
 */
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import type { ServerMessage } from '../lib/workshop-protocol.ts';
import { Broadcast } from './broadcast.ts';
import { Connections } from './connection.ts';
import type { Counters, RoomContext } from './context.ts';
import { createHttpServer } from './http.ts';
import { Journal } from './journal.ts';
import { ConnectionGate, JoinGate, Renames, resolveLimits, type Limits } from './limits.ts';
import { handle, followShared } from './messages.ts';
import { Room } from './poll.ts';
import { QUIZZES, type QuizDef } from './quizzes.ts';
import { SharedRoom, type ProcessCounters } from './redis-room.ts';
import { hasPresenterCookie } from './secret.ts';
import { resolveFile } from './static.ts';
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
  /** The full deck (`npm run build`), served under /presenter/ for the presenter's cookie (server/http.ts). */
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
  /**
   * The origins (`https://workshop.example.org`) besides the Host's own whose pages may open a WebSocket: the room's
   * public address where a proxy in front of it does not say the host the browser asked for. A browser's WebSocket
   * from any other origin is refused (server/connection.ts, sameOrigin).
   */
  readonly origins?: readonly string[];
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

export async function startWorkshop(options: WorkshopOptions): Promise<WorkshopServer> {
  const now = options.now ?? Date.now;
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const maxParticipants = options.maxParticipants ?? 20_000;
  const limits = resolveLimits(options.limits);

  // The folder's lock first, then the port, then the log (replayed into the room): a second server, a taken port
  // or a damaged log stop the start before anything is written.
  const room = new Room(options.quizzes ?? QUIZZES);
  let store: Store | null = null;
  let shared: SharedRoom | null = null;
  /** Redis went away or came back (set once the presenter's updates exist). */
  let availability = (_available: boolean): void => {};
  /** Redis lost the room (set once the broadcast exists). */
  let lost = (): void => {};
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
      onLost: () => lost(),
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

  const counters: Counters = { refusedPresenterMessages: 0, rateLimited: 0, closedForFlooding: 0, votes: 0 };
  const joinGate = new JoinGate(limits, maxParticipants);
  const broadcast = new Broadcast(room, options.coalesceMs ?? 50, () => statsMessage());
  // A refused socket or newcomer shows on the presenter's page ("joins refused"); the stats are coalesced.
  const gate = new ConnectionGate(limits, () => broadcast.presenterDirty({ stats: true }));
  const journal = new Journal(store, warn, () => broadcast.presenterDirty({ stats: true }));
  availability = (available) => journal.setAvailable(available);
  // Every page is told; votes are refused `not-saved` from now on (server/redis-room.ts).
  lost = () => {
    broadcast.everyone({ type: 'lost' });
    broadcast.presenterDirty({ stats: true });
  };
  // A participant's renames reach the log coalesced and within a byte budget (server/limits.ts).
  const renames = new Renames(limits, (e) => journal.persist(e));

  /** This process's part of the presenter's stats. */
  const processCounters = (): ProcessCounters => ({
    connected: broadcast.connected,
    refusedPresenterMessages: counters.refusedPresenterMessages,
    refusedJoins: joinGate.refused + gate.refused,
  });
  /** What this process sent with its last heartbeat (counted in the room's totals already). */
  let lastBeat: ProcessCounters = { connected: 0, refusedPresenterMessages: 0, refusedJoins: 0 };
  const statsMessage = (): ServerMessage => {
    // Shared: the room's processes summed (as of their last heartbeat, this one's as of now).
    const mine = processCounters();
    const all = shared?.roomTotals;
    const sum = (k: keyof ProcessCounters): number => (all ? Math.max(0, all[k] - lastBeat[k]) : 0) + mine[k];
    return {
      type: 'stats',
      participants: room.participantCount,
      connected: sum('connected'),
      refusedPresenterMessages: sum('refusedPresenterMessages'),
      ...(journal.cannotSave || shared?.lost ? { cannotSave: true } : {}),
      refusedJoins: sum('refusedJoins'),
    };
  };

  const ctx: RoomContext = {
    room,
    code,
    secret,
    shared,
    journal,
    broadcast,
    limits,
    joinGate,
    renames,
    counters,
    now,
    stats: statsMessage,
  };
  const connections = new Connections({
    rate: options.rate ?? { perSecond: 10, burst: 20 },
    heartbeatMs: options.heartbeatMs ?? 30_000,
    helloTimeoutMs: options.helloTimeoutMs ?? 5000,
    trustProxy: options.trustProxy ?? false,
    origins: (options.origins ?? []).map((o) => new URL(o).origin),
    serial: shared !== null,
    presenterCookie: (req) => hasPresenterCookie(req.headers.cookie, secret, code),
    counters,
    broadcast,
    handle: (c, msg) => handle(ctx, c, msg),
    warn,
  });
  const http = createHttpServer({
    room,
    code,
    secret,
    shared,
    deckDir: options.deckDir,
    deckBuildMissing,
    phoneDir: options.phoneDir,
    phoneBuildMissing,
    limits,
    gate,
    now,
    warn,
    upgrade: (req, socket, head) => connections.upgrade(req, socket, head),
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
    connections.close();
    await store?.close();
    await shared?.close();
    throw err;
  }
  const address = http.address() as AddressInfo;
  if (shared) {
    followShared(ctx, shared);
    shared.startHeartbeat(
      () => (lastBeat = processCounters()),
      () => broadcast.presenterDirty({ stats: true }),
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
      connected: broadcast.connected,
      ...counters,
      fsyncs: store?.fsyncs ?? 0,
      saveFailures: journal.failures + (shared?.failures ?? 0),
      refusedJoins: joinGate.refused,
      refusedConnections: gate.refused,
      refusedRenames: renames.refused,
      renameBytes: renames.written,
    }),
    close: () =>
      (closing ??= (async () => {
        broadcast.close();
        connections.close();
        await new Promise<void>((done) => {
          http.close(() => done());
          http.closeAllConnections();
          setTimeout(() => connections.terminate(), 500).unref();
        });
        await renames.close();
        await store?.close();
        await shared?.close();
      })()),
  };
}
