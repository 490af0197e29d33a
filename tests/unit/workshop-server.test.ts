/**
 * The workshop server for real: started on 127.0.0.1 with port 0 and a temporary data directory, driven by real
 * `ws` clients and raw HTTP requests. Each test starts its own server and stops it afterwards.
 */
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import type { WorkshopOptions, WorkshopServer } from '../../server/server.ts';
import { QUIZZES } from '../../server/quizzes.ts';
import { oembedEntry } from '../../scripts/oembed.ts';
import { slideById } from '../../slides/index.ts';
import { precompressDir } from '../../scripts/precompress.ts';
import { MAX_MESSAGE_BYTES, parseServerMessage } from '../../lib/workshop-protocol.ts';
import { WORKER_CSP } from '../../lib/worker-policy.ts';
import {
  fakeBuilds,
  startTestServer,
  TestClient,
  get,
  pidOf,
  tempDir,
  type Msg,
  removeTempDirs,
} from './workshop-client.ts';

afterAll(removeTempDirs);

const Q = QUIZZES[0]!; // quiz-busy-wait: 4 choices, the third right
const Q2 = QUIZZES[1]!;
const WRONG = (Q.correct + 1) % Q.choiceCount;

let servers: WorkshopServer[] = [];
let clients: TestClient[] = [];

afterEach(async () => {
  // Every frame the server sent, in every test, is a ServerMessage of the protocol (what the clients validate with).
  const frames = clients.flatMap((c) => c.raw);
  const invalid = frames.filter((f) => parseServerMessage(f) === null);
  for (const c of clients) c.close();
  clients = [];
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  expect(invalid).toEqual([]);
});

const start = (extra: Partial<WorkshopOptions> = {}): Promise<WorkshopServer> =>
  startTestServer(servers, 'data', extra);

