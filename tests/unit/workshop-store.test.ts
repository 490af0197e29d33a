/**
 * The workshop's log (server/store.ts) on a real temporary directory: group commit, replay, a line cut by a crash,
 * a bad line, a new room that keeps the old log; recovery on bytes (fast-check: any cut, any one damaged line); the
 * folder's lock; damaged records and their dependents; writes that fail (the test-only fault file).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, test } from 'vitest';
import { Room, type PollAction, type RoomEvent } from '../../server/poll.ts';
import { QUIZZES } from '../../server/quizzes.ts';
import { LOCK_NAME, LOG_NAME, RoomDamagedError, RoomLockedError, newRoomCode, openStore } from '../../server/store.ts';
import { pidOf, tempDir, removeTempDirs } from './workshop-client.ts';

afterAll(removeTempDirs);

const Q = QUIZZES[0]!;
const vote = (i: number, qid = Q.id): RoomEvent => ({ t: 'vote', pid: pidOf(i), qid, choice: i % 4, at: 1000 + i });
const join_ = (i: number, nick?: string): RoomEvent => ({ t: 'join', pid: pidOf(i), nick, at: 900 + i });
const HEADER = JSON.stringify({ t: 'room', v: 1, room: 'ABCDE', secret: 'a-secret-of-the-room-24', created: 1 });

/** The folder's files and their bytes. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
}

test('a new log starts with the room line; appends in one tick share one fsync; a reopen replays them in order', async () => {
  const dir = tempDir('store');
  const a = await openStore(dir, { now: 5 });
  expect(a.resumed).toBe(false);
  expect(a.room).toMatch(/^[A-Z2-9]{5}$/);
  const events = Array.from({ length: 500 }, (_, i) => vote(i));
  await Promise.all(events.map((e) => a.store.append(e)));
  expect(a.store.lines).toBe(500);
  expect(a.store.fsyncs).toBeLessThanOrEqual(3);
  await a.store.close();
  const lines = readFileSync(join(dir, LOG_NAME), 'utf8').split('\n');
  expect(JSON.parse(lines[0]!)).toEqual({ t: 'room', v: 1, room: a.room, secret: a.secret, created: 5 });
  expect(lines.length).toBe(502); // the room line, 500 events, '' after the last newline
  const b = await openStore(dir);
  expect({ room: b.room, secret: b.secret, resumed: b.resumed, warnings: b.warnings }).toEqual({
    room: a.room,
    secret: a.secret,
    resumed: true,
    warnings: [],
  });
  expect(b.events).toEqual(events);
  await b.store.close();
});

test('a last line cut short is dropped with a warning and cut off the file; a bad line inside is skipped', async () => {
  const dir = tempDir('store');
  const a = await openStore(dir);
  await a.store.append(vote(1));
  await a.store.close();
  appendFileSync(join(dir, LOG_NAME), '{"t":"nonsense"}\n');
  await (await openStore(dir)).store.close();
  appendFileSync(join(dir, LOG_NAME), JSON.stringify(vote(2)) + '\n{"t":"vote","pid":"test-par');
  const b = await openStore(dir);
  expect(b.warnings).toHaveLength(2);
  expect(b.warnings[0]).toMatch(/:3: not an event; skipped \(16 bytes: "\{\\"t\\":\\"nonsense\\"\}"\)/);
  expect(b.warnings[1]).toMatch(/:5: the last line was cut short .*its 27 bytes are cut off/);
  expect(b.events).toEqual([vote(1), vote(2)]);
  await b.store.append(vote(3));
  await b.store.close();
  const c = await openStore(dir);
  expect(c.warnings).toHaveLength(1);
  expect(c.warnings[0]).toMatch(/:3: not an event; skipped/);
  expect(c.events).toEqual([vote(1), vote(2), vote(3)]);
  await c.store.close();
});

test('recovery is on bytes: a line of invalid UTF-8 in the middle and a cut tail; the file is cut exactly at the last newline', async () => {
  const dir = tempDir('store');
  const path = join(dir, LOG_NAME);
  const good = Buffer.from(
    [HEADER, JSON.stringify(join_(1, 'Ёжик 🦔')), JSON.stringify(vote(1))].join('\n') + '\n',
    'utf8',
  );
  // A join whose nickname's bytes were damaged: 0xFF 0xFE are no UTF-8 (each decodes to a 3-byte U+FFFD).
  const bad = Buffer.concat([
    Buffer.from('{"t":"join","pid":"' + pidOf(2) + '","nick":"'),
    Buffer.from([0xff, 0xfe, 0xff]),
    Buffer.from('","at":5}\n'),
  ]);
  const after = Buffer.from(JSON.stringify(vote(3)) + '\n');
  const cut = Buffer.from('{"t":"vote","pid":"test-partic');
  writeFileSync(path, Buffer.concat([good, bad, after, cut]));
  const a = await openStore(dir);
  expect(a.events).toEqual([join_(1, 'Ёжик 🦔'), vote(1), vote(3)]);
  expect(a.lines).toEqual([2, 3, 5]);
  expect(a.warnings[0]).toMatch(/:4: not valid UTF-8; skipped \(64 bytes: /);
  expect(a.warnings.some((w) => /:6: the last line was cut short/.test(w))).toBe(true);
  // Exactly the complete lines are left: not a byte more (no NUL, no cut tail), not a byte less.
  expect(readFileSync(path).equals(Buffer.concat([good, bad, after]))).toBe(true);
  await a.store.append(join_(4));
  await a.store.close();
  const b = await openStore(dir);
  expect(b.events).toEqual([join_(1, 'Ёжик 🦔'), vote(1), vote(3), join_(4)]);
  expect(b.warnings).toHaveLength(1);
  await b.store.close();
});

// ------------------------------------------------------------------------------------------ properties

const nickArb = fc.option(
  fc.string({ unit: fc.constantFrom('a', 'Я', 'ё', '€', '🦔', ' ', '"', '\\'), maxLength: 8 }).map((s) => s.trim()),
  { nil: undefined },
);
const eventArb: fc.Arbitrary<RoomEvent> = fc.oneof(
  fc.record({ i: fc.nat(50), nick: nickArb }).map(({ i, nick }) => join_(i, nick)),
  fc.record({ i: fc.nat(50), c: fc.nat(3) }).map(({ i, c }) => ({ ...vote(i), choice: c })),
  fc
    .record({
      q: fc.constantFrom(...QUIZZES.map((q) => q.id)),
      a: fc.constantFrom<PollAction[]>('open', 'close', 'reveal', 'reset'),
    })
    .map(({ q, a }): RoomEvent => ({ t: 'poll', qid: q, action: a, at: 7 })),
);
/** Events as the store writes them (undefined fields dropped), and the log's bytes. */
function logOf(events: RoomEvent[]): { events: RoomEvent[]; lines: Buffer[] } {
  const clean = events.map((e) => JSON.parse(JSON.stringify(e)) as RoomEvent);
  return { events: clean, lines: [HEADER, ...clean.map((e) => JSON.stringify(e))].map((l) => Buffer.from(l + '\n')) };
}
const propDir = tempDir('store-prop');
function reset(): string {
  for (const f of readdirSync(propDir)) rmSync(join(propDir, f), { force: true });
  return propDir;
}

