/**
 * Who gets which message: the room's open connections (every socket, the presenter's pages, each participant's tabs
 * by pid), and what goes out to them once the room has changed.
 *
 *   a slide               every page that said hello but the one that made the change (one encoding for all)
 *   a question's status   each participant their own copy (`yours`, `right`), the presenter the counts; then the
 *                         new scores of those whose score it changed
 *   a vote                the voter's other tabs (their own choice only), the presenter's count
 *   a remote's nav        the other presenter pages
 *   the presenter's       counts per question, the results and the stats, coalesced: at most one update per
 *   updates               `coalesceMs`
 *
 * Nothing here decides or saves anything: the room (server/poll.ts) has changed when a method is called.
 */
import type { ServerMessage } from '../lib/workshop-protocol.ts';
import { sendRaw, type Conn } from './conn.ts';
import type { Room } from './poll.ts';

/** What has changed for the presenter's pages since their last update. */
export interface PresenterUpdate {
  /** A question whose count grew. */
  readonly poll?: string;
  readonly results?: boolean;
  readonly stats?: boolean;
}

export class Broadcast {
  /** Every open WebSocket of this process, in the order they connected. */
  readonly conns = new Set<Conn>();
  private readonly presenters = new Set<Conn>();
  private readonly byPid = new Map<string, Set<Conn>>();

  private readonly dirtyPolls = new Set<string>();
  private resultsDirty = false;
  private statsDirty = false;
  private presenterTimer: NodeJS.Timeout | null = null;
  private lastPresenterFlush = 0;

  constructor(
    private readonly room: Room,
    private readonly coalesceMs: number,
    /** The presenter's `stats` as of now. */
    private readonly stats: () => ServerMessage,
  ) {}

  /** Participants with a socket open on this process now. */
  get connected(): number {
    return this.byPid.size;
  }

  /** How many sockets a participant has open here (their tabs). */
  tabsOf(pid: string): number {
    return this.byPid.get(pid)?.size ?? 0;
  }

  /** A new socket, before its hello. */
  add(c: Conn): void {
    this.conns.add(c);
  }

  /** A hello answered: the connection gets what its role gets from now on. */
  welcomed(c: Conn): void {
    if (c.role === 'presenter') {
      this.presenters.add(c);
      return;
    }
    if (c.pid === null) return;
    let set = this.byPid.get(c.pid);
    if (!set) this.byPid.set(c.pid, (set = new Set()));
    set.add(c);
  }

  /** A socket closed: forgotten, and a participant's going shows in the presenter's stats. */
  remove(c: Conn): void {
    this.conns.delete(c);
    this.presenters.delete(c);
    if (c.pid !== null) {
      const set = this.byPid.get(c.pid);
      set?.delete(c);
      if (set && set.size === 0) this.byPid.delete(c.pid);
      this.presenterDirty({ stats: true });
    }
  }

  /** Something the presenter's pages show has changed: sent with the next coalesced update. */
  presenterDirty(what: PresenterUpdate): void {
    if (what.poll !== undefined) this.dirtyPolls.add(what.poll);
    if (what.results) this.resultsDirty = true;
    if (what.stats) this.statsDirty = true;
    if (this.presenterTimer) return;
    const wait = Math.max(0, this.coalesceMs - (performance.now() - this.lastPresenterFlush));
    this.presenterTimer = setTimeout(() => this.flushPresenters(), wait);
  }

  private flushPresenters(): void {
    this.presenterTimer = null;
    this.lastPresenterFlush = performance.now();
    if (this.presenters.size === 0) {
      this.dirtyPolls.clear();
      this.resultsDirty = this.statsDirty = false;
      return;
    }
    const texts: string[] = [];
    for (const qid of this.dirtyPolls) texts.push(JSON.stringify({ type: 'poll', poll: this.room.view(qid) }));
    if (this.resultsDirty) texts.push(JSON.stringify(this.room.results()));
    if (this.statsDirty) texts.push(JSON.stringify(this.stats()));
    this.dirtyPolls.clear();
    this.resultsDirty = this.statsDirty = false;
    for (const p of this.presenters) for (const t of texts) sendRaw(p, t);
  }

  /**
   * A question's new status, to everyone: each participant's copy with their own `yours`/`right` (a copy depends only
   * on their choice, so there are at most choiceCount + 1 of them, each encoded once), then the changed scores.
   */
  poll(qid: string, scoreOf: ReadonlySet<string>): void {
    const copies = new Map<number | null, Buffer>();
    const copyFor = (pid: string): Buffer => {
      const choice = this.room.choiceOf(pid, qid) ?? null;
      let buf = copies.get(choice);
      if (!buf) {
        copies.set(choice, (buf = Buffer.from(JSON.stringify({ type: 'poll', poll: this.room.view(qid, pid) }))));
      }
      return buf;
    };
    for (const [pid, set] of this.byPid) {
      const buf = copyFor(pid);
      for (const c of set) sendRaw(c, buf);
    }
    this.dirtyPolls.delete(qid);
    const text = Buffer.from(JSON.stringify({ type: 'poll', poll: this.room.view(qid) }));
    for (const p of this.presenters) sendRaw(p, text);
    this.presenterDirty({ results: true });
    // The scores after every histogram is out: a phone's own score matters less than the room's result.
    if (scoreOf.size > 0) {
      setImmediate(() => {
        for (const pid of scoreOf) {
          const set = this.byPid.get(pid);
          if (!set) continue;
          const scoreText = JSON.stringify({ type: 'score', ...this.room.score(pid) });
          for (const c of set) sendRaw(c, scoreText);
        }
      });
    }
  }

  /** The room's slide, to every page that said hello but the one numbered `from` (which made the change). */
  slide(from: number): void {
    const text = Buffer.from(JSON.stringify({ type: 'slide', slide: this.room.slide }));
    for (const o of this.conns) if (o.id !== from && o.role !== null) sendRaw(o, text);
  }

  /** A participant's vote to their tabs but the one numbered `from` (their own choice only; no counts). */
  vote(pid: string, qid: string, from: number): void {
    const tabs = this.byPid.get(pid);
    if (!tabs) return;
    const text = JSON.stringify({ type: 'poll', poll: this.room.view(qid, pid) });
    for (const o of tabs) if (o.id !== from) sendRaw(o, text);
  }

  /** A remote's `nav` (its text as it came), to the presenter pages but the one numbered `from`. */
  nav(text: string, from: number): void {
    for (const p of this.presenters) if (p.id !== from) sendRaw(p, text);
  }

  /** The same message to every page that said hello (a room lost: server/redis-room.ts). */
  everyone(msg: ServerMessage): void {
    const text = Buffer.from(JSON.stringify(msg));
    for (const o of this.conns) if (o.role !== null) sendRaw(o, text);
  }

  /** Stops the presenter's pending update (the server is closing). */
  close(): void {
    if (this.presenterTimer) clearTimeout(this.presenterTimer);
  }
}