async function connect(s: WorkshopServer): Promise<TestClient> {
  const c = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`);
  clients.push(c);
  return c;
}

async function participant(s: WorkshopServer, n: number, nick?: string): Promise<{ c: TestClient; welcome: Msg }> {
  const c = await connect(s);
  c.send({ type: 'hello', v: 1, room: s.room, role: 'participant', pid: pidOf(n), ...(nick ? { nick } : {}) });
  return { c, welcome: await c.type('welcome') };
}

/** The presenter's cookie (`name=value`), as the printed address leaves it. */
async function presenterCookie(s: WorkshopServer): Promise<string> {
  const r = await get(s.port, `/presenter/${s.secret}/`);
  expect(r.status).toBe(303);
  return String(r.headers['set-cookie']?.[0]).split(';')[0]!;
}

async function presenter(s: WorkshopServer): Promise<TestClient> {
  const c = await connect(s);
  c.send({ type: 'hello', v: 1, room: s.room, role: 'presenter', secret: s.secret });
  await c.type('welcome');
  return c;
}

const pollOf = (m: Msg) => m['poll'] as Record<string, unknown>;
const pollIs = (qid: string, status: string) => (m: Msg) => pollOf(m)['qid'] === qid && pollOf(m)['status'] === status;
const viewIn = (welcome: Msg, qid: string) =>
  (welcome['polls'] as Record<string, unknown>[]).find((p) => p['qid'] === qid)!;

describe('joining and voting', () => {
  test('a participant joins: the welcome has its id, no slide yet, and every question idle without its answer', async () => {
    const s = await start();
    const { welcome } = await participant(s, 1, 'Ada');
    expect(welcome).toMatchObject({ role: 'participant', room: s.room, pid: pidOf(1), nick: 'Ada', slide: null });
    expect((welcome['polls'] as unknown[]).length).toBe(QUIZZES.length);
    for (const p of welcome['polls'] as Record<string, unknown>[]) {
      expect(p).toEqual({ qid: p['qid'], status: 'idle', choiceCount: 4, answered: 0, yours: null });
    }
    expect(welcome['score']).toEqual({ right: 0, answered: 0 });
  });

  test('a vote on an open question is acknowledged; the presenter sees one answer, not which', async () => {
    const s = await start();
    const p = await presenter(s);
    const { c } = await participant(s, 1);
    p.send({ type: 'poll', qid: Q.id, action: 'open' });
    await c.type('poll', pollIs(Q.id, 'open'));
    c.send({ type: 'vote', qid: Q.id, choice: 1 });
    expect(await c.type('ack')).toEqual({ type: 'ack', qid: Q.id, choice: 1 });
    const seen = await p.type('poll', (m) => pollOf(m)['answered'] === 1);
    expect(pollOf(seen)).toEqual({ qid: Q.id, status: 'open', choiceCount: 4, answered: 1 });
  });

  test('a vote on a question not open, unknown, or out of range is refused with its reason', async () => {
    const s = await start();
    const p = await presenter(s);
    const { c } = await participant(s, 1);
    c.send({ type: 'vote', qid: Q.id, choice: 0 });
    expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'not-open' });
    c.send({ type: 'vote', qid: 'no-such-quiz', choice: 0 });
    expect((await c.type('refused'))['reason']).toBe('unknown-question');
    p.send({ type: 'poll', qid: Q.id, action: 'open' });
    await c.type('poll', pollIs(Q.id, 'open'));
    c.send({ type: 'vote', qid: Q.id, choice: 7 });
    expect((await c.type('refused'))['reason']).toBe('bad-choice');
  });

  test('one vote per participant per question: a second socket (another tab, a reload) is refused and sees its vote', async () => {
    const s = await start();
    const p = await presenter(s);
    const a = await participant(s, 1);
    p.send({ type: 'poll', qid: Q.id, action: 'open' });
    await a.c.type('poll', pollIs(Q.id, 'open'));
    a.c.send({ type: 'vote', qid: Q.id, choice: 3 });
    await a.c.type('ack');
    a.c.close(); // the reload
    const b = await participant(s, 1);
    expect(viewIn(b.welcome, Q.id)).toMatchObject({ status: 'open', yours: 3, answered: 1 });
    b.c.send({ type: 'vote', qid: Q.id, choice: 0 });
    expect(await b.c.type('refused')).toEqual({ type: 'refused', reason: 'already-voted' });
    const tab = await participant(s, 1);
    tab.c.send({ type: 'vote', qid: Q.id, choice: 2 });
    expect((await tab.c.type('refused'))['reason']).toBe('already-voted');
    const results = await p.type('results', (m) => (m['questions'] as { answered: number }[])[0]!.answered === 1);
    expect(results['participants']).toBe(1);
    expect(s.stats().votes).toBe(1);
  });

  test('a reconnect finds its vote, the current slide and the revealed result with its own verdict and score', async () => {
    const s = await start();
    const p = await presenter(s);
    const right = await participant(s, 1);
    const wrong = await participant(s, 2);
    p.send({ type: 'poll', qid: Q.id, action: 'open' });
    await right.c.type('poll', pollIs(Q.id, 'open'));
    await wrong.c.type('poll', pollIs(Q.id, 'open'));
    right.c.send({ type: 'vote', qid: Q.id, choice: Q.correct });
    wrong.c.send({ type: 'vote', qid: Q.id, choice: WRONG });
    await right.c.type('ack');
    await wrong.c.type('ack');
    const slide = { id: 'quiz-busy-wait', index: 11, step: 0 };
    p.send({ type: 'slide', slide });
    expect(await wrong.c.type('slide')).toEqual({ type: 'slide', slide });
    p.send({ type: 'poll', qid: Q.id, action: 'reveal' });
    const revealed = pollOf(await wrong.c.type('poll', pollIs(Q.id, 'revealed')));
    expect(revealed).toMatchObject({ correct: Q.correct, yours: WRONG, right: false, answered: 2 });
    expect(await wrong.c.type('score')).toEqual({ type: 'score', right: 0, answered: 1 });
    expect(await right.c.type('score')).toEqual({ type: 'score', right: 1, answered: 1 });
    right.c.close();
    const back = await participant(s, 1);
    expect(back.welcome['slide']).toEqual(slide);
    const view = viewIn(back.welcome, Q.id);
    expect(view).toMatchObject({ status: 'revealed', yours: Q.correct, right: true, correct: Q.correct });
    const counts = Array.from({ length: Q.choiceCount }, (_, i) => (i === Q.correct || i === WRONG ? 1 : 0));
    expect(view['counts']).toEqual(counts);
    expect(view['explanation']).toEqual(Q.explanation);
    expect(back.welcome['score']).toEqual({ right: 1, answered: 1 });
  });

  test('close, reopen and reset: a closed question refuses votes, a reset clears them and the scores', async () => {
    const s = await start();
    const p = await presenter(s);
    const a = await participant(s, 1);
    const b = await participant(s, 2);
    p.send({ type: 'poll', qid: Q2.id, action: 'open' });
    await a.c.type('poll', pollIs(Q2.id, 'open'));
    a.c.send({ type: 'vote', qid: Q2.id, choice: Q2.correct });
    await a.c.type('ack');
    p.send({ type: 'poll', qid: Q2.id, action: 'close' });
    await b.c.type('poll', pollIs(Q2.id, 'closed'));
    b.c.send({ type: 'vote', qid: Q2.id, choice: 0 });
    expect((await b.c.type('refused'))['reason']).toBe('not-open');
    p.send({ type: 'poll', qid: Q2.id, action: 'open' }); // reopen
    await b.c.type('poll', pollIs(Q2.id, 'open'));
    b.c.send({ type: 'vote', qid: Q2.id, choice: 0 });
    await b.c.type('ack');
    p.send({ type: 'poll', qid: Q2.id, action: 'reveal' });
    expect(await a.c.type('score')).toMatchObject({ right: 1, answered: 1 });
    p.send({ type: 'poll', qid: Q2.id, action: 'open' });
    expect((await p.type('refused'))['reason']).toBe('not-open'); // a revealed question is reset before it reopens
    p.send({ type: 'poll', qid: Q2.id, action: 'reset' });
    const reset = pollOf(await a.c.type('poll', pollIs(Q2.id, 'idle')));
    expect(reset).toEqual({ qid: Q2.id, status: 'idle', choiceCount: 4, answered: 0, yours: null });
    expect(await a.c.type('score')).toMatchObject({ right: 0, answered: 0 });
  });
});

describe('only the presenter drives', () => {
  test("a participant's presenter messages are refused, each one counted in the presenter's stats", async () => {
    const s = await start();
    const p = await presenter(s);
    const { c } = await participant(s, 1);
    const tries = [
      { type: 'slide', slide: { id: 'c10k', index: 1, step: 0 } },
      { type: 'poll', qid: Q.id, action: 'open' },
      { type: 'poll', qid: Q.id, action: 'reveal' },
      { type: 'showTop', show: true },
      { type: 'nav', dir: 'next' },
    ];
    for (const t of tries) {
      c.send(t);
      expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'not-presenter' });
    }
    const stats = await p.type('stats', (m) => m['refusedPresenterMessages'] === tries.length);
    expect(stats).toMatchObject({ participants: 1, connected: 1 });
    expect(s.stats().refusedPresenterMessages).toBe(tries.length);
    const again = await participant(s, 2);
    expect(viewIn(again.welcome, Q.id)['status']).toBe('idle'); // nothing was opened
    expect(again.welcome['slide']).toBeNull();
  });

  test('a presenter hello with a wrong or missing secret is refused and closed; a hello for another room too', async () => {
    const s = await start();
    for (const secret of [s.secret.slice(0, -1) + (s.secret.endsWith('A') ? 'B' : 'A'), '', undefined]) {
      const c = await connect(s);
      c.send({ type: 'hello', v: 1, room: s.room, role: 'presenter', ...(secret === undefined ? {} : { secret }) });
      expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'bad-secret' });
      expect((await c.closed).code).toBe(1008);
    }
    expect(s.stats().refusedPresenterMessages).toBe(3);
    const c = await connect(s);
    c.send({ type: 'hello', v: 1, room: s.room === 'ZZZZZ' ? 'YYYYY' : 'ZZZZZ', role: 'participant', pid: pidOf(1) });
    expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'wrong-room' });
    await c.closed;
  });

  test("the remote's nav reaches the projected deck; a presenter's page never joins or votes", async () => {
    const s = await start();
    const deck = await presenter(s);
    const remote = await presenter(s);
    remote.send({ type: 'nav', dir: 'next' });
    expect(await deck.type('nav')).toEqual({ type: 'nav', dir: 'next' });
    deck.send({ type: 'poll', qid: Q.id, action: 'open' });
    await deck.type('poll', pollIs(Q.id, 'open'));
    deck.send({ type: 'vote', qid: Q.id, choice: 0 });
    expect((await deck.type('refused'))['reason']).toBe('malformed');
    expect(s.stats()).toMatchObject({ participants: 0, votes: 0 });
  });
});

describe('bad input gets a refusal and nothing else', () => {
  test('malformed JSON, a wrong shape, a message before hello: refused, and the connection stays open', async () => {
    const s = await start();
    const c = await connect(s);
    c.send({ type: 'vote', qid: Q.id, choice: 0 });
    expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'hello-first' });
    c.send({ type: 'hello', v: 1, room: s.room, role: 'participant', pid: pidOf(1) });
    await c.type('welcome');
    for (const bad of [
      '{not json',
      '[]',
      '"vote"',
      JSON.stringify({ type: 'vote', qid: Q.id }),
      JSON.stringify({ type: 'vote', qid: Q.id, choice: 1, extra: true }),
    ]) {
      c.send(bad);
      expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'malformed' });
    }
    c.send({ type: 'nick', nick: 'a\u0007b' });
    expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'bad-nick' });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await c.type('refused'))['reason']).toBe('malformed');
    c.send({ type: 'ping' });
    expect(await c.type('pong')).toEqual({ type: 'pong' });
    expect(c.isOpen).toBe(true);
  });

  test('an oversized frame closes only its own connection (1009); a flood is refused, then closed; others go on', async () => {
    const s = await start();
    const p = await presenter(s);
    const calm = await participant(s, 1);
    const big = await participant(s, 2);
    const flood = await participant(s, 3);
    big.c.send(JSON.stringify({ type: 'nick', nick: 'x'.repeat(MAX_MESSAGE_BYTES) }));
    expect((await big.c.closed).code).toBe(1009);
    for (let i = 0; i < 200; i++) flood.c.send({ type: 'ping' });
    await flood.c.type('refused', (m) => m['reason'] === 'rate-limited');
    expect((await flood.c.closed).code).toBe(1008);
    expect(flood.c.messages.filter((m) => m.type === 'pong').length).toBeLessThanOrEqual(21);
    expect(s.stats().closedForFlooding).toBe(1);
    // The calm one is served as before.
    p.send({ type: 'poll', qid: Q.id, action: 'open' });
    await calm.c.type('poll', pollIs(Q.id, 'open'));
    calm.c.send({ type: 'vote', qid: Q.id, choice: 1 });
    await calm.c.type('ack');
    calm.c.send({ type: 'ping' });
    await calm.c.type('pong');
    expect(calm.c.messages.some((m) => m.type === 'refused')).toBe(false);
  });

  test('a nickname is kept as typed (trimmed), only as text, and reaches nobody but the presenter', async () => {
    const s = await start();
    const p = await presenter(s);
    p.send({ type: 'showTop', show: true });
    const other = await participant(s, 2);
    const { c } = await participant(s, 1, '<img src=x onerror=1>');
    c.send({ type: 'nick', nick: '  <b>Bob</b>  ' });
    const r = await p.type('results', (m) => String(JSON.stringify(m['top'])).includes('Bob'));
    expect(r['top']).toEqual([{ nick: '<b>Bob</b>', right: 0 }]);
    await new Promise((done) => setTimeout(done, 100));
    expect(other.c.raw.join('\n')).not.toMatch(/Bob|img/);
  });
});

describe('housekeeping', () => {
  test('a socket that stops answering pings is dropped; one that never says hello is closed', async () => {
    const s = await start({ heartbeatMs: 100, helloTimeoutMs: 300 });
    const deadC = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`, 5000, { autoPong: false });
    clients.push(deadC);
    deadC.send({ type: 'hello', v: 1, room: s.room, role: 'participant', pid: pidOf(1) });
    await deadC.type('welcome');
    const alive = await participant(s, 2);
    const silent = await connect(s);
    expect((await deadC.closed).code).toBe(1006); // terminated: no close frame
    expect((await silent.closed).code).toBe(1008);
    alive.c.send({ type: 'ping' });
    await alive.c.type('pong');
    expect(alive.c.isOpen).toBe(true);
  });

  test('a room holds at most maxParticipants; one who joined before still comes back', async () => {
    const s = await start({ maxParticipants: 2 });
    await participant(s, 1);
    await participant(s, 2);
    const third = await connect(s);
    third.send({ type: 'hello', v: 1, room: s.room, role: 'participant', pid: pidOf(3) });
    expect(await third.type('refused')).toEqual({ type: 'refused', reason: 'room-full' });
    expect((await third.closed).code).toBe(1008);
    const again = await participant(s, 1);
    expect(again.welcome['pid']).toBe(pidOf(1));
    expect(s.stats().participants).toBe(2);
  });

  test("the presenter's count updates are coalesced: 30 votes one after another are a few messages, ending at 30", async () => {
    const s = await start({ coalesceMs: 1000 });
    const p = await presenter(s);
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => participant(s, i)));
    p.send({ type: 'poll', qid: Q.id, action: 'open' });
    for (const x of people) await x.c.type('poll', pollIs(Q.id, 'open'));
    // One at a time, each after the previous one's ack: without coalescing, one update each.
    for (const x of people) {
      x.c.send({ type: 'vote', qid: Q.id, choice: 0 });
      await x.c.type('ack');
    }
    await p.waitFor((m) => m.type === 'poll' && pollOf(m)['answered'] === 30, 'the count at 30');
    const updates = p.messages.filter(
      (m) => m.type === 'poll' && pollOf(m)['qid'] === Q.id && pollOf(m)['status'] === 'open',
    );
    expect(updates.length).toBeLessThanOrEqual(4); // the open itself, the first vote, the rest (and one spare)
  });
});