test('property: a log cut at any byte replays every line before the cut, and goes on cleanly', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArb, { minLength: 1, maxLength: 20 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      async (evs, where) => {
        const { events, lines } = logOf(evs);
        const all = Buffer.concat(lines);
        const k = Math.floor(where * all.length);
        const dir = reset();
        writeFileSync(join(dir, LOG_NAME), all.subarray(0, k));
        // The records whose line (its newline aside) lies wholly before the cut.
        let end = 0;
        const whole = lines.map((l) => (end += l.length) - 1 <= k);
        const a = await openStore(dir);
        if (!whole[0]) {
          expect(a.resumed).toBe(false);
          expect(a.events).toEqual([]);
          if (k > 0) expect(a.warnings.join('\n')).toMatch(/moved aside to .*broken.*a NEW room starts/);
        } else {
          expect(a.events).toEqual(events.filter((_, i) => whole[i + 1]));
        }
        await a.store.append(vote(99));
        await a.store.close();
        const b = await openStore(dir);
        expect(b.warnings).toEqual([]);
        expect(b.events).toEqual([...a.events, vote(99)]);
        await b.store.close();
      },
    ),
    { numRuns: 120, seed: 17 },
  );
});

test('property: any one damaged line is skipped with its line number; every other record is replayed', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(eventArb, { minLength: 1, maxLength: 20 }),
      fc.nat(),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom('0xff', 'nul', 'cut'),
      async (evs, pick, where, how) => {
        const { events, lines } = logOf(evs);
        const i = 1 + (pick % events.length); // an event's line (0 is the room line)
        const line = Buffer.from(lines[i]!);
        const j = 1 + Math.floor(where * (line.length - 2)); // a byte of it, its newline aside
        const damaged =
          how === 'cut'
            ? Buffer.concat([line.subarray(0, j), Buffer.from('\n')])
            : Buffer.concat([line.subarray(0, j), Buffer.from([how === 'nul' ? 0 : 0xff]), line.subarray(j + 1)]);
        const dir = reset();
        writeFileSync(join(dir, LOG_NAME), Buffer.concat(lines.map((l, n) => (n === i ? damaged : l))));
        const a = await openStore(dir);
        expect(a.events).toEqual(events.filter((_, n) => n !== i - 1));
        expect(a.warnings).toHaveLength(1);
        expect(a.warnings[0]).toMatch(
          new RegExp(`:${i + 1}: (not valid UTF-8|not JSON|not an event); skipped \\(\\d+ bytes: `),
        );
        await a.store.close();
      },
    ),
    { numRuns: 150, seed: 17 },
  );
});

