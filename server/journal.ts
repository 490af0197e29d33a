/**
 * The room's events on their way to the log (server/store.ts), in the order the room must apply them.
 *
 * An event is checked, written and only then applied; events that depend on each other go one after another
 * (`inOrder`), so that the room applies them in the log's order and a restart replays what the room did: the
 * presenter's commands in one line, a participant's votes on one question and nicknames in another each; a vote
 * waits for the presenter's commands in flight (a close being written: the vote after it is refused, not logged).
 *
 * A write that fails is reported (once until writing works again) and the presenter's page is told that the room
 * cannot save; the caller applies and acknowledges nothing. A shared room (server/redis-room.ts) has no log here:
 * its events are written by Redis, and whether Redis can be reached is what `cannotSave` says then.
 */
import type { RoomEvent } from './poll.ts';
import type { Store } from './store.ts';

export class Journal {
  /** The last write failed (or Redis is away): the presenter's stats say "The room cannot save". */
  cannotSave = false;
  /** Writes that failed (their events were refused, not applied). */
  failures = 0;
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: Store | null,
    private readonly warn: (message: string) => void,
    /** `cannotSave` changed. */
    private readonly onChange: () => void,
  ) {}

  /** Logs an accepted event; resolves true when it is on disk, false when it could not be written. */
  async persist(e: RoomEvent): Promise<boolean> {
    try {
      if (!this.store) throw new Error('no log');
      await this.store.append(e);
      if (this.cannotSave) {
        this.cannotSave = false;
        this.warn('the log is written again');
        this.onChange();
      }
      return true;
    } catch (err) {
      this.failures++;
      if (!this.cannotSave) {
        this.cannotSave = true;
        this.warn(`could not write the log (${String(err)}): votes are refused (not-saved) until it works again`);
        this.onChange();
      }
      return false;
    }
  }

  /** A shared room's Redis went away (false) or came back (true). */
  setAvailable(available: boolean): void {
    this.cannotSave = !available;
    this.onChange();
  }

  /** Runs `f` once everything queued under `key` before it has settled. */
  inOrder<T>(key: string, f: () => Promise<T>): Promise<T> {
    const next = (this.chains.get(key) ?? Promise.resolve()).then(f);
    const tail = next.catch(() => undefined);
    this.chains.set(key, tail);
    void tail.then(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    });
    return next;
  }

  /** What is queued under `key` now (settles when it has run), if anything. */
  pending(key: string): Promise<unknown> | undefined {
    return this.chains.get(key);
  }
}