describe('the answer never leaves the server early', () => {
  test('everything a participant receives before the reveal lacks counts, correct and explanation', async () => {
    const s = await start();
    const p = await presenter(s);
    const watcher = await participant(s, 1);
    const voters = await Promise.all([2, 3, 4].map((n) => participant(s, n)));
    for (const q of QUIZZES) p.send({ type: 'poll', qid: q.id, action: 'open' });
    for (const v of voters) await v.c.type('poll', pollIs(QUIZZES[QUIZZES.length - 1]!.id, 'open'));
    for (const [i, v] of voters.entries())
      for (const q of QUIZZES) v.c.send({ type: 'vote', qid: q.id, choice: i % q.choiceCount });
    for (const v of voters) for (let k = 0; k < QUIZZES.length; k++) await v.c.type('ack');
    p.send({ type: 'poll', qid: Q.id, action: 'close' });
    p.send({ type: 'poll', qid: Q.id, action: 'open' });
    p.send({ type: 'poll', qid: Q.id, action: 'close' });
    p.send({ type: 'slide', slide: { id: Q.id, index: 11, step: 0 } });
    await watcher.c.type('slide');
    const late = await participant(s, 5);
    const everyone = [watcher, ...voters, late];
    const text = () => everyone.map((v) => v.c.raw.join('\n')).join('\n');
    for (const word of ['"counts"', '"correct"', '"explanation"', '"right":true', '"right":false'])
      expect(text()).not.toContain(word);
    // Nor any sentence of any explanation.
    for (const q of QUIZZES)
      for (const para of [...q.explanation.en, ...q.explanation.ru])
        expect(text()).not.toContain(JSON.stringify(para).slice(1, 40));
    // The reveal: now it is there (for that question only).
    p.send({ type: 'poll', qid: Q.id, action: 'reveal' });
    const revealed = pollOf(await watcher.c.type('poll', pollIs(Q.id, 'revealed')));
    expect(revealed['counts']).toEqual([1, 1, 1, 0]);
    expect(revealed['correct']).toBe(Q.correct);
    expect(revealed).not.toHaveProperty('right'); // the watcher did not answer
    const others = watcher.c.raw.filter((r) => !r.includes(`"qid":"${Q.id}"`));
    for (const word of ['"counts"', '"correct"', '"explanation"']) expect(others.join('\n')).not.toContain(word);
  });
});

