/**
 * The room shared through Redis, for real: one `redis-server` on loopback for the file (AOF, `appendfsync always`),
 * workshop servers in this process and as child processes (`server/cli.ts --redis`), real `ws` clients.
 * Join on one process, vote on another, reveal from a third; the presenter's secret and the limits per room; a
 * `kill -9` of a process during 1,000 votes, its phones moving to the others; Redis killed and restarted during
 * votes; two replicas of the stream against one Room (fast-check). Skipped, saying so, without redis-server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { mulberry32 } from '../../lib/random.ts';
import { Room, type PollAction, type RoomEvent } from '../../server/poll.ts';
import { QUIZZES, type QuizDef } from '../../server/quizzes.ts';
import { resolveLimits } from '../../server/limits.ts';
import { RoomLostError, SharedRoom, type Decision } from '../../server/redis-room.ts';
import type { WorkshopServer } from '../../server/server.ts';
import {
  TestClient,
  fakeBuilds,
  get,
  pidOf,
  removeTempDirs,
  serverArgs,
  startTestServer,
  tempDir,
  type Msg,
} from './workshop-client.ts';
import { RealRedis, redisMissing } from '../../scripts/loopback-services.ts';

if (redisMissing) console.warn(`workshop-redis-real: ${redisMissing}`);

const ROOT = resolve(import.meta.dirname, '../..');
const Q = QUIZZES[0]!;
let redis: RealRedis;
let servers: WorkshopServer[] = [];
let clients: TestClient[] = [];
const children: ChildProcess[] = [];
let prefixes = 0;
/** Each test its own room: its own key prefix on the file's Redis. */
const prefix = () => `hsw-test-${process.pid}-${++prefixes}`;

beforeAll(async () => {
  if (!redisMissing) redis = await RealRedis.start();
}, 20_000);

