/**
 * Nothing lost: the room as an append-only log of JSON lines, `<data>/room.jsonl`. The first line names the room
 * (its code and the presenter's secret), each further line is one accepted event (server/poll.ts's RoomEvent, whose
 * schema checks each line as it is replayed).
 * `append` resolves once its line is written and fsynced: the server acknowledges a vote only then. Lines that
 * arrive in the same tick are written and fsynced together (group commit), so 2,000 votes do not cost 2,000 fsyncs.
 * A write or fsync that fails rejects every line of its batch, and what of it reached the file is cut off again
 * (the file is truncated back to its last fsynced size), so that a refused line never comes back on a restart.
 *
 * One server per data folder: `<data>/room.lock` (linked into place already holding the owner's pid) is taken before
 * anything is written, and removed by `close`. A lock whose pid is no longer a process (a `kill -9`) is stale and
 * taken over with a warning; a live one makes `openStore` throw RoomLockedError, having changed nothing on disk.
 *
 * On start the log is replayed, on bytes: the last complete line ends at the last '\n' byte; after it comes
 * either nothing or a line a crash cut short, which is dropped with a warning naming its line and cut off the file
 * exactly there. Any other line that is not valid UTF-8, not JSON or not an event is skipped with a warning naming
 * its line. Replayed into a Room (`options.room`), an event the room refuses because a damaged line before it is
 * missing is rebuilt from what it implies (a vote implies its question was open and its voter joined); a refusal
 * that cannot be rebuilt after a damaged line stops the start (RoomDamagedError, naming the lines) unless
 * `repair` drops it knowingly. A log holding no room at all (0 bytes, a cut room line, one line of garbage) is
 * moved aside as `room.jsonl.broken-<ms>` and a new room starts, with a warning saying so.
 *
 * Test-only fault injection: with `HSW_WORKSHOP_FAULTS=<file>` in the environment (or `faultFile`), the file is
 * read before each write: `full <bytes>` makes the log behave as a disk that is full once the file reaches that
 * size (a partial write, then ENOSPC), `eio` makes every fsync fail (EIO); a missing or empty file: no fault.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  mkdirSync,
  existsSync,
  readFileSync,
  renameSync,
  truncateSync,
  writeFileSync,
  fsyncSync,
  openSync,
  closeSync,
  unlinkSync,
  writeSync,
  linkSync,
  fstatSync,
  readSync,
} from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { RoomCode } from '../lib/workshop-protocol.ts';
import { At, RoomEvent, type Room } from './poll.ts';

export const LOG_NAME = 'room.jsonl';
export const LOCK_NAME = 'room.lock';
export const LOG_VERSION = 1;
/** The environment variable of the test-only fault injection (above). */
export const FAULTS_ENV = 'HSW_WORKSHOP_FAULTS';

const Header = v.strictObject({
  t: v.literal('room'),
  v: v.literal(LOG_VERSION),
  room: RoomCode,
  secret: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/)),
  created: At,
});
type Header = v.InferOutput<typeof Header>;

/** Room codes: no 0/O or 1/I, so that a code read off a screen is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newRoomCode(length = 5): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

// ------------------------------------------------------------------------------------------------ the lock

/** Another live process holds the data folder. */
export class RoomLockedError extends Error {
  readonly code = 'ELOCKED';
  constructor(
    readonly pid: number,
    readonly lockPath: string,
  ) {
    super(
      `another workshop server (pid ${pid}) holds ${lockPath}: stop it first, or use another --data folder ` +
        `(if no such server runs, remove ${lockPath})`,
    );
  }
}

/** The log has damaged lines whose loss would take other records with them; `--repair` drops them knowingly. */
export class RoomDamagedError extends Error {
  readonly code = 'EDAMAGED';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: a process of another user has this pid; it is alive.
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The live process holding `<dir>/room.lock`, if any (a look only: nothing is written). */
export function lockHolder(dir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dir, LOCK_NAME), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(/^\s*(\d+)/.exec(text)?.[1] ?? NaN);
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

export interface RoomLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's. */
  release(): void;
}

/** One lock file (not its name): a stale lock is replaced only while its name still holds that very file. */
interface SeenLock {
  readonly pid: number | null;
  readonly id: string;
}