describe('export', () => {
  test('CSV and JSON with the key (query or Bearer), 403 without it or with a wrong one', async () => {
    const s = await start();
    const p = await presenter(s);
    const a = await participant(s, 1, '=HYPERLINK("x")');
    const b = await participant(s, 2, 'Ann, "A"');
    p.send({ type: 'poll', qid: Q.id, action: 'open' });
    await a.c.type('poll', pollIs(Q.id, 'open'));
    await b.c.type('poll', pollIs(Q.id, 'open'));
    a.c.send({ type: 'vote', qid: Q.id, choice: Q.correct });
    await a.c.type('ack');
    const csv = await get(s.port, `/api/export.csv?key=${s.secret}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
    expect(csv.headers['cache-control']).toBe('no-store');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('nick,pid,qid,choice,right');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")","${pidOf(1)}","${Q.id}",${Q.correct + 1},true`);
    expect(lines).toContain(`"Ann, ""A""","${pidOf(2)}","${Q.id}",,`);
    expect(lines.length).toBe(1 + 2 * QUIZZES.length + 1); // the header, the rows, the empty string after the last CRLF
    const json = await get(s.port, '/api/export.json', { Authorization: `Bearer ${s.secret}` });
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const data = JSON.parse(json.body) as { room: string; participants: { nick: string; answers: object }[] };
    expect(data.room).toBe(s.room);
    expect(data.participants.map((x) => x.nick)).toEqual(['=HYPERLINK("x")', 'Ann, "A"']);
    expect(data.participants[0]!.answers).toEqual({ [Q.id]: Q.correct });
    for (const path of ['/api/export.csv', '/api/export.json?key=nope', `/api/export.csv?key=${s.secret}x`]) {
      const r = await get(s.port, path);
      expect(r.status, path).toBe(403);
      expect(r.body).not.toContain(pidOf(1));
    }
    expect((await get(s.port, '/api/export.json', { Authorization: 'Bearer wrong' })).status).toBe(403);
  });
});

