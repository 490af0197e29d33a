/**
 * A room shared by several server processes through Redis (`npm run workshop -- --redis redis://…`).
 *
 * Redis holds the room as its ordered log, and decides nothing: every process keeps a replica of the room
 * (server/poll.ts's Room) that it builds by applying the log's events in Redis's order, and what an event does to
 * the room (a vote accepted or refused, a poll command, a join under the limits, a rename) is what `Room.apply`
 * answers at the event's place in the log, the same on every replica.
 *
 *   <prefix>:current                 the code of the room the processes serve (`--new`: another)
 *   <prefix>:lost                    "<CODE> <ISO time>": a room whose keys a running process found gone (below)
 *   <prefix>:room:<CODE>:meta        hash: the presenter's secret, when the room was made
 *   <prefix>:room:<CODE>:events      stream: the room's log (field `e`: a RoomEvent as JSON, accepted or not, `o`:
 *                                    its origin `<process>:<conn>:<request>`; or `n`: a remote's next/previous,
 *                                    relayed to the presenter's pages, not the room)
 *   <prefix>:room:<CODE>:procs       hash process → its counters (sockets, refusals), refreshed every second
 *
 * An event is submitted by appending it (ROOM_SCRIPT: one XADD) and decided when the submitting process's replica
 * applies it, in the stream's order: `decide` resolves with that outcome, and only then is a vote acknowledged.
 * Redis orders the appends, so two processes never both accept the same pid's vote: the second is applied after the
 * first and refused `already-voted` on every replica. A join and a rename carry the limits they are decided by
 * (poll.ts's JoinLimits, NickLimits: the asking process's), and every replica keeps the same buckets from the
 * events' `at` (server/bucket.ts). What a process's replica refuses once it has every event Redis had is refused
 * without writing anything (server/messages.ts), so refused votes seldom reach the log. The answer stays in the
 * process (server/quizzes.ts): Redis never holds it, and a participant's view shows it only once the question is
 * revealed (poll.ts), on every process alike.
 *
 * Durability: a vote is acknowledged once the script's reply came (Redis has the entry under its AOF policy; with
 * `appendfsync always`, what the tests run, on Redis's disk) and the replica applied it. Redis away: the command
 * connection queues nothing (`enableOfflineQueue: false`, no resend), so a vote fails at once and is refused
 * `not-saved`; both connections reconnect with a capped exponential backoff, and the stream is read on from the
 * last event applied.
 *
 * The room lost: Redis answers but the room's `meta` is gone (Redis restarted without its append-only file, a
 * `FLUSHALL`, an eviction), or its stream holds fewer events than this process applied (restarted from an older
 * copy). The script checks `meta`, and the stream's end against the last event the asking process applied, first
 * and answers `lost` without writing anything (a vote is refused `not-saved`, never recreated in an empty room); the
 * heartbeat, a reconnection and each hello's sync look too. The process then stays lost for good (`onLost`: the
 * presenter and the phones are told, `<prefix>:lost` names the room; a decision still waiting for its event is
 * refused `not-saved`), and a process started without `--new` refuses to make another room in its place
 * (RoomLostError).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Outcome, RoomEvent, Room } from './poll.ts';
import type { Limits } from './limits.ts';
import { newRoomCode, newSecret } from './store.ts';

/**
 * The one Lua script that writes the room: it appends an event (`append`: field `e`) or a remote's `nav` (field `n`)
 * to the stream, and decides nothing about the room; it only refuses to write into a room Redis lost. KEYS: events,
 * meta. ARGV: the operation, the event as JSON, its origin, the last event the asking process applied.
 */
export const ROOM_SCRIPT = `
local op, ev, origin, applied = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
-- The room's keys are gone (a Redis restarted empty, flushed, evicted): nothing is written, nothing recreated.
if redis.call('EXISTS', KEYS[2]) == 0 then return {'lost', 'gone'} end
-- The stream ends before an event the process applied ('0-0': none yet): Redis lost events (an older copy).
if applied ~= '0-0' then
  local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
  local function parts(id)
    local ms, seq = string.match(id, '^(%d+)-(%d+)$')
    return tonumber(ms), tonumber(seq)
  end
  if not top then return {'lost', 'behind', ''} end
  local tm, ts = parts(top[1])
  local am, as = parts(applied)
  if tm < am or (tm == am and ts < as) then return {'lost', 'behind', top[1]} end
end
if op == 'append' then return {'ok', redis.call('XADD', KEYS[1], '*', 'e', ev, 'o', origin)} end
if op == 'nav' then return {'ok', redis.call('XADD', KEYS[1], '*', 'n', ev, 'o', origin)} end
return {'malformed'}
`;

