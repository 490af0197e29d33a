/**
 * Faults, for real: the workshop server as child processes (`server/cli.ts`) on loopback, with real `ws` clients.
 * `kill -9` at seeded random moments during 1,000 votes; a disk that fills up and a log whose fsync fails (the
 * store's test-only fault file, HSW_WORKSHOP_FAULTS: server/store.ts); a second server on the same data folder.
 * After each, every acknowledged vote is counted, and nothing that was not sent, or was refused, is.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { mulberry32 } from '../../lib/random.ts';
import { QUIZZES } from '../../server/quizzes.ts';
import { FAULTS_ENV, LOCK_NAME, LOG_NAME } from '../../server/store.ts';
import { childServers, type ChildServer as Server } from './workshop-child.ts';
import { get, pidOf, tempDir, type Msg, type TestClient } from './workshop-client.ts';

const { cliArgs, start, run, hello, kill9 } = childServers();

async function presenter(s: Server): Promise<TestClient> {
  return (await hello(s, { role: 'presenter', secret: s.secret })).c;
}

/** Participants 0..n-1, joined (in batches: the welcome of each). */
async function participants(s: Server, n: number): Promise<{ c: TestClient; welcome: Msg }[]> {
  const out: { c: TestClient; welcome: Msg }[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = Array.from({ length: Math.min(50, n - i) }, (_, k) =>
      hello(s, { role: 'participant', pid: pidOf(i + k) }),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

type Answers = Map<string, Record<string, number>>;

/** The server's export: pid → qid → choice. */
async function counted(s: Server): Promise<Answers> {
  const r = await get(s.port, `/api/export.json?key=${s.secret}`);
  expect(r.status).toBe(200);
  const body = JSON.parse(r.body) as { participants: { pid: string; answers: Record<string, number> }[] };
  return new Map(body.participants.map((p) => [p.pid, p.answers]));
}

function countOf(a: Answers): number {
  let n = 0;
  for (const answers of a.values()) n += Object.keys(answers).length;
  return n;
}

/** Every line of the log is one whole JSON line. */
function logIsClean(dataDir: string): void {
  const text = readFileSync(join(dataDir, LOG_NAME), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.trimEnd().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
}

/** Records every ack and refusal a participant's socket receives, as `${pid} ${qid}` (refusals: their reasons). */
function track(c: TestClient, pid: string, acked: Set<string>, refused: string[]): void {
  c.ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString('utf8')) as Msg;
    if (m.type === 'ack') acked.add(`${pid} ${String(m['qid'])}`);
    if (m.type === 'refused') refused.push(String(m['reason']));
  });
}

async function until(what: string, cond: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`waited for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

test('kill -9 at two seeded random moments during 1,000 votes and once after them: after each restart every acked vote is counted, nothing else', async () => {
  const random = mulberry32(17);
  const dataDir = tempDir('faults-kill');
  const P = Math.ceil(1000 / QUIZZES.length); // each participant votes once on each question
  const TOTAL = 1000;
  const vote = (i: number) => ({
    k: i % P,
    pid: pidOf(i % P),
    qid: QUIZZES[Math.floor(i / P)]!.id,
    choice: (i * 7) % 4,
  });
  const kills = [0, 0].map(() => 50 + Math.floor(random() * (TOTAL - 100))).sort((a, b) => a - b);
  const sent = new Map<string, number>(); // `${pid} ${qid}` → choice
  const acked = new Set<string>();
  const refused: string[] = [];
  const join = async (s: Server) => {
    const people = await participants(s, P);
    people.forEach(({ c }, k) => track(c, pidOf(k), acked, refused));
    return people.map(({ c }) => c);
  };

  let s = await start(dataDir);
  const p = await presenter(s);
  for (const q of QUIZZES) p.send({ type: 'poll', qid: q.id, action: 'open' });
  await p.type('poll', (m) => (m['poll'] as { qid: string }).qid === QUIZZES.at(-1)!.id);
  let people = await join(s);
  let next = 0;
  for (let round = 0; round <= kills.length; round++) {
    const stop = kills[round] ?? TOTAL;
    // Votes go out in bursts of 1–40, a few ms apart; the kill lands right after vote `stop`, acks in flight.
    while (next < stop) {
      await new Promise((done) => setTimeout(done, Math.floor(random() * 8)));
      const burst = Math.min(stop - next, 1 + Math.floor(random() * 40));
      for (let b = 0; b < burst; b++, next++) {
        const v = vote(next);
        sent.set(`${v.pid} ${v.qid}`, v.choice);
        people[v.k]!.send({ type: 'vote', qid: v.qid, choice: v.choice });
      }
    }
    // The last round: every vote answered before the final kill.
    if (round === kills.length) await until('every ack', () => acked.size === sent.size);
    else await new Promise((done) => setTimeout(done, Math.floor(random() * 3)));
    const ackedBefore = new Set(acked);
    await kill9(s);
    s = await start(dataDir);
    expect(s.stderr()).toMatch(/a stale lock of pid \d+ .* is taken over/);
    const now = await counted(s);
    for (const key of ackedBefore) {
      const [pid, qid] = key.split(' ') as [string, string];
      expect(now.get(pid)?.[qid], `acked ${key}`).toBe(sent.get(key));
    }
    // Nothing counted that was not sent: a vote written but not acked before the kill may be there (it was sent).
    for (const [pid, answers] of now) {
      for (const [qid, choice] of Object.entries(answers)) expect(sent.get(`${pid} ${qid}`)).toBe(choice);
    }
    logIsClean(dataDir);
    if (round < kills.length) {
      people = await join(s);
      // A vote in flight that is not in the room is sent again, as a phone does after its welcome.
      for (const [key, choice] of sent) {
        const [pid, qid] = key.split(' ') as [string, string];
        if (now.get(pid)?.[qid] === undefined) people[Number(pid.slice(-6))]!.send({ type: 'vote', qid, choice });
        else acked.add(key); // the room has it: the phone's welcome says so
      }
    }
  }
  expect(refused).toEqual([]);
  expect(countOf(await counted(s))).toBe(TOTAL);
}, 180_000);

/** The folder's files and their bytes. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
}

/** A room with a presenter (who records `stats`) and `n` participants, question Q open, the joins on disk. */
async function room(s: Server, dataDir: string, n: number) {
  const p = await presenter(s);
  p.send({ type: 'poll', qid: Q.id, action: 'open' });
  await p.type('poll', (m) => (m['poll'] as { qid: string; status: string }).status === 'open');
  const acked = new Set<string>();
  const refused: string[] = [];
  const people = (await participants(s, n)).map(({ c }, k) => {
    track(c, pidOf(k), acked, refused);
    return c;
  });
  const lines = () => readFileSync(join(dataDir, LOG_NAME), 'utf8').split('\n').length - 1;
  await until('the joins on disk', () => lines() >= n + 2);
  /** Votes one by one (each its own write), each answered before the next. */
  const vote = async (ks: readonly number[]) => {
    for (const k of ks) {
      const before = acked.size + refused.length;
      people[k]!.send({ type: 'vote', qid: Q.id, choice: k % 4 });
      await until(`an answer to vote ${k}`, () => acked.size + refused.length > before);
    }
  };
  return { p, people, acked, refused, vote };
}

const Q = QUIZZES[0]!;
const key = (k: number) => `${pidOf(k)} ${Q.id}`;
const cannotSave = (m: Msg) => m.type === 'stats' && m['cannotSave'] === true;
const canSave = (m: Msg) => m.type === 'stats' && m['cannotSave'] === undefined;

test('a full disk: the votes that do not fit are refused (not-saved) and not counted; once there is room they are sent again', async () => {
  const dataDir = tempDir('faults-full');
  const faults = join(tempDir('faults'), 'faults');
  const s = await start(dataDir, { [FAULTS_ENV]: faults });
  const r = await room(s, dataDir, 20);
  const size = statSync(join(dataDir, LOG_NAME)).size;
  writeFileSync(faults, `full ${size + 250}`); // room for two votes' lines, and part of a third
  const all = Array.from({ length: 20 }, (_, k) => k);
  await r.vote(all);
  expect(r.acked).toEqual(new Set([key(0), key(1)]));
  expect(r.refused).toEqual(Array.from({ length: 18 }, () => 'not-saved'));
  await r.p.waitFor(cannotSave, 'the presenter told the room cannot save');
  // Live, the room counts exactly what is on disk.
  const live = await counted(s);
  expect(countOf(live)).toBe(2);
  expect(statSync(join(dataDir, LOG_NAME)).size).toBeLessThanOrEqual(size + 250);
  logIsClean(dataDir);
  rmSync(faults);
  r.refused.length = 0;
  await r.vote(all.slice(2));
  expect(r.refused).toEqual([]);
  expect(r.acked.size).toBe(20);
  await r.p.waitFor(canSave, 'the presenter told the room saves again');
  await kill9(s);
  const again = await start(dataDir);
  const after = await counted(again);
  expect(countOf(after)).toBe(20);
  for (const k of all) expect(after.get(pidOf(k))?.[Q.id]).toBe(k % 4);
  logIsClean(dataDir);
}, 120_000);

test('an unwritable log (fsync fails): no ack, a refusal, nothing counted; the same participant votes again once it works', async () => {
  const dataDir = tempDir('faults-eio');
  const faults = join(tempDir('faults'), 'faults');
  const s = await start(dataDir, { [FAULTS_ENV]: faults });
  const r = await room(s, dataDir, 10);
  const size = statSync(join(dataDir, LOG_NAME)).size;
  writeFileSync(faults, 'eio');
  const all = Array.from({ length: 10 }, (_, k) => k);
  await r.vote(all);
  await r.vote(all); // a retry while it still fails: refused again, never already-voted
  expect(r.acked.size).toBe(0);
  expect(r.refused).toEqual(Array.from({ length: 20 }, () => 'not-saved'));
  expect(countOf(await counted(s))).toBe(0);
  expect(statSync(join(dataDir, LOG_NAME)).size).toBe(size); // what reached the file was cut off again
  await r.p.waitFor(cannotSave, 'the presenter told the room cannot save');
  expect(s.stderr()).toMatch(/could not write the log .*EIO.*votes are refused \(not-saved\)/);
  rmSync(faults);
  r.refused.length = 0;
  await r.vote(all);
  expect(r.refused).toEqual([]);
  expect(r.acked.size).toBe(10);
  expect(countOf(await counted(s))).toBe(10);
  await kill9(s);
  const again = await start(dataDir);
  expect(countOf(await counted(again))).toBe(10);
  logIsClean(dataDir);
}, 120_000);

test('a second server on the same folder (same or another port, with or without --new) refuses to start and changes nothing', async () => {
  const dataDir = tempDir('faults-second');
  const a = await start(dataDir);
  const r = await room(a, dataDir, 2);
  await r.vote([0]);
  const before = snapshot(dataDir);
  // In parallel (each only looks): the same folder as it is, and --new on the first one's port.
  const tries = [[], ['--new', '--port', String(a.port)]];
  const seconds = await Promise.all(tries.map((extra) => run(cliArgs(dataDir, extra))));
  for (const [n, second] of seconds.entries()) {
    expect(second.code, tries[n]!.join(' ')).toBe(1);
    expect(second.err).toContain(`another workshop server (pid ${a.pid}) holds ${join(dataDir, LOCK_NAME)}`);
    expect(second.out).toBe('');
  }
  expect(snapshot(dataDir)).toEqual(before);
  expect(Object.keys(before).sort()).toEqual([LOG_NAME, LOCK_NAME]);
  // The first goes on: its room, its votes.
  await r.vote([1]);
  expect(r.acked).toEqual(new Set([key(0), key(1)]));
  // Ctrl-C / SIGTERM releases the lock; the next start finds no stale lock.
  a.child.kill('SIGTERM');
  expect(await a.exited).toBe(0);
  expect(existsSync(join(dataDir, LOCK_NAME))).toBe(false);
  const b = await start(dataDir);
  expect(b.room).toBe(a.room);
  expect(b.stderr()).not.toMatch(/stale lock/);
  expect(countOf(await counted(b))).toBe(2);
}, 120_000);

test('votes and commands crossing in one tick: the presenter’s commands keep their order, and a restart replays the room the server had', async () => {
  const dataDir = tempDir('faults-order');
  const s = await start(dataDir);
  const r = await room(s, dataDir, 30);
  // Votes from every side while the presenter closes, reopens, closes and reopens again, all in one tick.
  for (const [k, c] of r.people.entries()) {
    c.send({ type: 'vote', qid: Q.id, choice: k % 4 });
    if (k % 6 === 0) r.p.send({ type: 'poll', qid: Q.id, action: k % 12 === 0 ? 'close' : 'open' });
  }
  r.p.send({ type: 'poll', qid: Q.id, action: 'open' });
  await until('every vote answered', () => r.acked.size + r.refused.length === 30);
  expect(r.refused.every((why) => why === 'not-open')).toBe(true);
  const live = await get(s.port, `/api/export.json?key=${s.secret}`);
  const body = JSON.parse(live.body) as { questions: { qid: string; status: string; answered: number }[] };
  expect(body.questions.find((q) => q.qid === Q.id)).toMatchObject({ status: 'open', answered: r.acked.size });
  await kill9(s);
  const again = await start(dataDir);
  expect(again.stderr()).not.toMatch(/refused on replay|rebuilt|reopened/);
  const after = await get(again.port, `/api/export.json?key=${again.secret}`);
  expect({ ...JSON.parse(after.body), exportedAt: 0 }).toEqual({ ...JSON.parse(live.body), exportedAt: 0 });
}, 120_000);
