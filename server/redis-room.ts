/**
 * A room shared by several server processes through Redis (`npm run workshop -- --redis redis://…`).
 *
 * Redis holds the room's truth and decides; every process keeps a replica of the room (server/poll.ts's Room) that
 * it builds by applying the room's events in Redis's order, and fans what changes out to its own sockets.
 *
 *   <prefix>:current                 the code of the room the processes serve (`--new`: another)
 *   <prefix>:lost                    "<CODE> <ISO time>": a room whose keys a running process found gone (below)
 *   <prefix>:room:<CODE>:meta        hash: the presenter's secret, when the room was made
 *   <prefix>:room:<CODE>:events      stream: every accepted event (field `e`: the RoomEvent as JSON, `o`: its origin;
 *                                    or `n`: a remote's next/previous, relayed to the presenter's pages, not the room)
 *   <prefix>:room:<CODE>:people      hash pid → nickname (who joined)
 *   <prefix>:room:<CODE>:status      hash qid → idle | open | closed | revealed
 *   <prefix>:room:<CODE>:votes:<qid> hash pid → choice: one vote per pid per question
 *   <prefix>:room:<CODE>:buckets     hash: the token buckets of the room's limits (new ids per address, renames)
 *   <prefix>:room:<CODE>:procs       hash process → its counters (sockets, refusals), refreshed every second
 *
 * One Lua script (ROOM_SCRIPT) checks an event against the room and, if it is accepted, records it and appends it to
 * the stream, atomically: a vote is counted once (`HEXISTS`, then `HSET` of the pid) and only while its question is
 * open; a poll command follows the state machine of poll.ts; a join is under the room's cap and its address's
 * bucket; a rename under its pid's bucket and the room's byte budget. Redis runs one script at a time, so two
 * processes never both accept the same pid's vote, and the stream's order is the order of the decisions: every
 * replica applying it in that order accepts exactly what the script accepted, so counts derived from the votes agree
 * on every process. The answer stays in the process (server/quizzes.ts): Redis never holds it, and a participant's
 * view shows it only once the question is revealed (poll.ts), on every process alike.
 *
 * Durability: the script's reply comes once Redis has the write under its AOF policy; with `appendfsync always`
 * (what the tests run) Redis fsyncs before it replies, so a vote is acknowledged only once it is on Redis's disk.
 * Redis away: the command connection queues nothing (`enableOfflineQueue: false`, no resend), so a vote fails at
 * once and is refused `not-saved`; both connections reconnect with a capped exponential backoff, and the stream is
 * read on from the last event applied.
 *
 * The room lost: Redis answers but the room's `meta` is gone (Redis restarted without its append-only file, a
 * `FLUSHALL`, an eviction), or its stream holds fewer events than this process applied (restarted from an older
 * copy). Every script checks `meta`, and the stream's end against the last event the asking process applied, first
 * and answers `lost` without writing anything (a vote is refused `not-saved`, never recreated in an empty room); the
 * heartbeat, a reconnection and each hello's sync look too. The process then
 * stays lost for good (`onLost`: the presenter and the phones are told, `<prefix>:lost` names the room), and a
 * process started without `--new` refuses to make another room in its place (RoomLostError).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RoomEvent, Room } from './poll.ts';
import type { Limits } from './limits.ts';
import { newRoomCode, newSecret } from './store.ts';
import type { RefusalReason } from '../lib/workshop-protocol.ts';

/**
 * The Lua script of every decision. KEYS: events, people, status, votes of the event's question, buckets, meta.
 * ARGV: the operation, the event as JSON, its origin, the last event the asking process applied, then the operation's.
 */