/** The lock file at `path` as it is now (its pid and identity read from one open file), or null when there is none. */
function seeLock(path: string): SeenLock | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const st = fstatSync(fd, { bigint: true });
    const buf = Buffer.alloc(64);
    const text = buf.toString('utf8', 0, readSync(fd, buf, 0, buf.length, 0));
    const pid = Number(/^\s*(\d+)/.exec(text)?.[1] ?? NaN);
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : null, id: `${st.dev}-${st.ino}-${st.ctimeNs}` };
  } finally {
    closeSync(fd);
  }
}

/** Waits `ms` without giving the event loop back (the lock is taken synchronously). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** How often a locker looks again while another process is taking a stale lock over (1 ms apart). */
const TAKEOVER_TRIES = 500;

/**
 * Takes `<dir>/room.lock` atomically: this process's pid is written to a file of its own and fsynced, then hard-linked
 * to the lock's name, which fails if any lock is there; so the lock never exists without its pid. A live holder
 * throws RoomLockedError without writing anything. A lock of a dead process (or without a pid) is taken over with
 * a warning: the taker first links its file to a claim named after that very lock file (`room.lock.takeover-<id>`,
 * which only one process can create), checks that the lock's name still holds that file, and renames its claim over
 * it; anyone else looks again and finds the new holder alive.
 */
