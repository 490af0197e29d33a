/**
 * What one client may take of the workshop server (server/http.ts and server/hello.ts ask these before anything):
 *
 *   sockets      at most `maxConnections` open in all and `maxConnectionsPerAddress` from one address (HTTP and
 *                WebSocket alike, counted on the TCP socket); one over a cap is destroyed at once
 *   identities   a new participant id costs its address a token: `joinsPerAddressPerMinute` (the bucket's size and
 *                its refill per minute); the last `reserve` places of the room go only to addresses that have made no
 *                identity yet, so that one address cannot fill the room for the people still arriving
 *   renames      `renamesPerPidPerMinute` per participant (bucket of the same size); they reach the log coalesced (a
 *                participant's last nickname of a window is written once) and within a global budget of
 *                `renameBytesPerSecond` (bucket of one second's worth), whatever the clients do
 *   time         headers within `headersTimeoutMs`, a socket that sends nothing is closed after `idleTimeoutMs`,
 *                a WebSocket that says no hello within `helloTimeoutMs` (server/connection.ts) is closed
 *
 * The per-address limits do not apply to loopback addresses unless `exemptLoopback` is false: the presenter's own
 * machine and `npm run bench:workshop` (2,000 participants from 127.0.0.1) are not one hostile phone.
 * Nothing here does I/O but the sockets it is handed; the clock is injectable for tests.
 */
import type { Socket } from 'node:net';
import { JoinBuckets, RenameBuckets, type JoinVerdict } from './bucket.ts';
import type { RoomEvent } from './poll.ts';

export type { JoinVerdict } from './bucket.ts';

export interface Limits {
  readonly maxConnections: number;
  readonly maxConnectionsPerAddress: number;
  readonly joinsPerAddressPerMinute: number;
  readonly reserve: number;
  readonly exemptLoopback: boolean;
  readonly headersTimeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly renamesPerPidPerMinute: number;
  readonly renameWindowMs: number;
  readonly renameBytesPerSecond: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxConnections: 5000,
  maxConnectionsPerAddress: 32,
  joinsPerAddressPerMinute: 20,
  reserve: 1000,
  exemptLoopback: true,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 10_000,
  renamesPerPidPerMinute: 6,
  renameWindowMs: 1000,
  renameBytesPerSecond: 8192,
};

export function resolveLimits(given: Partial<Limits> = {}): Limits {
  return { ...DEFAULT_LIMITS, ...given };
}

/** 127.0.0.0/8 (also as an IPv4-mapped IPv6 address) and ::1. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || /^(::ffff:)?127\./i.test(address);
}

/**
 * What the per-address limits count by: the address, an IPv4-mapped IPv6 one as its IPv4 address. Not an IPv6
 * address's /64: on the local network this server is made for, every phone of the room shares that one /64.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address.toLowerCase();
}

/** The socket caps. `admit` is called for every new TCP socket of the HTTP server. */
export class ConnectionGate {
  private readonly perAddress = new Map<string, number>();
  private total = 0;
  refused = 0;

  constructor(
    private readonly limits: Limits,
    private readonly onRefused: () => void = () => {},
  ) {}

  get open(): number {
    return this.total;
  }

  /** Counts the socket until it closes, or destroys it at once if it is over a cap. */
  admit(socket: Socket): boolean {
    const raw = socket.remoteAddress ?? '?';
    const exempt = this.limits.exemptLoopback && isLoopback(raw);
    const address = addressKey(raw);
    const mine = this.perAddress.get(address) ?? 0;
    if (this.total >= this.limits.maxConnections || (!exempt && mine >= this.limits.maxConnectionsPerAddress)) {
      this.refused++;
      socket.destroy();
      this.onRefused();
      return false;
    }
    this.total++;
    this.perAddress.set(address, mine + 1);
    socket.once('close', () => {
      this.total--;
      const n = (this.perAddress.get(address) ?? 1) - 1;
      if (n <= 0) this.perAddress.delete(address);
      else this.perAddress.set(address, n);
    });
    return true;
  }
}

/** New identities: per address a bucket, and the room's reserve for addresses that have none yet (bucket.ts). */
export class JoinGate {
  private readonly buckets = new JoinBuckets();
  refused = 0;

  constructor(
    private readonly limits: Limits,
    private readonly maxParticipants: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** May `address` make one more participant id, the room holding `participants` already? Consumes a token if so. */
  admit(address: string, participants: number): JoinVerdict {
    const exempt = this.limits.exemptLoopback && isLoopback(address);
    const verdict = this.buckets.verdict(exempt ? null : addressKey(address), participants, this.clock(), {
      max: this.maxParticipants,
      reserve: this.limits.reserve,
      perMinute: this.limits.joinsPerAddressPerMinute,
    });
    if (verdict !== 'ok') this.refused++;
    return verdict;
  }
}

type NickEvent = Extract<RoomEvent, { t: 'nick' }>;

/**
 * Renames on their way to the log: each participant's last nickname of a window is written once, and the lines
 * written stay within the byte budget (the rest wait for the next window, a newer nickname replacing a waiting one).
 * `write` is the server's log append (resolves false when it failed: the nickname waits for the next window).
 */
export class Renames {
  private readonly buckets = new RenameBuckets();
  private readonly pending = new Map<string, NickEvent>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Bytes of nick lines handed to the log so far. */
  written = 0;
  refused = 0;

  constructor(
    private readonly limits: Limits,
    private readonly write: (e: NickEvent) => Promise<boolean>,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** One rename by `pid`: false when it is over the participant's rate (the caller refuses it). */
  allow(pid: string): boolean {
    if (this.buckets.allow(pid, this.clock(), this.limits.renamesPerPidPerMinute)) return true;
    this.refused++;
    return false;
  }

  /** An accepted rename (already applied to the room): written at the window's end, if the budget allows. */
  queue(e: NickEvent): void {
    this.pending.delete(e.pid); // the newest goes to the end of the queue
    this.pending.set(e.pid, e);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush(false);
    }, this.limits.renameWindowMs);
  }

  get waiting(): number {
    return this.pending.size;
  }

  /** Writes what the budget allows (`all`: everything, at a clean stop). */
  async flush(all: boolean): Promise<void> {
    while (this.running) await this.running;
    const batch: NickEvent[] = [];
    for (const [pid, e] of this.pending) {
      const bytes = Buffer.byteLength(JSON.stringify(e)) + 1;
      if (!all && !this.buckets.spend(bytes, this.clock(), this.limits.renameBytesPerSecond)) break;
      this.pending.delete(pid);
      this.written += bytes;
      batch.push(e);
    }
    if (batch.length > 0) {
      this.running = (async () => {
        const ok = await Promise.all(batch.map((e) => this.write(e)));
        batch.forEach((e, i) => {
          if (!ok[i] && !this.pending.has(e.pid)) this.pending.set(e.pid, e);
        });
      })();
      try {
        await this.running;
      } finally {
        this.running = null;
      }
    }
    if (this.pending.size > 0 && !all) {
      this.timer ??= setTimeout(() => {
        this.timer = null;
        void this.flush(false);
      }, this.limits.renameWindowMs);
    }
  }

  /** Stops the window and writes every waiting nickname. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush(true);
  }
}