export const ROOM_SCRIPT = `
local op = ARGV[1]
local ev = ARGV[2]
local origin = ARGV[3]
-- The last event the asking process applied ('0-0': none yet).
local applied = ARGV[4]
-- The room's keys are gone (a Redis restarted empty, flushed, evicted): nothing is decided, nothing recreated.
if redis.call('EXISTS', KEYS[6]) == 0 then return {'lost', 'gone'} end
-- The stream ends before an event the process applied: Redis lost events (it came back from an older copy).
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
local function append()
  return redis.call('XADD', KEYS[1], '*', 'e', ev, 'o', origin)
end
local function nowMs()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
-- A token bucket in one field of the buckets hash: "tokens last".
local function take(field, size, perMs, n)
  local now = nowMs()
  local raw = redis.call('HGET', KEYS[5], field)
  local tokens, last = size, now
  if raw then
    local a, b = string.match(raw, '^(%S+) (%S+)$')
    tokens, last = tonumber(a), tonumber(b)
  end
  tokens = math.min(size, tokens + math.max(0, now - last) * perMs)
  if tokens < n then
    redis.call('HSET', KEYS[5], field, tokens .. ' ' .. now)
    return false
  end
  redis.call('HSET', KEYS[5], field, (tokens - n) .. ' ' .. now)
  return true
end

if op == 'vote' then
  local pid, qid, choice = ARGV[5], ARGV[6], ARGV[7]
  if redis.call('HEXISTS', KEYS[2], pid) == 0 then return {'hello-first'} end
  if redis.call('HEXISTS', KEYS[4], pid) == 1 then return {'already-voted'} end
  if redis.call('HGET', KEYS[3], qid) ~= 'open' then return {'not-open'} end
  redis.call('HSET', KEYS[4], pid, choice)
  return {'ok', append()}
elseif op == 'poll' then
  local qid, action = ARGV[5], ARGV[6]
  local from = redis.call('HGET', KEYS[3], qid) or 'idle'
  if action == 'open' then
    if from == 'open' then return {'unchanged'} end
    if from == 'revealed' then return {'not-open'} end
    redis.call('HSET', KEYS[3], qid, 'open')
  elseif action == 'close' then
    if from == 'closed' then return {'unchanged'} end
    if from ~= 'open' then return {'not-open'} end
    redis.call('HSET', KEYS[3], qid, 'closed')
  elseif action == 'reveal' then
    if from == 'revealed' then return {'unchanged'} end
    redis.call('HSET', KEYS[3], qid, 'revealed')
  elseif action == 'reset' then
    if from == 'idle' and redis.call('HLEN', KEYS[4]) == 0 then return {'unchanged'} end
    redis.call('HSET', KEYS[3], qid, 'idle')
    redis.call('DEL', KEYS[4])
  else
    return {'malformed'}
  end
  return {'ok', append()}
elseif op == 'join' then
  local pid, nick = ARGV[5], ARGV[6]
  local max, exempt, address = tonumber(ARGV[7]), ARGV[8], ARGV[9]
  local perMinute, reserve = tonumber(ARGV[10]), tonumber(ARGV[11])
  if redis.call('HEXISTS', KEYS[2], pid) == 1 then return {'known'} end
  local n = redis.call('HLEN', KEYS[2])
  if n >= max then return {'room-full'} end
  if exempt ~= '1' then
    local made = tonumber(redis.call('HGET', KEYS[5], 'made ' .. address) or '0')
    if n >= max - reserve and made > 0 then return {'room-full'} end
    if not take('join ' .. address, perMinute, perMinute / 60000, 1) then return {'rate-limited'} end
    redis.call('HSET', KEYS[5], 'made ' .. address, made + 1)
  end
  redis.call('HSET', KEYS[2], pid, nick)
  return {'ok', append()}
elseif op == 'nick' then
  local pid, nick = ARGV[5], ARGV[6]
  local perMinute, bytesPerSecond = tonumber(ARGV[7]), tonumber(ARGV[8])
  local known = redis.call('HGET', KEYS[2], pid)
  if not known then return {'hello-first'} end
  if known == nick then return {'unchanged'} end
  if not take('nick ' .. pid, perMinute, perMinute / 60000, 1) then return {'rate-limited'} end
  if not take('nick bytes', math.max(bytesPerSecond, 512), bytesPerSecond / 1000, #ev + 1) then
    return {'rate-limited'}
  end
  redis.call('HSET', KEYS[2], pid, nick)
  return {'ok', append()}
elseif op == 'append' then
  return {'ok', append()}
elseif op == 'nav' then
  return {'ok', redis.call('XADD', KEYS[1], '*', 'n', ev, 'o', origin)}
end
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

/** What a decision came to: accepted (and its stream id), nothing to do, or refused (`not-saved`: Redis unreachable). */
export type Decision =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: true; readonly id: null }
  | { readonly ok: false; readonly reason: RefusalReason };

export type JoinDecision =
  | { readonly verdict: 'ok'; readonly id: string }
  | { readonly verdict: 'known' }
  | { readonly verdict: 'room-full' | 'rate-limited' | 'not-saved' | 'lost' };

/** The counters of one process, summed over the room's processes for the presenter's stats. */
export interface ProcessCounters {
  readonly connected: number;
  readonly refusedPresenterMessages: number;
  readonly refusedJoins: number;
}

type Listener = (e: RoomEvent, origin: string) => void;

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
  r.defineCommand('hswRoom', { numberOfKeys: 6, lua: ROOM_SCRIPT });
  r.defineCommand('hswOpen', { numberOfKeys: 2, lua: OPEN_SCRIPT });
  r.defineCommand('hswBeat', { numberOfKeys: 3, lua: BEAT_SCRIPT });
  r.on('error', () => {}); // reported through 'close' / 'ready'
  return r;
}

export class SharedRoom {
  readonly origin = randomBytes(6).toString('hex');
  private applied = '0-0';
  private readonly waiters: { id: string; done: () => void }[] = [];
  private listener: Listener = () => {};
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
      if (live) this.listener(e, origin);
      else this.options.room.apply(e);
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

  private async run(qid: string | null, args: (string | number)[]): Promise<string[] | null> {
    if (this.lostWhy !== null) return ['lost'];
    const applied = this.applied;
    try {
      const r = await this.cmd.hswRoom(
        this.keys('events'),
        this.keys('people'),
        this.keys('status'),
        this.keys(`votes:${qid ?? '-'}`),
        this.keys('buckets'),
        this.keys('meta'),
        args[0]!,
        args[1]!,
        args[2]!,
        applied,
        ...args.slice(3),
      );
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

  private static decision(r: string[] | null): Decision {
    // Redis away, or the room lost: the event is not saved, and it is said so.
    if (r === null || r[0] === 'lost') return { ok: false, reason: 'not-saved' };
    if (r[0] === 'ok') return { ok: true, id: r[1]! };
    if (r[0] === 'unchanged') return { ok: true, id: null };
    return { ok: false, reason: r[0] as RefusalReason };
  }

  /**
   * Decides a vote, a poll command, a rename, or appends a slide or showTop (the replicas decide whether those
   * change anything). Resolves once Redis replied: an accepted event is in Redis then, and reaches every process's
   * listener through the stream (this one's too).
   */
  async decide(e: RoomEvent, conn = ''): Promise<Decision> {
    const ev = JSON.stringify(e);
    const origin = `${this.origin}:${conn}`;
    switch (e.t) {
      case 'vote':
        return SharedRoom.decision(await this.run(e.qid, ['vote', ev, origin, e.pid, e.qid, e.choice]));
      case 'poll':
        return SharedRoom.decision(await this.run(e.qid, ['poll', ev, origin, e.qid, e.action]));
      case 'nick': {
        const l = this.options.limits;
        return SharedRoom.decision(
          await this.run(null, ['nick', ev, origin, e.pid, e.nick, l.renamesPerPidPerMinute, l.renameBytesPerSecond]),
        );
      }
      case 'join':
        throw new Error('a join goes through join()');
      default:
        return SharedRoom.decision(await this.run(null, ['append', ev, origin]));
    }
  }

  /** A remote's `nav` (already validated), to the presenter's pages of every process; false: Redis is away. */
  async relay(nav: string, conn: string): Promise<boolean> {
    const r = await this.run(null, ['nav', nav, `${this.origin}:${conn}`]);
    return r?.[0] === 'ok';
  }

  /** A new participant: under the room's cap and the address's bucket (unless exempt), across processes. */
  async join(e: Extract<RoomEvent, { t: 'join' }>, addressKey: string, exempt: boolean): Promise<JoinDecision> {
    const l = this.options.limits;
    const r = await this.run(null, [
      'join',
      JSON.stringify(e),
      `${this.origin}:`,
      e.pid,
      e.nick ?? '',
      this.options.maxParticipants,
      exempt ? '1' : '0',
      addressKey,
      l.joinsPerAddressPerMinute,
      l.reserve,
    ]);
    if (r === null) return { verdict: 'not-saved' };
    if (r[0] === 'lost') return { verdict: 'lost' };
    if (r[0] === 'ok') return { verdict: 'ok', id: r[1]! };
    if (r[0] === 'known') return { verdict: 'known' };
    return { verdict: r[0] === 'room-full' ? 'room-full' : 'rate-limited' };
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

  /** The votes Redis holds for a question, counted per choice (for checks: they equal the replicas' counts). */
  async countsInRedis(qid: string, choiceCount: number): Promise<number[]> {
    const votes = await this.cmd.hvals(this.keys(`votes:${qid}`));
    const counts = Array.from({ length: choiceCount }, () => 0);
    for (const v of votes) counts[Number(v)] = (counts[Number(v)] ?? 0) + 1;
    return counts;
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
  }
}