export function lockRoom(dir: string, warnings: string[]): RoomLock {
  const path = join(dir, LOCK_NAME);
  const mine = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(mine, 'wx', 0o644);
  try {
    writeSync(fd, `${process.pid}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    for (let tries = 0; ; tries++) {
      try {
        linkSync(mine, path);
        return heldLock(path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = seeLock(path);
      if (seen === null) continue; // released in between: try again
      if (seen.pid !== null && alive(seen.pid)) throw new RoomLockedError(seen.pid, path);
      const claim = `${path}.takeover-${seen.id}`;
      try {
        linkSync(mine, claim);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        // Another process is taking this lock over: look again once it is done.
        if (tries >= TAKEOVER_TRIES) {
          throw new Error(
            `${claim} is left from a takeover of ${path} that did not finish: remove it and start again`,
            {
              cause: e,
            },
          );
        }
        pause(1);
        continue;
      }
      if (seeLock(path)?.id !== seen.id) {
        unlinkSync(claim); // taken over already, by the claim's previous holder: look again
        continue;
      }
      renameSync(claim, path);
      warnings.push(
        seen.pid !== null
          ? `${path}: a stale lock of pid ${seen.pid} (no such process: it was killed or crashed) is taken over`
          : `${path}: a lock file without a pid is taken over`,
      );
      return heldLock(path);
    }
  } finally {
    try {
      unlinkSync(mine);
    } catch {
      // already gone
    }
  }
}

/** This process's lock at `path`: released once, and only while the file still holds this pid. */
function heldLock(path: string): RoomLock {
  let released = false;
  return {
    path,
    release: () => {
      if (released) return;
      released = true;
      try {
        if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}

// ------------------------------------------------------------------------------------------------ opening

export interface Opened {
  readonly store: Store;
  readonly room: string;
  readonly secret: string;
  /** The events to replay, in order (already replayed into `options.room` when there was one). */
  readonly events: RoomEvent[];
  /** The 1-based line of each event in the log. */
  readonly lines: number[];
  /** What replaying found wrong (a cut last line, a bad line, what was rebuilt), for the console. */
  readonly warnings: string[];
  /** True when the log was there and this is the same room again. */
  readonly resumed: boolean;
}

export interface OpenOptions {
  /** Start a new room; the old log is kept beside it as `room-<time>.jsonl`. */
  readonly fresh?: boolean;
  readonly now?: number;
  /** Replay the log into this room (and refuse a damaged log whose dependents cannot be rebuilt, unless `repair`). */
  readonly room?: Room;
  /** Drop the records that a damaged line took with it, knowingly (each is named in the warnings). */
  readonly repair?: boolean;
  /** Runs once the lock is held, before anything is written (the server checks its port there). */
  readonly beforeWrite?: () => Promise<void>;
  /** The test-only fault file (default: the environment's HSW_WORKSHOP_FAULTS). */
  readonly faultFile?: string | null;
}

/** Up to 60 characters of a line, as a JSON string (so that control characters and quotes show). */
function preview(bytes: Buffer): string {
  const text = bytes.subarray(0, 240).toString('utf8');
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

type Parsed = { ok: true; data: unknown } | { ok: false; why: string };

function parseBytes(bytes: Buffer): Parsed {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { ok: false, why: 'not valid UTF-8' };
  }
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: 'not JSON' };
  }
}

/**
 * Opens the data directory's log: takes the folder's lock, then resumes the room in the log, or starts a new one
 * (no log yet, or `fresh`: the old log is kept beside it as `room-<time>.jsonl`).
 */
export async function openStore(dir: string, options: OpenOptions = {}): Promise<Opened> {
  const now = options.now ?? Date.now();
  mkdirSync(dir, { recursive: true });
  const warnings: string[] = [];
  const lock = lockRoom(dir, warnings);
  try {
    await options.beforeWrite?.();
    const { header, events, lines, resumed } = recover(dir, now, options, warnings);
    const path = join(dir, LOG_NAME);
    const handle = await open(path, 'a');
    const size = (await handle.stat()).size;
    const faultFile = options.faultFile === undefined ? (process.env[FAULTS_ENV] ?? null) : options.faultFile;
    const store = new Store(handle, size, lock, faultFile || null);
    return { store, room: header.room, secret: header.secret, events, lines, warnings, resumed };
  } catch (e) {
    lock.release();
    throw e;
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Reads, checks and (if need be) mends the log; creates a new one when there is none. */
function recover(
  dir: string,
  now: number,
  options: OpenOptions,
  warnings: string[],
): { header: Header; events: RoomEvent[]; lines: number[]; resumed: boolean } {
  const path = join(dir, LOG_NAME);
  if (options.fresh && existsSync(path)) {
    const kept = join(dir, `room-${new Date(now).toISOString().replace(/[:.]/g, '-')}.jsonl`);
    renameSync(path, kept);
    warnings.push(`the previous room's log is kept as ${kept}`);
  }
  let header: Header | null = null;
  const events: RoomEvent[] = [];
  const lines: number[] = [];
  const damaged: number[] = [];
  let cutAt: number | null = null;
  let endLine = false;
  if (existsSync(path)) {
    const bytes = readFileSync(path);
    // Complete lines end at the last '\n' byte; what follows it is a line that a crash cut short, or nothing.
    const end = bytes.lastIndexOf(0x0a) + 1;
    const chunks: { no: number; bytes: Buffer; last: boolean }[] = [];
    let from = 0;
    let no = 0;
    while (from < end) {
      const nl = bytes.indexOf(0x0a, from);
      chunks.push({ no: ++no, bytes: bytes.subarray(from, nl), last: false });
      from = nl + 1;
    }
    if (end < bytes.length) chunks.push({ no: no + 1, bytes: bytes.subarray(end), last: true });
    for (const chunk of chunks) {
      if (chunk.bytes.toString('latin1').trim() === '') continue;
      const parsed = parseBytes(chunk.bytes);
      if (header === null) {
        const h = parsed.ok ? v.safeParse(Header, parsed.data) : null;
        if (h?.success) {
          header = h.output;
          if (chunk.last) endLine = true;
          continue;
        }
        // The first line is not a room line. With nothing after it, nothing was ever accepted here (a crash while
        // creating the log, or a stray file): it is moved aside below. With lines after it, the room is unknown.
        if (chunks.some((c) => c.no > chunk.no)) {
          throw new Error(
            `${path}:${chunk.no} is not a room line (${preview(chunk.bytes)}): the room's code and secret are lost; ` +
              `move the file away or start with --new (which keeps it beside the new room)`,
          );
        }
        break;
      }
      const e = parsed.ok ? v.safeParse(RoomEvent, parsed.data) : null;
      if (e?.success) {
        events.push(e.output);
        lines.push(chunk.no);
        if (chunk.last) endLine = true;
      } else if (chunk.last) {
        cutAt = end;
        warnings.push(
          `${path}:${chunk.no}: the last line was cut short (a crash while writing it?): its ${chunk.bytes.length} ` +
            `bytes are cut off the file: ${preview(chunk.bytes)}`,
        );
      } else {
        damaged.push(chunk.no);
        warnings.push(
          `${path}:${chunk.no}: ${parsed.ok ? 'not an event' : parsed.why}; skipped (${chunk.bytes.length} bytes: ` +
            `${preview(chunk.bytes)})`,
        );
      }
    }
    if (header === null) {
      const aside = `${path}.broken-${now}`;
      const what =
        bytes.length === 0
          ? 'is empty (0 bytes)'
          : chunks.length === 1 && chunks[0]!.last
            ? `holds only a cut room line (${bytes.length} bytes: ${preview(bytes)})`
            : `holds no room line (${bytes.length} bytes: ${preview(bytes)})`;
      renameSync(path, aside);
      warnings.push(
        `${path} ${what}: nothing was ever accepted in it; it is moved aside to ${aside}, and a NEW room starts ` +
          `(a new code and secret)`,
      );
    }
  }
  if (header !== null && options.room) replay(path, options.room, events, lines, damaged, !!options.repair, warnings);
  if (header !== null) {
    if (cutAt !== null) {
      truncateSync(path, cutAt);
      fsyncPath(path);
    } else if (endLine) {
      // A complete last line without its newline: end it, so the next line starts clean.
      writeFileSync(path, '\n', { flag: 'a' });
      fsyncPath(path);
    }
    return { header, events, lines, resumed: true };
  }
  const fresh: Header = { t: 'room', v: LOG_VERSION, room: newRoomCode(), secret: newSecret(), created: now };
  writeFileSync(path, JSON.stringify(fresh) + '\n', { flag: 'wx' });
  fsyncPath(path);
  fsyncPath(dir);
  return { header: fresh, events, lines, resumed: false };
}

function describe(e: RoomEvent): string {
  switch (e.t) {
    case 'vote':
      return `vote of ${e.pid} on ${e.qid}`;
    case 'join':
    case 'nick':
      return `${e.t} of ${e.pid}`;
    case 'poll':
      return `poll ${e.action} of ${e.qid}`;
    default:
      return `${e.t} event`;
  }
}

/**
 * Replays the events into the room. A record the room refuses because a line before it is missing is rebuilt from
 * what it implies: a vote or a nickname implies that its participant joined (a join the server could not write is
 * missing without any damage: the participant was welcomed all the same), and after a damaged line a vote or a close
 * implies that its question was open. What cannot be rebuilt after a damaged line stops the start, unless `repair`.
 */
function replay(
  path: string,
  room: Room,
  events: readonly RoomEvent[],
  lines: readonly number[],
  damaged: readonly number[],
  repair: boolean,
  warnings: string[],
): void {
  const lost: string[] = [];
  const unknown = new Set<string>();
  events.forEach((e, i) => {
    const at = `${path}:${lines[i]}`;
    let r = room.apply(e);
    if (!r.ok && r.reason === 'hello-first' && (e.t === 'vote' || e.t === 'nick')) {
      room.apply({ t: 'join', pid: e.pid, at: e.at });
      warnings.push(`${at}: the ${describe(e)} implies its participant joined: the join is rebuilt`);
      r = room.apply(e);
    }
    // A question's status comes only from the presenter's commands: only a damaged line before explains a vote or a
    // close the room now refuses as not open (the server logs a vote only once it checked it against the logged room).
    const afterDamage = damaged.some((d) => d < lines[i]!);
    if (
      !r.ok &&
      r.reason === 'not-open' &&
      afterDamage &&
      (e.t === 'vote' || (e.t === 'poll' && e.action === 'close'))
    ) {
      if (room.apply({ t: 'poll', qid: e.qid, action: 'open', at: e.at }).ok) {
        warnings.push(`${at}: the ${describe(e)} implies its question was open: it is reopened from it`);
        r = room.apply(e);
      }
    }
    if (!r.ok && r.reason === 'unknown-question' && (e.t === 'vote' || e.t === 'poll')) unknown.add(e.qid);
    if (!r.ok) lost.push(`${at}: the ${describe(e)} is refused on replay (${r.reason})`);
  });
  // A host's question the log asked that this start does not know: its file was not given again (--questions).
  if (unknown.size > 0 && !repair) {
    throw new RoomDamagedError(
      `${path}: the room asked question${unknown.size > 1 ? 's' : ''} ${[...unknown].join(', ')}, which this start ` +
        `does not know: start it with the same questions file (--questions), or with --repair to drop ` +
        `${unknown.size > 1 ? 'their' : 'its'} votes knowingly.`,
    );
  }
  if (lost.length > 0 && damaged.length > 0 && !repair) {
    throw new RoomDamagedError(
      `${path}: the damaged line${damaged.length > 1 ? 's' : ''} ${damaged.join(', ')} would take ${lost.length} ` +
        `record${lost.length > 1 ? 's' : ''} with ${damaged.length > 1 ? 'them' : 'it'}:\n  ${lost.join('\n  ')}\n` +
        `Look at those lines (the file is unchanged), or start with --repair to drop these records knowingly.`,
    );
  }
  for (const l of lost) warnings.push(`${l}; skipped`);
}

// ------------------------------------------------------------------------------------------------ the store

type Fault = { kind: 'full'; limit: number } | { kind: 'eio' } | null;

function readFault(file: string): Fault {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  const full = /^full\s+(\d+)$/.exec(text);
  if (full) return { kind: 'full', limit: Number(full[1]) };
  return text === 'eio' ? { kind: 'eio' } : null;
}

function errno(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message} (injected)`), { code });
}

export class Store {
  private pending: { line: string; done: () => void; fail: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private closed = false;
  /** A write failed after part of it may have reached the file: cut back to `size` before the next one. */
  private dirty = false;
  /** Writes and fsyncs so far: a group commit takes many lines per fsync. */
  fsyncs = 0;
  lines = 0;
  /** Batches whose write or fsync failed (their lines were refused). */
  failures = 0;

  constructor(
    private readonly handle: FileHandle,
    /** The file's size up to its last fsynced line. */
    private size: number,
    private readonly lock: RoomLock | null = null,
    private readonly faultFile: string | null = null,
  ) {}

  /** Resolves when the event's line is on disk (written and fsynced); rejects if it could not be. */
  append(event: RoomEvent): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    return new Promise((done, fail) => {
      this.pending.push({ line: JSON.stringify(event) + '\n', done, fail });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.flush();
        });
      }
    });
  }

  private async writeAll(data: Buffer): Promise<void> {
    const fault = this.faultFile === null ? null : readFault(this.faultFile);
    let chunk = data;
    if (fault?.kind === 'full' && this.size + data.length > fault.limit) {
      chunk = data.subarray(0, Math.max(0, fault.limit - this.size));
    }
    let off = 0;
    while (off < chunk.length) off += (await this.handle.write(chunk, off, chunk.length - off)).bytesWritten;
    if (chunk.length < data.length) throw errno('ENOSPC', 'no space left on device');
    if (fault?.kind === 'eio') throw errno('EIO', 'fsync failed');
    await this.handle.sync();
  }

  /** Writes everything pending; one batch at a time, the next gathers while this one is fsynced. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = (async () => {
      try {
        if (this.dirty) {
          // What a failed write left behind (a partial line) goes before anything else is written.
          await this.handle.truncate(this.size);
          await this.handle.sync();
          this.dirty = false;
        }
        const data = Buffer.from(batch.map((b) => b.line).join(''));
        this.dirty = true;
        await this.writeAll(data);
        this.dirty = false;
        this.size += data.length;
        this.fsyncs++;
        this.lines += batch.length;
        for (const b of batch) b.done();
      } catch (e) {
        this.failures++;
        // Cut off what reached the file, at once if it can be (else before the next write).
        if (this.dirty) {
          try {
            await this.handle.truncate(this.size);
            await this.handle.sync();
            this.dirty = false;
          } catch {
            // the next flush tries again
          }
        }
        for (const b of batch) b.fail(e);
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
    if (this.pending.length > 0 && !this.scheduled) await this.flush();
  }

  /** Flushes what is pending, closes the file and releases the folder's lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    await this.handle.close();
    this.lock?.release();
  }
}
