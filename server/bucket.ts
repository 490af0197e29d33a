/**
 * The workshop server's one token bucket, and the two keyed sets of buckets the room's limits are made of. Pure: the
 * time is an argument (ms; performance.now() for a process's own limits, an event's `at` in a room's replicas).
 *
 *   Bucket         `size` tokens, refilled at `perMs` tokens per millisecond: a connection's messages
 *                  (server/connection.ts), its strikes, the renames' byte budget on the way to the log (limits.ts)
 *   JoinBuckets    new participant ids per address, and the room's cap and reserve (limits.ts's JoinGate; a shared
 *                  room's replicas, poll.ts, for a join that carries its limits)
 *   RenameBuckets  renames per participant and the room's byte budget of renames (limits.ts's Renames; a shared
 *                  room's replicas, poll.ts)
 *
 * `dry`: what taking would answer, changing nothing.
 */

export class Bucket {
  private tokens: number;
  private last: number;
  constructor(
    private size: number,
    private perMs: number,
    now: number,
  ) {
    this.tokens = size;
    this.last = now;
  }

  /** The tokens there are at `now` (a clock that goes back refills nothing). */
  private at(now: number): number {
    return Math.min(this.size, this.tokens + Math.max(0, now - this.last) * this.perMs);
  }

  private settle(now: number, tokens: number): void {
    this.tokens = tokens;
    this.last = Math.max(this.last, now);
  }

  /** Takes `n` tokens if there are that many. */
  take(now: number, n = 1, dry = false): boolean {
    const tokens = this.at(now);
    const ok = tokens >= n;
    if (!dry) this.settle(now, ok ? tokens - n : tokens);
    return ok;
  }

  /** Another size and rate from `now` on (a connection that became the presenter's), the tokens so far kept. */
  resize(now: number, size: number, perMs: number): void {
    if (size === this.size && perMs === this.perMs) return;
    this.settle(now, this.at(now));
    this.size = size;
    this.perMs = perMs;
  }
}

export type JoinVerdict = 'ok' | 'rate-limited' | 'room-full';

/** What a join is admitted under: the room's cap, its reserve, new ids per address and minute. */
export interface JoinRule {
  readonly max: number;
  readonly reserve: number;
  readonly perMinute: number;
}

/** New identities: the room's cap, per address a bucket, and the room's reserve for addresses that have none yet. */
export class JoinBuckets {
  private readonly addresses = new Map<string, { bucket: Bucket; made: number }>();

  /**
   * May `address` (null: exempt from the per-address limits) make one more participant id, the room holding
   * `participants` already? Takes a token and counts the id if so.
   */
  verdict(address: string | null, participants: number, now: number, rule: JoinRule, dry = false): JoinVerdict {
    if (participants >= rule.max) return 'room-full';
    if (address === null) return 'ok';
    const entry = this.addresses.get(address);
    if (participants >= rule.max - rule.reserve && entry !== undefined && entry.made > 0) return 'room-full';
    const bucket = entry?.bucket ?? new Bucket(rule.perMinute, rule.perMinute / 60_000, now);
    if (!bucket.take(now, 1, dry)) return 'rate-limited';
    if (!dry) {
      if (entry) entry.made++;
      else this.addresses.set(address, { bucket, made: 1 });
    }
    return 'ok';
  }
}

/** Renames: a bucket per participant, and one byte budget for the room. */
export class RenameBuckets {
  private readonly perPid = new Map<string, Bucket>();
  private budget: Bucket | null = null;

  /** One rename by `pid`, `perMinute` a minute at most. */
  allow(pid: string, now: number, perMinute: number, dry = false): boolean {
    let b = this.perPid.get(pid);
    if (!b) {
      b = new Bucket(perMinute, perMinute / 60_000, now);
      if (!dry) this.perPid.set(pid, b);
    }
    return b.take(now, 1, dry);
  }

  /** `bytes` of the room's budget of `bytesPerSecond` (a bucket of a second's worth, at least one line's: 512). */
  spend(bytes: number, now: number, bytesPerSecond: number, dry = false): boolean {
    const budget = this.budget ?? new Bucket(Math.max(bytesPerSecond, 512), bytesPerSecond / 1000, now);
    if (!dry) this.budget = budget;
    return budget.take(now, bytes, dry);
  }
}