describe('static routes', () => {
  test('the short address, the phone deck, the presenter deck behind its cookie, and nothing outside the builds', async () => {
    const s = await start();
    for (const path of [`/${s.room}`, `/${s.room.toLowerCase()}`, `/${s.room}/`]) {
      const r = await get(s.port, path);
      expect(r.status, path).toBe(302);
      expect(r.headers['location']).toBe(`/?workshop=${s.room}`);
    }
    const phone = await get(s.port, `/?workshop=${s.room}`);
    expect(phone.status).toBe(200);
    expect(phone.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(phone.body).toContain('phone deck');
    expect((await get(s.port, '/assets/phone-abcdef12.js')).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await get(s.port, '/assets/style-abcdef12.css')).headers['content-type']).toBe('text/css; charset=utf-8');
    const cookie = { Cookie: await presenterCookie(s) };
    const deck = await get(s.port, `/presenter/?workshop=${s.room}&role=presenter`, cookie);
    expect(deck.status).toBe(200);
    expect(deck.body).toContain('full deck');
    expect((await get(s.port, '/presenter/remote.html', cookie)).body).toContain('remote');
    expect((await get(s.port, '/presenter/assets/main-abcdef12.js', cookie)).status).toBe(200);
    expect((await get(s.port, '/presenter?lang=en', cookie)).headers['location']).toBe('/presenter/?lang=en');
    for (const [path, status] of [
      [`/presenter/wrong/`, 403],
      [`/presenter/wrong/assets/main-abcdef12.js`, 403],
      [`/presenter//`, 403],
      ['/presenter/', 403],
      ['/presenter/remote.html', 403],
      ['/presenter/assets/main-abcdef12.js', 403],
      ['/presenter/?key=wrong', 404],
      ['/assets/main-abcdef12.js', 404],
    ] as const) {
      const r = await get(s.port, path);
      expect(r.status, path).toBe(status);
      expect(r.body).not.toContain('full deck');
    }
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/presenter/..%2f..%2fsecret.txt',
      '/presenter/../../secret.txt',
      '/%00',
      '/.hidden',
      '/%E0%A4%A',
    ]) {
      const r = await get(s.port, path, cookie);
      expect([400, 404], path).toContain(r.status);
      expect(r.body).not.toContain('outside the build');
    }
    expect((await get(s.port, '/', {}, 'POST')).status).toBe(405);
    expect((await get(s.port, '/', {}, 'HEAD')).status).toBe(200);
  });

  test('the presenter’s address is exchanged for a cookie: no address the browser keeps carries the secret', async () => {
    const s = await start();
    // The printed addresses, and the old form with `key`: 303 to the page without the secret, its parameters kept.
    for (const [path, to] of [
      [`/presenter/${s.secret}`, `/presenter/?workshop=${s.room}&role=presenter`],
      [`/presenter/${s.secret}/`, `/presenter/?workshop=${s.room}&role=presenter`],
      [`/presenter/${s.secret}/remote.html`, `/presenter/remote.html?workshop=${s.room}&role=presenter`],
      [
        `/presenter/${s.secret}/?workshop=${s.room}&key=${s.secret}&lang=en`,
        `/presenter/?workshop=${s.room}&lang=en&role=presenter`,
      ],
      [
        `/presenter/speaker.html?key=${s.secret}&lang=ru`,
        `/presenter/speaker.html?lang=ru&workshop=${s.room}&role=presenter`,
      ],
    ] as const) {
      for (const method of ['GET', 'HEAD']) {
        const r = await get(s.port, path, {}, method);
        expect(r.status, path).toBe(303);
        expect(r.headers['location'], path).toBe(to);
        expect(r.headers['location']).not.toContain(s.secret);
        expect(r.headers['cache-control']).toBe('no-store');
        expect(r.headers['referrer-policy']).toBe('no-referrer');
        const set = r.headers['set-cookie'] ?? [];
        expect(set).toHaveLength(1);
        expect(set[0]).toMatch(
          new RegExp(`^hsw-presenter-${s.room}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict$`),
        );
        expect(set[0]).not.toContain(s.secret);
      }
    }
    const cookie = await presenterCookie(s);
    // The cookie opens the presenter's WebSocket without a secret in any message; none at all: refused.
    const c = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`, 5000, { headers: { Cookie: `a=b; ${cookie}` } });
    clients.push(c);
    c.send({ type: 'hello', v: 1, room: s.room, role: 'presenter' });
    expect(await c.type('welcome')).toMatchObject({ role: 'presenter', room: s.room });
    c.send({ type: 'poll', qid: Q.id, action: 'open' });
    expect(pollOf(await c.type('poll', pollIs(Q.id, 'open')))['status']).toBe('open');
    // A secret given with the cookie must still be right.
    const both = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`, 5000, { headers: { Cookie: cookie } });
    clients.push(both);
    both.send({ type: 'hello', v: 1, room: s.room, role: 'presenter', secret: 'x'.repeat(32) });
    expect(await both.type('refused')).toEqual({ type: 'refused', reason: 'bad-secret' });
    for (const headers of [
      {},
      { Cookie: `hsw-presenter-${s.room}=${'A'.repeat(43)}` },
      { Cookie: `hsw-presenter-OTHER=${cookie.split('=')[1]}` },
    ] as Record<string, string>[]) {
      const bad = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`, 5000, { headers });
      clients.push(bad);
      bad.send({ type: 'hello', v: 1, room: s.room, role: 'presenter' });
      expect(await bad.type('refused')).toEqual({ type: 'refused', reason: 'bad-secret' });
      expect((await get(s.port, '/presenter/', headers)).status).toBe(403);
      expect((await get(s.port, '/api/export.json', headers)).status).toBe(403);
    }
    // The export takes the cookie too (the panel's buttons send no key).
    const json = await get(s.port, '/api/export.json', { Cookie: cookie });
    expect(json.status).toBe(200);
    expect(JSON.parse(json.body)).toMatchObject({ room: s.room });
  });

  test('no other site may frame a page of either deck; the embed pages any site may', async () => {
    const builds = fakeBuilds();
    for (const dir of [builds.deckDir, builds.phoneDir]) {
      mkdirSync(join(dir, 'embed'));
      for (const page of ['speaker.html', 'embed.html', 'embed/c10k.html', 'embed/c10k.ru.html']) {
        writeFileSync(join(dir, page), `<!doctype html><title>${page}</title>`);
      }
    }
    const s = await start(builds);
    const deck = `/presenter/${s.secret}/`;
    const noFraming = {
      'content-security-policy': "frame-ancestors 'self'",
      'x-frame-options': 'SAMEORIGIN',
    };
    for (const path of [
      '/',
      `/?workshop=${s.room}`,
      '/index.html',
      '/speaker.html',
      '/assets/phone-abcdef12.js',
      deck,
      `${deck}index.html`,
      `${deck}speaker.html`,
      `${deck}remote.html`,
      `/${s.room}`,
      `/presenter/${s.secret}`,
      '/no-such-page.html',
      `/api/export.csv?key=${s.secret}`,
    ]) {
      const r = await get(s.port, path);
      expect(r.status, path).toBeLessThan(500);
      expect(r.headers, path).toMatchObject(noFraming);
    }
    for (const path of ['/embed.html', '/embed.html?slide=c10k&lang=en', '/embed/c10k.html', '/embed/c10k.ru.html']) {
      const r = await get(s.port, path);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-security-policy'], path).toBeUndefined();
      expect(r.headers['x-frame-options'], path).toBeUndefined();
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  test('answers oEmbed for its own slide addresses only, from the full build’s index', async () => {
    const builds = fakeBuilds();
    const none = await start(builds);
    const missing = await get(none.port, '/oembed.json?url=x');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('no oEmbed index: run npm run build');
    mkdirSync(join(builds.deckDir, 'oembed'));
    const c10k = slideById('c10k')!;
    const entries = { c10k: await oembedEntry(c10k, 'en'), 'c10k.ru': await oembedEntry(c10k, 'ru') };
    writeFileSync(join(builds.deckDir, 'oembed', '_index.json'), JSON.stringify({ entries }));
    const s = await start(builds);
    const own = `http://127.0.0.1:${s.port}/`;
    const ask = (address: string, extra = '') => get(s.port, `/oembed.json?url=${encodeURIComponent(address)}${extra}`);
    const ok = await ask(`${own}embed/c10k.ru.html`, '&maxwidth=480');
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(ok.body)).toMatchObject({ type: 'rich', width: 480, title: c10k.title.ru, provider_url: own });
    expect((JSON.parse(ok.body) as { html: string }).html).toContain(`src="${own}embed.html?slide=c10k&amp;lang=ru"`);
    for (const [address, message] of [
      ['https://evil.example/embed/c10k.html', /not an address of this deck/],
      [`${own}embed/nonblocking.html`, /no embeddable slide “nonblocking”/],
      [`${own}speaker.html`, /not a slide’s address/],
    ] as const) {
      const r = await ask(address);
      expect(r.status, address).toBe(404);
      expect(r.body, address).toMatch(message);
    }
  });

  test("a build's files go compressed (brotli, else gzip) from the copies the build made, with ETag and caching", async () => {
    const builds = fakeBuilds();
    const dir = builds.phoneDir;
    mkdirSync(join(dir, 'pyodide'));
    const js = Buffer.from(
      Array.from({ length: 2000 }, (_, i) => `export const value${i} = 'a line of a module, ${i % 7}';`).join('\n'),
    );
    writeFileSync(join(dir, 'assets', 'deck-abcdef12.js'), js);
    const wasm = Buffer.alloc(50_000, 7);
    writeFileSync(join(dir, 'pyodide', 'pyodide.asm.wasm'), wasm);
    // already deflated: a copy would not be smaller (bytes of no pattern, the same each run)
    const zip = Buffer.concat(Array.from({ length: 625 }, (_, i) => createHash('sha256').update(String(i)).digest()));
    writeFileSync(join(dir, 'pyodide', 'python_stdlib.zip'), zip);
    await precompressDir(dir);
    expect(existsSync(join(dir, 'pyodide', 'python_stdlib.zip.br'))).toBe(false);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false); // under 1 KB
    const s = await start(builds);
    const BR = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

    const viaBr = await get(s.port, '/assets/deck-abcdef12.js', BR);
    expect(viaBr.status).toBe(200);
    expect(viaBr.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(viaBr.bytes.length),
    });
    expect(brotliDecompressSync(viaBr.bytes).equals(js)).toBe(true);
    console.log(`deck-abcdef12.js: ${js.length} bytes raw, ${viaBr.bytes.length} sent with brotli`);
    expect(viaBr.bytes.length * 3).toBeLessThanOrEqual(js.length);

    const viaGzip = await get(s.port, '/assets/deck-abcdef12.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(viaGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(viaGzip.bytes).equals(js)).toBe(true);
    expect(viaGzip.headers['etag']).not.toBe(viaBr.headers['etag']);

    const plain = await get(s.port, '/assets/deck-abcdef12.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.bytes.equals(js)).toBe(true);

    const head = await get(s.port, '/assets/deck-abcdef12.js', BR, 'HEAD');
    expect(head.headers['content-length']).toBe(String(viaBr.bytes.length));
    expect(head.bytes.length).toBe(0);

    // Revalidated: the browser's copy is confirmed with a 304 and no body.
    const again = await get(s.port, '/assets/deck-abcdef12.js', {
      ...BR,
      'If-None-Match': String(viaBr.headers['etag']),
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);

    const py = await get(s.port, '/pyodide/pyodide.asm.wasm', BR);
    expect(py.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/wasm',
      'cache-control': 'no-cache',
    });
    expect(brotliDecompressSync(py.bytes).equals(wasm)).toBe(true);
    const notHashed = await get(s.port, '/pyodide/pyodide.asm.wasm', {
      ...BR,
      'If-None-Match': `W/"other", ${String(py.headers['etag'])}`,
    });
    expect(notHashed.status).toBe(304);
    const stdlib = await get(s.port, '/pyodide/python_stdlib.zip', BR);
    expect(stdlib.headers['content-encoding']).toBeUndefined();
    expect(stdlib.bytes.equals(zip)).toBe(true);
    // a file written again after its copies were made: the copies are not it any more
    const later = Buffer.concat([js, Buffer.from('\nexport const changed = true;')]);
    writeFileSync(join(dir, 'assets', 'deck-abcdef12.js'), later);
    utimesSync(join(dir, 'assets', 'deck-abcdef12.js'), new Date(), new Date(Date.now() + 60_000));
    const rewritten = await get(s.port, '/assets/deck-abcdef12.js', BR);
    expect(rewritten.headers['content-encoding']).toBeUndefined();
    expect(rewritten.bytes.equals(later)).toBe(true);
    const page = await get(s.port, '/', BR);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers['vary']).toBeUndefined();
    expect(page.body).toContain('phone deck');
  });

  test('"Your code"\'s worker gets its own policy, as under vite preview; every other file only the framing one', async () => {
    const builds = fakeBuilds();
    for (const dir of [builds.deckDir, builds.phoneDir]) {
      writeFileSync(join(dir, 'assets', 'py-worker-Ab_c-12.js'), 'self.onmessage = () => {};');
    }
    const s = await start(builds);
    const Cookie = await presenterCookie(s);
    for (const path of ['/presenter/assets/py-worker-Ab_c-12.js', '/assets/py-worker-Ab_c-12.js']) {
      const r = await get(s.port, path, { Cookie });
      expect([path, r.status, r.headers['content-security-policy']]).toEqual([path, 200, WORKER_CSP]);
    }
    // Every other file keeps the deck's own policy (its page's) and only the header that refuses other sites' frames.
    for (const path of ['/', '/assets/phone-abcdef12.js', '/presenter/assets/main-abcdef12.js']) {
      const r = await get(s.port, path, { Cookie });
      expect(r.headers['content-security-policy'], path).toBe("frame-ancestors 'self'");
    }
  });

  test('without a phone build the server says so on the page', async () => {
    const s = await start({ phoneDir: tempDir('none') });
    expect(s.phoneBuildMissing).toBe(true);
    const r = await get(s.port, '/');
    expect(r.status).toBe(503);
    expect(r.body).toContain('The phone build is missing');
  });
});