afterEach(async () => {
  for (const c of clients) c.close();
  clients = [];
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

afterAll(async () => {
  await redis?.stop();
  removeTempDirs();
});

async function shared(p: string, extra: Parameters<typeof startTestServer>[2] = {}): Promise<WorkshopServer> {
  return startTestServer(servers, 'redis', { redis: { url: redis.url, prefix: p }, ...extra });
}

async function hello(port: number, room: string, body: object): Promise<{ c: TestClient; welcome: Msg }> {
  const c = await TestClient.open(`ws://127.0.0.1:${port}/ws`, 15_000);
  clients.push(c);
  c.send({ type: 'hello', v: 1, room, ...body });
  return { c, welcome: await c.type('welcome', () => true, 15_000) };
}

const pollOf = (m: Msg) => m['poll'] as { qid: string; status: string; answered: number; counts?: number[] };

async function exported(port: number, secret: string) {
  const r = await get(port, `/api/export.json?key=${secret}`);
  expect(r.status).toBe(200);
  return JSON.parse(r.body) as {
    room: string;
    questions: { qid: string; answered: number; counts: number[] }[];
    participants: { pid: string; answers: Record<string, number> }[];
  };
}

async function until(what: string, cond: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`waited for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe.skipIf(redisMissing !== null)('a room shared through Redis', () => {
  test('three processes: join on one, vote on another, reveal from a third; the answer withheld everywhere until then', async () => {
    const p = prefix();
    const a = await shared(p, { fresh: true });
    const b = await shared(p);
    const c = await shared(p);
    expect([b.room, c.room]).toEqual([a.room, a.room]);
    expect([b.secret, c.secret]).toEqual([a.secret, a.secret]);
    expect(b.resumed).toBe(true);

    const presenter = (await hello(c.port, c.room, { role: 'presenter', secret: c.secret })).c;
    const phoneA = (await hello(a.port, a.room, { role: 'participant', pid: pidOf(1), nick: 'Ada' })).c;
    // The same participant moves to process B: the same room, a vote there.
    const { c: phoneB, welcome } = await hello(b.port, b.room, { role: 'participant', pid: pidOf(1) });
    expect(welcome['nick']).toBe('Ada');
    const other = (await hello(a.port, a.room, { role: 'participant', pid: pidOf(2) })).c;

    presenter.send({ type: 'slide', slide: { id: 'c10k', index: 3, step: 1 } });
    for (const phone of [phoneA, phoneB, other]) {
      expect((await phone.type('slide'))['slide']).toEqual({ id: 'c10k', index: 3, step: 1 });
    }
    // The remote (a presenter's page on A) moves the projector's deck (on C).
    const remote = (await hello(a.port, a.room, { role: 'presenter', secret: a.secret })).c;
    remote.send({ type: 'nav', dir: 'next' });
    expect(await presenter.type('nav')).toEqual({ type: 'nav', dir: 'next' });
    presenter.send({ type: 'poll', qid: Q.id, action: 'open' });
    for (const phone of [phoneA, phoneB, other]) await phone.type('poll', (m) => pollOf(m).status === 'open');

    phoneB.send({ type: 'vote', qid: Q.id, choice: Q.correct });
    expect(await phoneB.type('ack')).toMatchObject({ qid: Q.id, choice: Q.correct });
    // The same pid on the first process learns its vote; a second vote from there is refused.
    expect((await phoneA.type('poll', (m) => pollOf(m).qid === Q.id))['poll']).toMatchObject({ yours: Q.correct });
    phoneA.send({ type: 'vote', qid: Q.id, choice: (Q.correct + 1) % Q.choiceCount });
    expect(await phoneA.type('refused')).toMatchObject({ reason: 'already-voted' });
    other.send({ type: 'vote', qid: Q.id, choice: (Q.correct + 1) % Q.choiceCount });
    await other.type('ack');
    // The presenter on the third process sees the count.
    await presenter.type('poll', (m) => pollOf(m).qid === Q.id && pollOf(m).answered === 2);

    // Before the reveal no process tells a participant the answer or the counts.
    for (const s of [a, b, c]) {
      const { welcome: w } = await hello(s.port, s.room, { role: 'participant', pid: pidOf(3) });
      for (const v of w['polls'] as Record<string, unknown>[]) {
        expect(v).not.toHaveProperty('counts');
        expect(v).not.toHaveProperty('correct');
        expect(v).not.toHaveProperty('explanation');
      }
    }

    presenter.send({ type: 'poll', qid: Q.id, action: 'reveal' });
    const expected = Array.from({ length: Q.choiceCount }, (_, i) =>
      i === Q.correct || i === (Q.correct + 1) % Q.choiceCount ? 1 : 0,
    );
    for (const phone of [phoneA, phoneB, other]) {
      const v = pollOf(await phone.type('poll', (m) => pollOf(m).status === 'revealed'));
      expect(v.counts).toEqual(expected);
    }
    expect(await phoneB.type('score')).toMatchObject({ right: 1, answered: 1 });
    for (const s of [a, b, c]) {
      const e = await exported(s.port, s.secret);
      expect(e.questions.find((q) => q.qid === Q.id)).toMatchObject({ answered: 2, counts: expected });
    }
    // The stats are the room's: participants who joined on any process; connected, each process's participants with
    // a socket open summed (pid 1 on A and B, pid 2 on A, pid 3 on all three: 3 + 2 + 1).
    await presenter.type('stats', (m) => m['participants'] === 3 && m['connected'] === 6, 10_000);
  }, 60_000);

  test('one participant votes on two processes at once, 20 times over: one ack and one `already-voted` each time, the first in the stream counted on both', async () => {
    const p = prefix();
    const a = await shared(p, { fresh: true });
    const b = await shared(p);
    const presenter = (await hello(a.port, a.room, { role: 'presenter', secret: a.secret })).c;
    presenter.send({ type: 'poll', qid: Q.id, action: 'open' });
    await presenter.type('poll', (m) => pollOf(m).status === 'open');
    const other = (Q.correct + 1) % Q.choiceCount;
    for (let k = 0; k < 20; k++) {
      const pid = pidOf(100 + k);
      const onA = (await hello(a.port, a.room, { role: 'participant', pid })).c;
      const onB = (await hello(b.port, b.room, { role: 'participant', pid })).c;
      const answer = (c: TestClient) => c.waitFor((m) => m.type === 'ack' || m.type === 'refused', 'an answer');
      onA.send({ type: 'vote', qid: Q.id, choice: Q.correct });
      onB.send({ type: 'vote', qid: Q.id, choice: other });
      const [fromA, fromB] = await Promise.all([answer(onA), answer(onB)]);
      const refused = { type: 'refused', reason: 'already-voted' };
      expect([fromA, fromB]).toContainEqual(refused);
      expect([fromA, fromB].filter((m) => m.type === 'ack')).toHaveLength(1);
      const counted = fromA.type === 'ack' ? Q.correct : other;
      for (const s of [a, b]) {
        const e = await exported(s.port, s.secret);
        expect(e.participants.find((x) => x.pid === pid)?.answers[Q.id]).toBe(counted);
      }
      onA.close();
      onB.close();
    }
  }, 60_000);

  test("the presenter's secret and the limits hold per room, across processes", async () => {
    const p = prefix();
    const limits = { renamesPerPidPerMinute: 1, exemptLoopback: false, joinsPerAddressPerMinute: 2, reserve: 0 };
    const a = await shared(p, { fresh: true, maxParticipants: 3, limits });
    const b = await shared(p, { maxParticipants: 3, limits });
    const bad = await TestClient.open(`ws://127.0.0.1:${b.port}/ws`);
    clients.push(bad);
    bad.send({ type: 'hello', v: 1, room: b.room, role: 'presenter', secret: 'x'.repeat(32) });
    expect(await bad.type('refused')).toMatchObject({ reason: 'bad-secret' });
    // The presenter's cookie, left by one process, is the presenter's on the other (derived from the room's secret,
    // nothing kept in a process): its deck, its WebSocket without a secret, its export.
    const cookie = String((await get(a.port, `/presenter/${a.secret}/`)).headers['set-cookie']?.[0]).split(';')[0]!;
    expect((await get(b.port, '/presenter/', { Cookie: cookie })).status).toBe(200);
    expect((await get(b.port, '/api/export.json', { Cookie: cookie })).status).toBe(200);
    const byCookie = await TestClient.open(`ws://127.0.0.1:${b.port}/ws`, 5000, { headers: { Cookie: cookie } });
    clients.push(byCookie);
    byCookie.send({ type: 'hello', v: 1, room: b.room, role: 'presenter' });
    expect(await byCookie.type('welcome')).toMatchObject({ role: 'presenter', room: b.room });
    // Two new ids from 127.0.0.1 in a minute: one on each process; the third, on either, is refused.
    await hello(a.port, a.room, { role: 'participant', pid: pidOf(10), nick: 'one' });
    const { c: two } = await hello(b.port, b.room, { role: 'participant', pid: pidOf(11) });
    const third = await TestClient.open(`ws://127.0.0.1:${a.port}/ws`);
    clients.push(third);
    third.send({ type: 'hello', v: 1, room: a.room, role: 'participant', pid: pidOf(12) });
    expect(await third.type('refused')).toMatchObject({ reason: 'rate-limited' });
    // One rename a minute per participant: the first on B, the second (a hello on A with another nick) refused.
    two.send({ type: 'nick', nick: 'Grace' });
    const { c: twoOnA } = await hello(a.port, a.room, { role: 'participant', pid: pidOf(11), nick: 'Hopper' });
    expect(await twoOnA.type('refused')).toMatchObject({ reason: 'rate-limited' });
    const e = await exported(b.port, b.secret);
    expect(e.participants.map((x) => x.pid)).toEqual([pidOf(10), pidOf(11)]);
    expect((await get(a.port, `/api/export.json?key=${'y'.repeat(32)}`)).status).toBe(403);
  }, 30_000);

  test("the room's cap counts the participants of every process", async () => {
    const p = prefix();
    const a = await shared(p, { fresh: true, maxParticipants: 2 });
    const b = await shared(p, { maxParticipants: 2 });
    await hello(a.port, a.room, { role: 'participant', pid: pidOf(20) });
    await hello(b.port, b.room, { role: 'participant', pid: pidOf(21) });
    const full = await TestClient.open(`ws://127.0.0.1:${a.port}/ws`);
    clients.push(full);
    full.send({ type: 'hello', v: 1, room: a.room, role: 'participant', pid: pidOf(22) });
    expect(await full.type('refused')).toMatchObject({ reason: 'room-full' });
    // A known participant comes back on either process.
    await hello(a.port, a.room, { role: 'participant', pid: pidOf(21) });
  }, 30_000);

  test('kill -9 of one of three processes during 1,000 votes, its phones reconnecting to the others: every acked vote counted once, nothing else', async () => {
    const p = prefix();
    const builds = fakeBuilds();
    const startChild = (fresh: boolean) => {
      const args = ['--import', 'tsx', 'server/cli.ts', '--no-build', ...serverArgs(tempDir('redis-kill'), builds)];
      args.push('--redis', redis.url, '--redis-prefix', p, ...(fresh ? ['--new'] : []));
      const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let out = '';
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      return new Promise<{ child: ChildProcess; port: number; room: string; secret: string }>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no ready line in 60 s: ${err}`)), 60_000);
        child.once('exit', (code) => fail(new Error(`the server exited (${code}): ${err}`)));
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (!line) return;
          clearTimeout(timer);
          done({ child, ...(JSON.parse(line) as { port: number; room: string; secret: string }) });
        });
      });
    };
    const first = await startChild(true);
    const [second, third] = await Promise.all([startChild(false), startChild(false)]);
    const procs = [first, second, third];
    const presenter = (await hello(third.port, third.room, { role: 'presenter', secret: third.secret })).c;
    for (const q of QUIZZES) presenter.send({ type: 'poll', qid: q.id, action: 'open' });
    await presenter.type('poll', (m) => pollOf(m).qid === QUIZZES.at(-1)!.id && pollOf(m).status === 'open');

    const random = mulberry32(20);
    const P = Math.ceil(1000 / QUIZZES.length);
    const TOTAL = 1000;
    const sent = new Map<string, number>();
    const acked = new Set<string>();
    const refused: string[] = [];
    const phones: TestClient[] = [];
    const join = async (k: number, s: { port: number; room: string }) => {
      const { c } = await hello(s.port, s.room, { role: 'participant', pid: pidOf(k) });
      c.ws.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString('utf8')) as Msg;
        if (m.type === 'ack') acked.add(`${pidOf(k)} ${String(m['qid'])}`);
        if (m.type === 'refused') refused.push(String(m['reason']));
      });
      phones[k] = c;
    };
    // The phones on the first two processes (the presenter's is the third).
    for (let i = 0; i < P; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, P - i) }, (_, j) => join(i + j, procs[(i + j) % 2]!)));
    }
    const killAt = 200 + Math.floor(random() * 600);
    let next = 0;
    const send = (i: number) => {
      const k = i % P;
      const qid = QUIZZES[Math.floor(i / P)]!.id;
      const choice = (i * 7) % 4;
      sent.set(`${pidOf(k)} ${qid}`, choice);
      phones[k]!.send({ type: 'vote', qid, choice });
    };
    while (next < killAt) {
      await new Promise((done) => setTimeout(done, Math.floor(random() * 8)));
      for (let b = 1 + Math.floor(random() * 40); b > 0 && next < killAt; b--) send(next++);
    }
    first.child.kill('SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    // Its phones reconnect to the others; a vote the welcome does not show is sent again (as a phone does).
    const moved = [...phones.keys()].filter((k) => k % 2 === 0);
    await Promise.all(moved.map((k) => join(k, procs[1 + (k % 4 === 0 ? 0 : 1)]!)));
    const seen = await exported(third.port, third.secret);
    const has = new Map(seen.participants.map((x) => [x.pid, x.answers]));
    for (const [key, choice] of sent) {
      const [pid, qid] = key.split(' ') as [string, string];
      if (has.get(pid)?.[qid] === undefined) {
        if (Number(pid.slice(-6)) % 2 === 0) phones[Number(pid.slice(-6))]!.send({ type: 'vote', qid, choice });
      } else acked.add(key);
    }
    while (next < TOTAL) {
      await new Promise((done) => setTimeout(done, Math.floor(random() * 8)));
      for (let b = 1 + Math.floor(random() * 40); b > 0 && next < TOTAL; b--) send(next++);
    }
    await until('every vote acked', () => acked.size === TOTAL, 60_000);
    const end = await exported(second.port, second.secret);
    let n = 0;
    for (const x of end.participants) {
      for (const [qid, choice] of Object.entries(x.answers)) {
        n++;
        expect(sent.get(`${x.pid} ${qid}`), `${x.pid} ${qid}`).toBe(choice);
      }
    }
    expect(n).toBe(TOTAL);
    for (const q of end.questions) expect(q.counts.reduce((s, x) => s + x, 0)).toBe(q.answered);
    // Only the votes the dead process had in flight may come back `already-voted` (it was counted, not acked).
    expect(refused.filter((r) => r !== 'already-voted')).toEqual([]);
    expect(await exported(third.port, third.secret)).toEqual({ ...end, exportedAt: expect.any(String) as string });
  }, 180_000);

  test('Redis killed and restarted during votes: refused while it is away (not-saved), nothing acked lost', async () => {
    const p = prefix();
    const a = await shared(p, { fresh: true });
    const b = await shared(p);
    const presenter = (await hello(a.port, a.room, { role: 'presenter', secret: a.secret })).c;
    presenter.send({ type: 'poll', qid: Q.id, action: 'open' });
    await presenter.type('poll', (m) => pollOf(m).status === 'open');
    const N = 300;
    const acked = new Map<string, number>();
    /** Answered `already-voted`: a vote of theirs is in Redis (one whose reply Redis's death took, or an ack's twin). */
    const already = new Set<string>();
    const reasons: string[] = [];
    const phones = await Promise.all(
      Array.from({ length: N }, async (_, k) => {
        const s = k % 2 ? b : a;
        const { c } = await hello(s.port, s.room, { role: 'participant', pid: pidOf(k) });
        c.ws.on('message', (data: Buffer) => {
          const m = JSON.parse(data.toString('utf8')) as Msg;
          if (m.type === 'ack') acked.set(pidOf(k), Number(m['choice']));
          if (m.type === 'refused') reasons.push(String(m['reason']));
          if (m.type === 'refused' && m['reason'] === 'already-voted') already.add(pidOf(k));
        });
        return c;
      }),
    );
    let k = 0;
    const burst = async (until: number) => {
      for (; k < until; k++) {
        phones[k]!.send({ type: 'vote', qid: Q.id, choice: k % 4 });
        if (k % 10 === 9) await new Promise((done) => setTimeout(done, 2));
      }
    };
    await burst(100);
    await redis.kill(); // acks in flight
    const ackedBefore = new Map(acked);
    await burst(150); // Redis away: refused, not-saved
    await until('the refusals', () => reasons.filter((r) => r === 'not-saved').length > 0, 10_000);
    expect(a.stats().saveFailures + b.stats().saveFailures).toBeGreaterThan(0);
    await presenter.type('stats', (m) => m['cannotSave'] === true, 10_000);
    await redis.run();
    await presenter.type('stats', (m) => m['cannotSave'] === undefined, 15_000);
    // The rest vote; a phone whose vote was refused sends it again (as a person does on "try again"), every 300 ms
    // until it is acked or answered already-voted (both processes reconnect on their own backoff).
    await burst(N);
    const done = (j: number) => acked.has(pidOf(j)) || already.has(pidOf(j));
    for (const end = Date.now() + 30_000; !phones.every((_, j) => done(j));) {
      if (Date.now() > end) throw new Error(`not answered: ${phones.filter((_, j) => !done(j)).length}`);
      await new Promise((r) => setTimeout(r, 300));
      phones.forEach((c, j) => done(j) || c.send({ type: 'vote', qid: Q.id, choice: j % 4 }));
    }
    const e = await exported(b.port, b.secret);
    const answers = new Map(e.participants.map((x) => [x.pid, x.answers[Q.id]]));
    for (const [pid, choice] of ackedBefore) expect(answers.get(pid), pid).toBe(choice);
    for (let j = 0; j < N; j++) expect(answers.get(pidOf(j))).toBe(j % 4);
    expect(e.questions.find((q) => q.qid === Q.id)!.answered).toBe(N);
    expect(reasons.filter((r) => r !== 'not-saved' && r !== 'already-voted')).toEqual([]);
  }, 90_000);

  test.each(['FLUSHALL', 'a restart without its data', 'a restart from an older copy'] as const)(
    'Redis loses the room (%s) at 20 acked votes of 40: every page is told, no vote is acked after, a hello is answered `lost`; a process without --new refuses to make another room, one with --new makes one',
    async (fault) => {
      const p = prefix();
      const logs: string[] = [];
      const a = await shared(p, { fresh: true, warn: (m) => logs.push(m) });
      const presenter = (await hello(a.port, a.room, { role: 'presenter', secret: a.secret })).c;
      presenter.send({ type: 'poll', qid: Q.id, action: 'open' });
      await presenter.type('poll', (m) => pollOf(m).status === 'open');
      // The older copy: Redis's folder as it is now (the room and its open question), taken while Redis is down.
      const copy = tempDir('redis-copy');
      if (fault === 'a restart from an older copy') {
        await redis.kill();
        cpSync(redis.dir, copy, { recursive: true });
        await redis.run();
        await presenter.type('stats', (m) => m['cannotSave'] === true, 10_000);
        await presenter.type('stats', (m) => m['cannotSave'] === undefined, 15_000);
      }
      const b = await shared(p, { warn: (m) => logs.push(m) });
      const N = 40;
      const acked = new Set<string>();
      const reasons: string[] = [];
      const phones = await Promise.all(
        Array.from({ length: N }, async (_, k) => {
          const s = k % 2 ? b : a;
          const { c } = await hello(s.port, s.room, { role: 'participant', pid: pidOf(k) });
          c.ws.on('message', (data: Buffer) => {
            const m = JSON.parse(data.toString('utf8')) as Msg;
            if (m.type === 'ack') acked.add(pidOf(k));
            if (m.type === 'refused') reasons.push(String(m['reason']));
          });
          return c;
        }),
      );
      for (let k = 0; k < N / 2; k++) phones[k]!.send({ type: 'vote', qid: Q.id, choice: k % 4 });
      await until('20 acks', () => acked.size === N / 2);

      const since = logs.length;
      if (fault === 'FLUSHALL') {
        const r = new Redis(redis.url);
        await r.flushall();
        r.disconnect();
      } else if (fault === 'a restart without its data') await redis.restartEmpty();
      else {
        await redis.kill();
        rmSync(redis.dir, { recursive: true, force: true });
        cpSync(copy, redis.dir, { recursive: true });
        await redis.run();
      }

      // Both processes find it out by themselves (their heartbeat): every page of the room is told.
      for (const c of [presenter, ...phones]) await c.type('lost', () => true, 15_000);
      await presenter.type('stats', (m) => m['cannotSave'] === true, 10_000);
      // The rest vote: refused as not saved, none acknowledged, nothing written into what Redis holds.
      for (let k = N / 2; k < N; k++) phones[k]!.send({ type: 'vote', qid: Q.id, choice: k % 4 });
      await until('the refusals', () => reasons.length === N / 2);
      expect(reasons).toEqual(Array.from({ length: N / 2 }, () => 'not-saved'));
      expect(acked.size).toBe(N / 2);
      // The log says what happened on both processes, and never that votes are taken again.
      expect(logs.slice(since).filter((m) => m.startsWith(`Redis lost room ${a.room}`))).toHaveLength(2);
      expect(logs.slice(since).filter((m) => /votes are taken/.test(m))).toEqual([]);
      // A page that comes (back) now is told so, and closed to try again later (1013), on either process.
      for (const s of [a, b]) {
        const late = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`);
        clients.push(late);
        late.send({ type: 'hello', v: 1, room: s.room, role: 'participant', pid: pidOf(3) });
        expect(await late.type('lost')).toEqual({ type: 'lost' });
        expect((await late.closed).code).toBe(1013);
      }
      const check = new Redis(redis.url);
      try {
        if (fault === 'a restart from an older copy') {
          // The copy's room: its question opened, no participant and no vote (those came after it), none written since.
          const events = await check.xrange(`${p}:room:${a.room}:events`, '-', '+');
          expect(events.map(([, f]) => JSON.parse(f[f.indexOf('e') + 1]!) as RoomEvent)).toMatchObject([
            { t: 'poll', qid: Q.id, action: 'open' },
          ]);
        } else expect(await check.keys(`${p}:room:*`)).toEqual([]);
        expect(await check.get(`${p}:lost`)).toMatch(new RegExp(`^${a.room} `));
      } finally {
        check.disconnect();
      }
      // A process (re)started without --new does not make another room in the lost one's place: it says what
      // happened and how to go on.
      const refused = await shared(p).then(
        () => null,
        (err: unknown) => err as Error,
      );
      expect(refused).toBeInstanceOf(RoomLostError);
      expect(refused?.message).toMatch(
        new RegExp(`lost room ${a.room}|names room ${a.room} as current, but Redis lost that room`),
      );
      expect(refused?.message).toContain('--new');
      // With --new: a new room, and the processes after it join that one.
      const fresh = await shared(p, { fresh: true });
      expect(fresh.room).not.toBe(a.room);
      expect((await shared(p)).room).toBe(fresh.room);
    },
    60_000,
  );

  test('a process without --new on a Redis that holds no room refuses to make one, saying so; one whose current room lost its keys too', async () => {
    const p = prefix();
    await expect(shared(p)).rejects.toThrow(/holds no room, and a process started without --new does not make one/);
    const a = await shared(p, { fresh: true });
    const r = new Redis(redis.url);
    try {
      await r.del(`${p}:room:${a.room}:meta`);
    } finally {
      r.disconnect();
    }
    await expect(shared(p)).rejects.toThrow(
      new RegExp(`names room ${a.room} as current, but Redis lost that room: its keys are gone`),
    );
  }, 30_000);
});