// ------------------------------------------------------------------------------------------ damaged records

test('a damaged poll open line: the question is rebuilt from its votes, each rebuild named', async () => {
  const dir = tempDir('store');
  const open: RoomEvent = { t: 'poll', qid: Q.id, action: 'open', at: 10 };
  const events = [join_(1), join_(2), join_(3), open, vote(1), vote(2), vote(3)];
  const lines = [HEADER, ...events.map((e) => JSON.stringify(e))];
  lines[4] = lines[4]!.slice(0, 12) + '\u0000' + lines[4]!.slice(13);
  writeFileSync(join(dir, LOG_NAME), lines.join('\n') + '\n');
  const room = new Room(QUIZZES);
  const a = await openStore(dir, { room });
  expect(room.statusOf(Q.id)).toBe('open');
  expect(room.votersOf(Q.id)).toEqual([pidOf(1), pidOf(2), pidOf(3)]);
  expect(a.warnings[0]).toMatch(/:5: not JSON; skipped/);
  expect(a.warnings[1]).toMatch(/:6: the vote of .* implies its question was open: it is reopened/);
  expect(a.warnings).toHaveLength(2);
  await a.store.close();
});

test('a damaged join is rebuilt from the vote; a damaged reset that would drop votes stops the start, --repair drops them', async () => {
  const dir = tempDir('store');
  const path = join(dir, LOG_NAME);
  const open: RoomEvent = { t: 'poll', qid: Q.id, action: 'open', at: 10 };
  const reset_: RoomEvent = { t: 'poll', qid: Q.id, action: 'reset', at: 20 };
  const events = [join_(1), open, vote(1), reset_, open, { ...vote(1), choice: 3 }];
  const lines = [HEADER, ...events.map((e) => JSON.stringify(e))];
  lines[1] = '\u00ff' + lines[1]!; // the join: not JSON
  lines[4] = lines[4]!.slice(0, 20); // the reset: cut short, then the next line
  writeFileSync(path, lines.join('\n') + '\n');
  const before = snapshot(dir);
  const err = await openStore(dir, { room: new Room(QUIZZES) }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(RoomDamagedError);
  expect((err as Error).message).toMatch(/damaged lines 2, 5 would take 1 record with them/);
  expect((err as Error).message).toMatch(
    /:7: the vote of test-participant-000001 on .* is refused on replay \(already-voted\)/,
  );
  expect((err as Error).message).toMatch(/--repair/);
  expect(snapshot(dir)).toEqual(before); // nothing written, and the lock is released again
  const room = new Room(QUIZZES);
  const a = await openStore(dir, { room, repair: true });
  expect(a.warnings.join('\n')).toMatch(/:4: the vote of .* implies its participant joined: the join is rebuilt/);
  expect(a.warnings.join('\n')).toMatch(/:7: the vote .* refused on replay \(already-voted\); skipped/);
  expect(room.choiceOf(pidOf(1), Q.id)).toBe(1);
  await a.store.close();
});

test('a log holding no room (0 bytes, a cut room line, one line of garbage) is moved aside, and the warning says the room is new', async () => {
  for (const content of ['', '{"t":"room","v":1,"ro', 'hello\n']) {
    const dir = tempDir('store');
    writeFileSync(join(dir, LOG_NAME), content);
    const a = await openStore(dir, { now: 42 });
    expect(a.resumed).toBe(false);
    const aside = join(dir, `${LOG_NAME}.broken-42`);
    expect(a.warnings).toHaveLength(1);
    expect(a.warnings[0]).toContain(`it is moved aside to ${aside}, and a NEW room starts`);
    expect(a.warnings[0]).toMatch(content === '' ? /is empty \(0 bytes\)/ : /bytes: /);
    expect(readFileSync(aside, 'utf8')).toBe(content);
    await a.store.close();
  }
});

test('--new starts another room and keeps the old log; a log whose room line is damaged is refused with a clear message', async () => {
  const dir = tempDir('store');
  const a = await openStore(dir);
  await a.store.append(vote(1));
  await a.store.close();
  const b = await openStore(dir, { fresh: true });
  expect(b.secret).not.toBe(a.secret);
  expect(b.events).toEqual([]);
  await b.store.close();
  expect(readdirSync(dir).filter((f) => f.startsWith('room-'))).toHaveLength(1);
  const other = tempDir('store');
  writeFileSync(join(other, LOG_NAME), 'hello\n' + JSON.stringify(vote(1)) + '\n');
  await expect(openStore(other)).rejects.toThrow(
    /:1 is not a room line \("hello"\): the room's code and secret are lost/,
  );
  expect(readdirSync(other)).toEqual([LOG_NAME]);
});

// ------------------------------------------------------------------------------------------ the lock

test('one store per folder: a second open is refused naming the pid and changes nothing; close releases the lock', async () => {
  const dir = tempDir('store');
  const a = await openStore(dir);
  await a.store.append(vote(1));
  expect(readFileSync(join(dir, LOCK_NAME), 'utf8')).toBe(`${process.pid}\n`);
  const before = snapshot(dir);
  for (const fresh of [false, true]) {
    const err = await openStore(dir, { fresh }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RoomLockedError);
    expect((err as Error).message).toContain(
      `another workshop server (pid ${process.pid}) holds ${join(dir, LOCK_NAME)}`,
    );
    expect(snapshot(dir)).toEqual(before);
  }
  await a.store.append(vote(2)); // the first goes on
  await a.store.close();
  expect(existsSync(join(dir, LOCK_NAME))).toBe(false);
  const b = await openStore(dir);
  expect(b.events).toEqual([vote(1), vote(2)]);
  await b.store.close();
});

test('a stale lock (its process is gone) is taken over with a warning', async () => {
  const dir = tempDir('store');
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(dead.stdout);
  expect(pid).toBeGreaterThan(0);
  writeFileSync(join(dir, LOCK_NAME), `${pid}\n`);
  const a = await openStore(dir);
  expect(a.warnings).toEqual([
    `${join(dir, LOCK_NAME)}: a stale lock of pid ${pid} (no such process: it was killed or crashed) is taken over`,
  ]);
  expect(readFileSync(join(dir, LOCK_NAME), 'utf8')).toBe(`${process.pid}\n`);
  await a.store.close();
});

// ------------------------------------------------------------------------------------------ failing writes

test('a full disk: the batch is refused, its partial line cut off again; once there is room the log goes on cleanly', async () => {
  const dir = tempDir('store');
  const faults = join(tempDir('faults'), 'faults');
  const a = await openStore(dir, { faultFile: faults });
  await a.store.append(vote(1));
  const size = readFileSync(join(dir, LOG_NAME)).length;
  writeFileSync(faults, `full ${size + 30}`); // room for 30 bytes: part of the next line
  await expect(Promise.all([a.store.append(vote(2)), a.store.append(vote(3))])).rejects.toThrow(/ENOSPC/);
  expect(readFileSync(join(dir, LOG_NAME)).length).toBe(size);
  writeFileSync(faults, 'eio');
  await expect(a.store.append(vote(2))).rejects.toThrow(/EIO/);
  expect(readFileSync(join(dir, LOG_NAME)).length).toBe(size);
  expect(a.store.failures).toBe(2);
  rmSync(faults);
  await a.store.append(vote(4));
  await a.store.close();
  const b = await openStore(dir);
  expect(b.warnings).toEqual([]);
  expect(b.events).toEqual([vote(1), vote(4)]);
  await b.store.close();
});

test('room codes avoid the characters people misread (0/O, 1/I)', () => {
  const codes = Array.from({ length: 200 }, () => newRoomCode()).join('');
  expect(codes).toMatch(/^[A-HJ-NP-Z2-9]+$/);
});