/**
 * Finds the room the processes serve, or makes one with `fresh` (and only then). KEYS: current, the lost marker.
 * Answers {'ok', code, secret, resumed}; {'none', marker}: no room named (the marker: a room found lost); {'lost',
 * code}: the room named current has no keys any more, or a running process found it lost.
 */
const OPEN_SCRIPT = `
local fresh, code, secret, created, prefix = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local current = redis.call('GET', KEYS[1])
if fresh ~= '1' then
  local marker = redis.call('GET', KEYS[2]) or ''
  if not current then return {'none', marker} end
  if string.sub(marker, 1, #current + 1) == current .. ' ' then return {'lost', current} end
  local s = redis.call('HGET', prefix .. current .. ':meta', 'secret')
  if s then return {'ok', current, s, '1'} end
  return {'lost', current}
end
redis.call('SET', KEYS[1], code)
redis.call('DEL', KEYS[2])
redis.call('HSET', prefix .. code .. ':meta', 'secret', secret, 'created', created)
return {'ok', code, secret, '0'}
`;

/**
 * The heartbeat: this process's counters into `procs`, all of them back, and the stream's last id; or {'lost'}
 * when the room's meta is gone (then nothing is written). KEYS: meta, procs, events.
 */
const BEAT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {'lost'} end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
local last = redis.call('XREVRANGE', KEYS[3], '+', '-', 'COUNT', 1)
local out = redis.call('HGETALL', KEYS[2])
table.insert(out, 1, last[1] and last[1][1] or '')
table.insert(out, 1, 'ok')
return out
`;

/**
 * A process started without `--new` on a Redis that holds no room, or whose room's keys are gone: it does not make
 * another room in the lost one's place (the phones' code would change and its votes would be counted as none).
 */
export class RoomLostError extends Error {
  readonly code = 'ELOST';
}

/** What the operator reads when a room is lost: what it means and how to go on. */
const VOTES_GONE =
  'Its votes are not in Redis any more (a process still running it serves what it counted at ' +
  '/api/export.json?key=<secret>).';
const REDIS_CONFIG =
  'Give Redis persistence and no eviction (appendonly yes, appendfsync always, maxmemory-policy noeviction: ' +
  'docs/workshop-server.md, "What a room host configures in Redis").';
const HOW_TO_GO_ON =
  `${VOTES_GONE} To go on, start the first process with --new (a new room: a new code and secret, so the phones ` +
  `scan the new QR code) and the others without it. ${REDIS_CONFIG}`;

export interface SharedRoomOptions {
  readonly url: string;
  /** The keys' prefix (default `hsw`): several deployments may share one Redis. */
  readonly prefix?: string;
  readonly fresh: boolean;
  /** The process's replica, filled from the stream before `openSharedRoom` resolves. */
  readonly room: Room;
  readonly limits: Limits;
  readonly maxParticipants: number;
  readonly warn: (message: string) => void;
  /** Redis went away (false) or is back (true). */
  readonly onAvailability: (available: boolean) => void;
  /** The room's keys are gone from Redis (once: the process stays lost); `why` is the operator's sentence. */
  readonly onLost?: (why: string) => void;
}

/**
 * What a decision came to: the replica's outcome of the event at its place in the stream (applied by then), or
 * `not-saved` (Redis unreachable, or the room lost).
 */
export type Decision = Outcome;

export type JoinDecision =
  | { readonly verdict: 'ok' }
  | { readonly verdict: 'known' }
  | { readonly verdict: 'room-full' | 'rate-limited' | 'not-saved' | 'lost' };

/** The counters of one process, summed over the room's processes for the presenter's stats. */
export interface ProcessCounters {
  readonly connected: number;
  readonly refusedPresenterMessages: number;
  readonly refusedJoins: number;
}

/** Applies an event of the stream to the replica (and fans out what it changed): the room's outcome. */
type Listener = (e: RoomEvent, origin: string) => Outcome;

const NOT_SAVED: Outcome = { ok: false, reason: 'not-saved' };

/** Compares two stream ids ("ms-seq"). */
export function compareIds(a: string, b: string): number {
  const [am = '0', as = '0'] = a.split('-');
  const [bm = '0', bs = '0'] = b.split('-');
  const x = BigInt(am) - BigInt(bm);
  if (x !== 0n) return x < 0n ? -1 : 1;
  const y = BigInt(as) - BigInt(bs);
  return y === 0n ? 0 : y < 0n ? -1 : 1;
}

/** Reconnects after 50 ms, doubling up to 2 s, for ever: a Redis restart is waited for. */
export function backoffMs(attempt: number): number {
  return Math.min(2000, 50 * 2 ** Math.min(6, Math.max(0, attempt - 1)));
}

interface RoomCommands {
  hswRoom(...args: (string | number)[]): Promise<string[]>;
  hswOpen(...args: (string | number)[]): Promise<string[]>;
  hswBeat(...args: (string | number)[]): Promise<string[]>;
}

function connect(url: string, blocking: boolean): Redis & RoomCommands {
  const r = new Redis(url, {
    lazyConnect: true,
    // No queue, no resend: a command while Redis is away fails at once (a vote is refused, never sent twice).
    enableOfflineQueue: blocking,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: blocking ? null : 0,
    retryStrategy: backoffMs,
    connectTimeout: 2000,
  }) as Redis & RoomCommands;
  r.defineCommand('hswRoom', { numberOfKeys: 2, lua: ROOM_SCRIPT });
  r.defineCommand('hswOpen', { numberOfKeys: 2, lua: OPEN_SCRIPT });
  r.defineCommand('hswBeat', { numberOfKeys: 3, lua: BEAT_SCRIPT });
  r.on('error', () => {}); // reported through 'close' / 'ready'
  return r;
}

export class SharedRoom {
  readonly origin = randomBytes(6).toString('hex');
  private applied = '0-0';
  private readonly waiters: { id: string; done: () => void }[] = [];
  /** This process's events on their way: request number → what to do with the replica's outcome. */
  private readonly submitted = new Map<number, (o: Outcome) => void>();
  private requests = 0;
  private listener: Listener = (e) => this.options.room.apply(e);
  private navListener: (nav: string, origin: string) => void = () => {};
  private closed = false;
  private reading: Promise<void> = Promise.resolve();
  private available = true;
  private heartbeat: NodeJS.Timeout | null = null;
  private totals: ProcessCounters = { connected: 0, refusedPresenterMessages: 0, refusedJoins: 0 };
  /** Decisions Redis could not be asked for (it was away): refused `not-saved`. */
  failures = 0;
  /** Why the room is lost (its keys gone from Redis), or null: once set, for good. */
  private lostWhy: string | null = null;

  private constructor(
    private readonly cmd: Redis & RoomCommands,
    private readonly reader: Redis & RoomCommands,
    private readonly keys: (name: string) => string,
    readonly code: string,
    readonly secret: string,
    readonly resumed: boolean,
    private readonly options: SharedRoomOptions,
    /** `<prefix>:lost`: where a lost room is named for the processes started after. */
    private readonly lostKey: string,
  ) {
    cmd.on('close', () => this.setAvailable(false));
    cmd.on('ready', () => void this.back());
  }

  static async open(options: SharedRoomOptions): Promise<SharedRoom> {
    const prefix = `${options.prefix ?? 'hsw'}:`;
    const cmd = connect(options.url, false);
    const reader = connect(options.url, true);
    try {
      await cmd.connect();
      await reader.connect();
    } catch (err) {
      cmd.disconnect();
      reader.disconnect();
      throw new Error(`cannot reach Redis at ${options.url}: ${String(err)}`, { cause: err });
    }
    let opened: string[];
    try {
      opened = await cmd.hswOpen(
        `${prefix}current`,
        `${prefix}lost`,
        options.fresh ? '1' : '0',
        newRoomCode(),
        newSecret(),
        Date.now(),
        `${prefix}room:`,
      );
    } catch (err) {
      cmd.disconnect();
      reader.disconnect();
      throw err;
    }
    const [verdict, code, secret, resumed] = opened;
    if (verdict !== 'ok') {
      cmd.disconnect();
      reader.disconnect();
      const where = `Redis at ${options.url} (keys ${prefix}*)`;
      if (verdict === 'lost') {
        throw new RoomLostError(
          `${where} names room ${code} as current, but Redis lost that room: its keys are gone, or a running ` +
            `process found its events cut short (Redis restarted without its append-only file or from an older ` +
            `copy, was flushed, or evicted them). This process does not start another room in its place. ` +
            HOW_TO_GO_ON,
        );
      }
      const [lostCode, lostAt] = (code ?? '').split(' ');
      throw new RoomLostError(
        lostCode
          ? `${where} lost room ${lostCode} (a running process found its keys gone at ${lostAt}): Redis ` +
              `restarted without its append-only file, was flushed, or evicted them. This process does not start ` +
              `another room in its place. ${HOW_TO_GO_ON}`
          : `${where} holds no room, and a process started without --new does not make one: start a room's ` +
              `first process with --new, the others without it. If a room was running there, Redis lost it ` +
              `(restarted without its append-only file, flushed, or its keys evicted). ${VOTES_GONE} ` +
              REDIS_CONFIG,
      );
    }
    const keys = (name: string) => `${prefix}room:${code}:${name}`;
    const shared = new SharedRoom(cmd, reader, keys, code!, secret!, resumed === '1', options, `${prefix}lost`);
    await shared.replay();
    return shared;
  }

  /** Every event of the stream so far into the replica (no listener yet: nothing to fan out). */
  private async replay(): Promise<void> {
    for (;;) {
      const start = this.applied === '0-0' ? '-' : `(${this.applied}`;
      const entries = await this.cmd.xrange(this.keys('events'), start, '+', 'COUNT', 5000);
      if (entries.length === 0) return;
      for (const [id, fields] of entries) this.take(id, fields, false);
    }
  }

  /** Starts following the stream: `listener` gets each new event, after the replica applied it. */
  follow(listener: Listener, onNav: (nav: string, origin: string) => void = () => {}): void {
    this.listener = listener;
    this.navListener = onNav;
    this.reading = this.readLoop();
  }

  private take(id: string, fields: string[], live: boolean): void {
    this.applied = id;
    let e: RoomEvent | null = null;
    let origin = '';
    let nav: string | null = null;
    for (let i = 0; i + 1 < fields.length; i += 2) {
      if (fields[i] === 'e') e = JSON.parse(fields[i + 1]!) as RoomEvent;
      else if (fields[i] === 'o') origin = fields[i + 1]!;
      else if (fields[i] === 'n') nav = fields[i + 1]!;
    }
    if (nav !== null && live) this.navListener(nav, origin);
    if (e !== null) {
      const outcome = live ? this.listener(e, origin) : this.options.room.apply(e);
      // One of this process's own events: its decision is this outcome.
      const [proc, , req] = origin.split(':');
      if (proc === this.origin && req !== undefined) {
        const done = this.submitted.get(Number(req));
        this.submitted.delete(Number(req));
        done?.(outcome);
      }
    }
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i]!;
      if (compareIds(w.id, id) <= 0) {
        this.waiters.splice(i, 1);
        w.done();
      }
    }
  }

  private async readLoop(): Promise<void> {
    let attempt = 0;
    while (!this.closed) {
      try {
        const got = await this.reader.xread('COUNT', 2000, 'BLOCK', 1000, 'STREAMS', this.keys('events'), this.applied);
        attempt = 0;
        for (const [, entries] of got ?? []) for (const [id, fields] of entries) this.take(id, fields, true);
      } catch (err) {
        if (this.closed) return;
        attempt++;
        if (attempt === 1) this.options.warn(`reading the room's events from Redis failed (${String(err)}): retrying`);
        await new Promise((r) => setTimeout(r, backoffMs(attempt)));
      }
    }
  }

  /** Resolves once the replica has applied the event `id` (at once if it has). */
  caughtUp(id: string): Promise<void> {
    if (compareIds(id, this.applied) <= 0) return Promise.resolve();
    return new Promise((done) => this.waiters.push({ id, done }));
  }

  /**
   * Resolves once the replica has applied every event Redis had when asked (false: Redis is away, or the room is
   * lost: its stream holds less than this process applied).
   */
  async sync(): Promise<boolean> {
    if (this.lostWhy !== null) return false;
    const mine = this.applied;
    try {
      const last = await this.cmd.xrevrange(this.keys('events'), '+', '-', 'COUNT', 1);
      const id = last[0]?.[0];
      if (this.behind(mine, id ?? '')) return false;
      if (id !== undefined) await this.caughtUp(id);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Redis's stream ends (`last`, '' for none) before `mine`, an event this process applied before it asked: Redis
   * lost events (the stream only grows), and the room is lost.
   */
  private behind(mine: string, last: string): boolean {
    if (mine === '0-0' || (last !== '' && compareIds(last, mine) >= 0)) return false;
    this.setLost(
      last === ''
        ? `Redis lost room ${this.code}: its events are gone`
        : `Redis lost room ${this.code}: its stream ends at ${last}, before the event ${mine} this process ` +
            `applied (Redis restarted from an older copy)`,
    );
    return true;
  }

  /** The room's keys are gone from Redis: said once, for good. */
  private setLost(why: string): void {
    if (this.lostWhy !== null || this.closed) return;
    this.lostWhy = why;
    this.options.warn(`${why}. Votes are refused as not saved; the presenter and the phones are told. ${HOW_TO_GO_ON}`);
    // What a process started without --new reads (server/cli.ts): which room was lost, and when.
    this.cmd.set(this.lostKey, `${this.code} ${new Date().toISOString()}`).catch(() => {});
    this.options.onLost?.(why);
    this.release();
  }

  /** The decisions still waiting for their event: refused `not-saved` (the room lost, or the process closing). */
  private release(): void {
    const waiting = [...this.submitted.values()];
    this.submitted.clear();
    for (const done of waiting) done(NOT_SAVED);
  }

  /** Why the room is lost (its keys gone from Redis), or null. */
  get lost(): string | null {
    return this.lostWhy;
  }

  /**
   * Redis is reachable again: before saying votes are taken, a look whether it came back with the room (a restart
   * without its data comes back empty, one from an older copy with fewer events: the room is lost, and nothing says
   * otherwise).
   */
  private async back(): Promise<void> {
    if (this.available || this.closed) return;
    const applied = this.applied;
    try {
      if ((await this.cmd.exists(this.keys('meta'))) === 0) {
        this.setLost(`Redis lost room ${this.code}: it came back without the room's keys`);
        return;
      }
      const last = await this.cmd.xrevrange(this.keys('events'), '+', '-', 'COUNT', 1);
      if (this.behind(applied, last[0]?.[0] ?? '')) return;
    } catch {
      // gone again: the next 'ready' looks again
      return;
    }
    this.setAvailable(true);
  }

  private setAvailable(available: boolean): void {
    if (this.closed || this.available === available) return;
    this.available = available;
    this.options.warn(
      available
        ? 'Redis is reachable again: votes are taken'
        : 'Redis is unreachable: votes are refused (not-saved) while it reconnects',
    );
    this.options.onAvailability(available);
  }

  get isAvailable(): boolean {
    return this.available;
  }

  private async run(args: [op: string, ev: string, origin: string]): Promise<string[] | null> {
    if (this.lostWhy !== null) return ['lost'];
    const applied = this.applied;
    try {
      const r = await this.cmd.hswRoom(this.keys('events'), this.keys('meta'), ...args, applied);
      if (r[0] === 'lost') {
        if (r[1] === 'gone') this.setLost(`Redis lost room ${this.code}: its keys are gone`);
        else this.behind(applied, r[2] ?? '');
      }
      return r;
    } catch (err) {
      this.failures++;
      if (this.available && !/NOSCRIPT/.test(String(err))) this.setAvailable(this.cmd.status === 'ready');
      return null;
    }
  }

  /**
   * Submits an event to the room: appended to the stream, and decided when this process's replica applies it there
   * (the listener's outcome, the same on every replica). Resolves once the replica has applied it: an accepted event
   * is in Redis then, and has reached every process's listener or will (this one's first). `not-saved`: Redis away,
   * or the room lost. A join and a rename carry this process's limits (poll.ts), by which every replica decides them.
   */
  async decide(e: RoomEvent, conn = ''): Promise<Decision> {
    const l = this.options.limits;
    const event: RoomEvent =
      e.t === 'nick'
        ? { ...e, limits: { perMinute: l.renamesPerPidPerMinute, bytesPerSecond: l.renameBytesPerSecond } }
        : e;
    const req = ++this.requests;
    const decided = new Promise<Outcome>((done) => this.submitted.set(req, done));
    const r = await this.run(['append', JSON.stringify(event), `${this.origin}:${conn}:${req}`]);
    if (r?.[0] !== 'ok') {
      // Not written (or not known to be): nothing to wait for. A reply lost after the write leaves the event in the
      // stream, decided there like any other (the phone, told `not-saved`, finds its vote in its next welcome).
      this.submitted.delete(req);
      return NOT_SAVED;
    }
    return decided;
  }

  /** A remote's `nav` (already validated), to the presenter's pages of every process; false: Redis is away. */
  async relay(nav: string, conn: string): Promise<boolean> {
    const r = await this.run(['nav', nav, `${this.origin}:${conn}`]);
    return r?.[0] === 'ok';
  }

  /**
   * A new participant: under the room's cap and the address's bucket (unless exempt), across processes; `known`: the
   * participant is in the room already (a hello of the same pid on another process came first).
   */
  async join(e: Extract<RoomEvent, { t: 'join' }>, addressKey: string, exempt: boolean): Promise<JoinDecision> {
    const l = this.options.limits;
    const limits = {
      ...(exempt ? {} : { address: addressKey }),
      max: this.options.maxParticipants,
      reserve: l.reserve,
      perMinute: l.joinsPerAddressPerMinute,
    };
    const d = await this.decide({ ...e, limits });
    if (d.ok) return { verdict: d.changed ? 'ok' : 'known' };
    if (d.reason === 'not-saved') return { verdict: this.lostWhy === null ? 'not-saved' : 'lost' };
    return { verdict: d.reason === 'room-full' ? 'room-full' : 'rate-limited' };
  }

  /**
   * Every second: this process's counters into the room's `procs` hash, and the sum over the processes seen in the
   * last 5 s read back (`onTotals` when it changed).
   */
  startHeartbeat(mine: () => ProcessCounters, onTotals: () => void): void {
    const beat = async (): Promise<void> => {
      if (this.lostWhy !== null) return;
      try {
        const key = this.keys('procs');
        const applied = this.applied;
        const r = await this.cmd.hswBeat(
          this.keys('meta'),
          key,
          this.keys('events'),
          this.origin,
          JSON.stringify({ ...mine(), at: Date.now() }),
        );
        if (r[0] === 'lost') return this.setLost(`Redis lost room ${this.code}: its keys are gone`);
        if (this.behind(applied, r[1] ?? '')) return;
        const all: Record<string, string> = {};
        for (let i = 2; i + 1 < r.length; i += 2) all[r[i]!] = r[i + 1]!;
        const fresh = Date.now() - 5000;
        const sum = { connected: 0, refusedPresenterMessages: 0, refusedJoins: 0 };
        for (const [proc, text] of Object.entries(all)) {
          const p = JSON.parse(text) as ProcessCounters & { at: number };
          if (p.at < fresh) {
            if (p.at < Date.now() - 60_000) await this.cmd.hdel(key, proc);
            continue;
          }
          sum.connected += p.connected;
          sum.refusedPresenterMessages += p.refusedPresenterMessages;
          sum.refusedJoins += p.refusedJoins;
        }
        const t = this.totals;
        this.totals = sum;
        if (
          t.connected !== sum.connected ||
          t.refusedJoins !== sum.refusedJoins ||
          t.refusedPresenterMessages !== sum.refusedPresenterMessages
        ) {
          onTotals();
        }
      } catch {
        // Redis away: the totals wait for the next beat
      }
    };
    void beat();
    this.heartbeat = setInterval(() => void beat(), 1000);
  }

  /** The room's counters summed over its live processes (this one's as of the last beat). */
  get roomTotals(): ProcessCounters {
    return this.totals;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    try {
      if (this.cmd.status === 'ready') await this.cmd.hdel(this.keys('procs'), this.origin);
    } catch {
      // gone already
    }
    this.reader.disconnect();
    await this.reading;
    this.cmd.disconnect();
    for (const w of this.waiters.splice(0)) w.done();
    this.release();
  }
}