describe.skipIf(redisMissing !== null)("the stream's replicas decide as one Room does (fast-check)", () => {
  const A: QuizDef = { ...Q, id: 'q-a', choiceCount: 3, correct: 1 };
  const B: QuizDef = { ...Q, id: 'q-b', choiceCount: 2, correct: 0 };
  const pids = [pidOf(1), pidOf(2), pidOf(3)];
  // Weighted so that most runs join, open, vote and then reveal or reset a question with votes in it.
  const event: fc.Arbitrary<RoomEvent> = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({ t: fc.constant('join' as const), pid: fc.constantFrom(...pids), at: fc.constant(0) }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        t: fc.constant('vote' as const),
        pid: fc.constantFrom(...pids, pidOf(9)),
        qid: fc.constantFrom(A.id, B.id),
        choice: fc.integer({ min: 0, max: 1 }),
        at: fc.constant(0),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant('poll' as const),
        qid: fc.constantFrom(A.id, B.id),
        action: fc.constantFrom<PollAction>('open', 'open', 'close', 'reveal', 'reset'),
        at: fc.constant(0),
      }),
    },
  );
  const limits = resolveLimits();
  const open = (p: string, room: Room, fresh: boolean) =>
    SharedRoom.open({
      url: redis.url,
      prefix: p,
      fresh,
      room,
      limits,
      maxParticipants: 100,
      warn: () => {},
      onAvailability: () => {},
    });

  test('a decision when the stream ends before the event the process applied (Redis back from an older copy): lost, refused, nothing written', async () => {
    const p = prefix();
    const room = new Room([A]);
    const lost: string[] = [];
    const s = await SharedRoom.open({
      url: redis.url,
      prefix: p,
      fresh: true,
      room,
      limits,
      maxParticipants: 100,
      warn: () => {},
      onAvailability: () => {},
      onLost: (why) => lost.push(why),
    });
    const r = new Redis(redis.url);
    try {
      s.follow((e) => room.apply(e));
      expect((await s.join({ t: 'join', pid: pids[0]!, at: 0 }, '127.0.0.1', true)).verdict).toBe('ok');
      expect((await s.decide({ t: 'poll', qid: A.id, action: 'open', at: 0 })).ok).toBe(true);
      await s.sync();
      // The stream as an older copy holds it: one entry, before everything this process applied.
      const events = `${p}:room:${s.code}:events`;
      await r.del(events);
      await r.xadd(events, '1-1', 'e', JSON.stringify({ t: 'showTop', show: false, at: 0 }), 'o', 'old');
      const d = await s.decide({ t: 'vote', pid: pids[0]!, qid: A.id, choice: 1, at: 0 });
      expect(d).toEqual({ ok: false, reason: 'not-saved' });
      expect(lost).toHaveLength(1);
      expect(lost[0]).toMatch(/its stream ends at 1-1, before the event \d+-\d+ this process applied/);
      expect(s.lost).toBe(lost[0]);
      expect(await r.xlen(events)).toBe(1);
      expect(await s.sync()).toBe(false);
    } finally {
      r.disconnect();
      await s.close();
    }
  }, 30_000);

  test('on two processes at random: the same decisions as one Room, both replicas the same room as it, a reveal never changing a count', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(event, fc.boolean()), { minLength: 5, maxLength: 40 }), async (random) => {
        const p = prefix();
        const model = new Room([A, B]);
        const rooms = [new Room([A, B]), new Room([A, B])];
        const procs = [await open(p, rooms[0]!, true), await open(p, rooms[1]!, false)];
        procs.forEach((s) => s.follow((e) => rooms[procs.indexOf(s)]!.apply(e)));
        try {
          // Everyone joined and both questions open first (each on either process), then the random steps.
          const start: [RoomEvent, boolean][] = [
            ...pids.map((pid, i): [RoomEvent, boolean] => [{ t: 'join', pid, at: 0 }, i % 2 === 1]),
            [{ t: 'poll', qid: A.id, action: 'open', at: 0 }, false],
            [{ t: 'poll', qid: B.id, action: 'open', at: 0 }, true],
          ];
          for (const [e, second] of [...start, ...random]) {
            const s = procs[second ? 1 : 0]!;
            const reveal = e.t === 'poll' && e.action === 'reveal';
            // Before a reveal: what both replicas count (after both caught up).
            const counted = async () => {
              for (const x of procs) await x.sync();
              return rooms.map((r) => [A, B].map((q) => pids.map((pid) => r.choiceOf(pid, q.id))));
            };
            const before = reveal ? await counted() : null;
            const expected = model.apply(e);
            let got: Decision;
            if (e.t === 'join') {
              const d = await s.join(e, '127.0.0.1', true);
              got = { ok: true, changed: d.verdict === 'ok' };
            } else got = await s.decide(e);
            expect(got).toEqual(expected);
            if (before) expect(await counted()).toEqual(before);
          }
          for (const s of procs) await s.sync();
          for (const q of [A, B]) {
            for (const r of rooms) {
              expect(r.results()).toEqual(model.results());
              expect(r.view(q.id).answered).toBe(model.view(q.id).answered);
              expect(r.statusOf(q.id)).toBe(model.statusOf(q.id));
              for (const pid of pids) expect(r.choiceOf(pid, q.id)).toBe(model.choiceOf(pid, q.id));
            }
          }
        } finally {
          await Promise.all(procs.map((s) => s.close()));
        }
      }),
      { numRuns: 40, seed: 20 },
    );
  }, 60_000);
});
