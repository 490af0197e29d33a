/**
 * Nothing lost: the room as an append-only log of JSON lines, `<data>/room.jsonl`. The first line names the room
 * (its code and the presenter's secret), each further line is one accepted event (server/poll.ts's RoomEvent).
 * `append` resolves once its line is written and fsynced: the server acknowledges a vote only then. Lines that
 * arrive in the same tick are written and fsynced together (group commit), so 2,000 votes do not cost 2,000 fsyncs.
 *
 * On start the log is replayed. A last line cut short by a crash is dropped with a warning (and cut off the file,
 * so the next line starts clean); any other line that does not parse is skipped with a warning. Neither is fatal.
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
} from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { Choice, Id, Nick, ParticipantId, Room as RoomCode, SlidePosition } from '../lib/workshop-protocol.ts';
import type { RoomEvent } from './poll.ts';

export const LOG_NAME = 'room.jsonl';
export const LOG_VERSION = 1;

const At = v.pipe(v.number(), v.integer(), v.minValue(0));
const LogEvent = v.variant('t', [
  v.strictObject({ t: v.literal('join'), pid: ParticipantId, nick: v.optional(Nick), at: At }),
  v.strictObject({ t: v.literal('nick'), pid: ParticipantId, nick: Nick, at: At }),
  v.strictObject({ t: v.literal('vote'), pid: ParticipantId, qid: Id, choice: Choice, at: At }),
  v.strictObject({ t: v.literal('poll'), qid: Id, action: v.picklist(['open', 'close', 'reveal', 'reset']), at: At }),
  v.strictObject({ t: v.literal('slide'), slide: SlidePosition, at: At }),
  v.strictObject({ t: v.literal('showTop'), show: v.boolean(), at: At }),
]);
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

export interface Opened {
  readonly store: Store;
  readonly room: string;
  readonly secret: string;
  /** The events to replay, in order. */
  readonly events: RoomEvent[];
  /** What replaying found wrong (a cut last line, a bad line), for the console. */
  readonly warnings: string[];
  /** True when the log was there and this is the same room again. */
  readonly resumed: boolean;
}

/**
 * Opens the data directory's log: resumes the room in it, or starts a new one (no log yet, or `fresh`: the old log
 * is kept beside it as `room-<time>.jsonl`).
 */
export async function openStore(dir: string, options: { fresh?: boolean; now?: number } = {}): Promise<Opened> {
  const now = options.now ?? Date.now();
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOG_NAME);
  const warnings: string[] = [];
  if (options.fresh && existsSync(path)) {
    const kept = join(dir, `room-${new Date(now).toISOString().replace(/[:.]/g, '-')}.jsonl`);
    renameSync(path, kept);
    warnings.push(`the previous room's log is kept as ${kept}`);
  }
  let header: Header | null = null;
  const events: RoomEvent[] = [];
  if (existsSync(path)) {
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    // After the last '\n' comes either nothing or a line the crash cut short.
    const tail = lines.pop() ?? '';
    let goodBytes = Buffer.byteLength(text) - Buffer.byteLength(tail);
    if (tail !== '') {
      const parsed = parseLine(tail);
      if (parsed === null) {
        warnings.push(`${path}: the last line was cut short (a crash while writing it?); it is ignored`);
      } else {
        lines.push(tail);
        goodBytes = Buffer.byteLength(text);
      }
    }
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const data = parseLine(line);
      if (header === null) {
        const h = v.safeParse(Header, data);
        if (!h.success) throw new Error(`${path} does not start with a room line; move it away or start with --new`);
        header = h.output;
        return;
      }
      const e = v.safeParse(LogEvent, data);
      if (e.success) events.push(e.output);
      else warnings.push(`${path}:${i + 1}: not an event; skipped`);
    });
    if (header === null) {
      // Not even the room line is whole (a crash while creating the log): nothing was ever accepted in it.
      renameSync(path, `${path}.broken-${now}`);
    } else if (goodBytes < Buffer.byteLength(text)) {
      truncateSync(path, goodBytes);
    } else if (text.length > 0 && !text.endsWith('\n')) {
      // A complete last line without its newline: end it, so the next line starts clean.
      writeFileSync(path, '\n', { flag: 'a' });
    }
  }
  const resumed = header !== null;
  if (header === null) {
    header = { t: 'room', v: LOG_VERSION, room: newRoomCode(), secret: newSecret(), created: now };
    writeFileSync(path, JSON.stringify(header) + '\n', { flag: 'wx' });
    const fd = openSync(path, 'r');
    fsyncSync(fd);
    closeSync(fd);
    const dfd = openSync(dir, 'r');
    fsyncSync(dfd);
    closeSync(dfd);
  }
  const h: Header = header;
  const handle = await open(path, 'a');
  return { store: new Store(handle), room: h.room, secret: h.secret, events, warnings, resumed };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return null;
  }
}

export class Store {
  private pending: { line: string; done: () => void; fail: (e: unknown) => void }[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private closed = false;
  /** Writes and fsyncs so far: a group commit takes many lines per fsync. */
  fsyncs = 0;
  lines = 0;

  constructor(private readonly handle: FileHandle) {}

  /** Resolves when the event's line is on disk (written and fsynced). */
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

  /** Writes everything pending; one batch at a time, the next gathers while this one is fsynced. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = (async () => {
      try {
        await this.handle.write(batch.map((b) => b.line).join(''));
        await this.handle.sync();
        this.fsyncs++;
        this.lines += batch.length;
        for (const b of batch) b.done();
      } catch (e) {
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

  /** Flushes what is pending and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    await this.handle.close();
  }
}
