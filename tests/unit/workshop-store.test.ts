/**
 * The workshop's log (server/store.ts) on a real temporary directory: group commit, replay, a line cut by a crash,
 * a bad line, a new room that keeps the old log.
 */
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { RoomEvent } from '../../server/poll.ts';
import { LOG_NAME, newRoomCode, openStore } from '../../server/store.ts';
import { pidOf, tempDir, removeTempDirs } from './workshop-client.ts';

afterAll(removeTempDirs);

const vote = (i: number): RoomEvent => ({
  t: 'vote',
  pid: pidOf(i),
  qid: 'quiz-busy-wait',
  choice: i % 4,
  at: 1000 + i,
});

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
  expect(b.warnings[0]).toMatch(/cut short/);
  expect(b.warnings[1]).toMatch(/:3: not an event/);
  expect(b.events).toEqual([vote(1), vote(2)]);
  await b.store.append(vote(3));
  await b.store.close();
  const c = await openStore(dir);
  expect(c.warnings).toEqual([`${join(dir, LOG_NAME)}:3: not an event; skipped`]);
  expect(c.events).toEqual([vote(1), vote(2), vote(3)]);
  await c.store.close();
});

test('--new starts another room and keeps the old log; a file that is not a log is refused with a clear message', async () => {
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
  writeFileSync(join(other, LOG_NAME), 'hello\n');
  await expect(openStore(other)).rejects.toThrow(/does not start with a room line/);
  // Only a cut room line: nothing was ever accepted there; a new room starts and the broken file is kept.
  const cut = tempDir('store');
  writeFileSync(join(cut, LOG_NAME), '{"t":"room","v":1,"ro');
  const c = await openStore(cut);
  expect(c.resumed).toBe(false);
  await c.store.close();
  expect(readdirSync(cut).some((f) => f.includes('broken'))).toBe(true);
});

test('room codes avoid the characters people misread (0/O, 1/I)', () => {
  const codes = Array.from({ length: 200 }, () => newRoomCode()).join('');
  expect(codes).toMatch(/^[A-HJ-NP-Z2-9]+$/);
});
