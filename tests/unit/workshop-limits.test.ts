/**
 * What one client may take of the workshop server (server/limits.ts), for real: a server on 127.0.0.1 with small
 * limits, real `ws` clients and raw TCP sockets. Every test process runs on loopback, so the tests turn the loopback
 * exemption off and speak from other loopback addresses (127.0.0.2, …: Linux routes all of 127/8 to lo) to be
 * "another address". Nothing here asserts a duration: the tests wait for conditions, bounded by vitest's timeout,
 * and the one bound over time (the log's growth) is checked against the time the test itself measured.
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import type { WorkshopOptions, WorkshopServer } from '../../server/server.ts';
import { checkNick, MAX_NICK_LENGTH } from '../../lib/workshop-protocol.ts';
import { addressKey } from '../../server/limits.ts';
import { startTestServer, TestClient, get, pidOf, removeTempDirs, tempDir, type Msg } from './workshop-client.ts';

afterAll(removeTempDirs);

let servers: WorkshopServer[] = [];
let clients: TestClient[] = [];
let sockets: Socket[] = [];

afterEach(async () => {
  for (const c of clients) c.close();
  for (const k of sockets) k.destroy();
  clients = [];
  sockets = [];
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

const start = (extra: Partial<WorkshopOptions> = {}): Promise<WorkshopServer> =>
  startTestServer(servers, 'limits', extra);

async function connectFrom(s: WorkshopServer, from = '127.0.0.1'): Promise<TestClient> {
  const c = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`, 5000, { localAddress: from });
  clients.push(c);
  return c;
}

/** A participant's hello from `from`: the welcome, or the refusal (and then the close). */
async function joinFrom(s: WorkshopServer, n: number, from = '127.0.0.1', nick?: string) {
  const c = await connectFrom(s, from);
  c.send({ type: 'hello', v: 1, room: s.room, role: 'participant', pid: pidOf(n), ...(nick ? { nick } : {}) });
  const first = await c.waitFor((m) => m.type === 'welcome' || m.type === 'refused', 'a welcome or a refusal');
  return { c, first };
}

async function presenter(s: WorkshopServer): Promise<TestClient> {
  const c = await connectFrom(s);
  c.send({ type: 'hello', v: 1, room: s.room, role: 'presenter', secret: s.secret });
  await c.type('welcome');
  return c;
}

/** A raw TCP socket from `from`, and a promise of its close. */
function rawSocket(port: number, from = '127.0.0.1'): { socket: Socket; closed: Promise<string> } {
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(socket);
  socket.on('error', () => {});
  let got = '';
  socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
  const closed = new Promise<string>((done) => socket.once('close', () => done(got)));
  return { socket, closed };
}

function connected(socket: Socket): Promise<void> {
  return new Promise((done) => (socket.connecting ? socket.once('connect', () => done()) : done()));
}

/** Writes a line every `everyMs` until the socket closes (a slowloris). */
function trickle(socket: Socket, first: string, everyMs = 30): void {
  socket.once('connect', () => {
    socket.write(first);
    const t = setInterval(() => {
      if (socket.destroyed || !socket.writable) clearInterval(t);
      else socket.write('X-Slow: 1\r\n');
    }, everyMs);
    socket.once('close', () => clearInterval(t));
  });
}

const logLines = (dir: string) =>
  readFileSync(join(dir, 'room.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const STRICT = { exemptLoopback: false } as const;

describe('new identities', () => {
  test('one address makes a few new ids a minute; then rate-limited and closed, while a newcomer from elsewhere joins', async () => {
    const s = await start({ limits: { ...STRICT, joinsPerAddressPerMinute: 5 } });
    const p = await presenter(s);
    for (let i = 0; i < 5; i++) {
      const { c, first } = await joinFrom(s, i);
      expect(first.type, `id ${i}`).toBe('welcome');
      c.close();
    }
    const over = await joinFrom(s, 100);
    expect(over.first).toEqual({ type: 'refused', reason: 'rate-limited' });
    expect((await over.c.closed).code).toBe(1008);
    // An id already in the room comes back from the same address: only new ids cost.
    expect((await joinFrom(s, 0)).first.type).toBe('welcome');
    const newcomer = await joinFrom(s, 200, '127.0.0.2');
    expect(newcomer.first.type).toBe('welcome');
    expect(s.stats()).toMatchObject({ participants: 6, refusedJoins: 1 });
    // The presenter's page is told: "joins refused".
    await p.type('stats', (m) => m['refusedJoins'] === 1);
  });

  test("the room's last places are kept for addresses that have no id yet", async () => {
    const s = await start({ maxParticipants: 8, limits: { ...STRICT, joinsPerAddressPerMinute: 100, reserve: 3 } });
    for (let i = 0; i < 5; i++) expect((await joinFrom(s, i)).first.type).toBe('welcome');
    const greedy = await joinFrom(s, 5);
    expect(greedy.first).toEqual({ type: 'refused', reason: 'room-full' });
    expect((await greedy.c.closed).code).toBe(1008);
    for (const [k, from] of ['127.0.0.2', '127.0.0.3', '127.0.0.4'].entries()) {
      expect((await joinFrom(s, 10 + k, from)).first.type, from).toBe('welcome');
    }
    expect((await joinFrom(s, 20, '127.0.0.5')).first).toEqual({ type: 'refused', reason: 'room-full' });
    expect((await joinFrom(s, 1)).first.type).toBe('welcome'); // one who joined before still comes back
    expect(s.stats()).toMatchObject({ participants: 8, refusedJoins: 2 });
  });

  test('loopback is exempt by default (the bench, the presenter’s machine): 40 new ids from 127.0.0.1 all join', async () => {
    const s = await start();
    for (let i = 0; i < 40; i++) {
      const { c, first } = await joinFrom(s, i);
      expect(first.type).toBe('welcome');
      c.close();
    }
    expect(s.stats().participants).toBe(40);
  });
});

test('the per-address limits count an IPv4-mapped address as its IPv4 address (one phone, one count)', () => {
  expect(addressKey('192.168.1.20')).toBe('192.168.1.20');
  expect(addressKey('::ffff:192.168.1.20')).toBe('192.168.1.20');
  expect(addressKey('2001:DB8::1')).toBe('2001:db8::1');
});

describe('connections', () => {
  test('a cap per address and one in all: the socket over it is closed at once; the server still answers', async () => {
    const s = await start({ limits: { ...STRICT, maxConnectionsPerAddress: 4, maxConnections: 6 } });
    const held = Array.from({ length: 4 }, () => rawSocket(s.port));
    for (const h of held) await connected(h.socket);
    const over = rawSocket(s.port);
    expect(await over.closed).toBe(''); // closed without a byte
    // Another address still gets the page, and may hold sockets up to the total.
    expect((await get2(s.port, '127.0.0.2')).status).toBe(200);
    const more = [rawSocket(s.port, '127.0.0.2'), rawSocket(s.port, '127.0.0.2')];
    for (const h of more) await connected(h.socket);
    await waitUntil(() => s.stats().refusedConnections === 1, 'the first refusal counted');
    const third = rawSocket(s.port, '127.0.0.3');
    expect(await third.closed).toBe('');
    expect(s.stats().refusedConnections).toBe(2);
    // A socket closed frees its place.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await waitUntil(async () => (await get2(s.port, '127.0.0.3').catch(() => ({ status: 0 }))).status === 200, 'a GET');
  });

  test('slowloris: trickled headers, a silent socket, a trickled upgrade and an upgrade without hello are closed', async () => {
    const s = await start({
      helloTimeoutMs: 300,
      limits: { headersTimeoutMs: 300, idleTimeoutMs: 300 },
    });
    const headers = rawSocket(s.port);
    trickle(headers.socket, 'GET / HTTP/1.1\r\nHost: x\r\n');
    const silent = rawSocket(s.port);
    const upgrade = rawSocket(s.port);
    trickle(upgrade.socket, 'GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n');
    const mute = await connectFrom(s);
    // Meanwhile the server answers.
    expect((await get(s.port, '/')).status).toBe(200);
    const { first } = await joinFrom(s, 1);
    expect(first.type).toBe('welcome');
    await Promise.all([headers.closed, silent.closed, upgrade.closed]);
    expect((await mute.closed).code).toBe(1008);
    expect((await get(s.port, '/')).status).toBe(200);
  });
});

/** A GET from another local address. */
async function get2(port: number, from: string): Promise<{ status: number }> {
  const { request } = await import('node:http');
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path: '/', localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0 }));
    });
    req.on('error', fail);
    req.end();
  });
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('renames', () => {
  test("a participant's renames within a window reach the log once, the last one; the presenter sees it at once", async () => {
    const dataDir = tempDir('renames');
    const s = await start({ dataDir, limits: { renameWindowMs: 60_000 } });
    const p = await presenter(s);
    p.send({ type: 'showTop', show: true });
    const { c } = await joinFrom(s, 1, '127.0.0.1', 'first');
    for (const nick of ['Ann', 'Bea', 'Cleo', 'Dora', 'Eve']) c.send({ type: 'nick', nick });
    await p.type('results', (m) => JSON.stringify(m['top']) === JSON.stringify([{ nick: 'Eve', right: 0 }]));
    await s.close();
    const nicks = logLines(dataDir).filter((l) => l['t'] === 'nick');
    expect(nicks.map((l) => l['nick'])).toEqual(['Eve']);
    const again = await start({ dataDir });
    expect((await joinFrom(again, 1)).first['nick']).toBe('Eve');
  });

  test('renames per participant are capped (also through a new hello); over it: rate-limited', async () => {
    const s = await start({ limits: { renamesPerPidPerMinute: 3 } });
    const { c } = await joinFrom(s, 1, '127.0.0.1', 'a0');
    for (const nick of ['a1', 'a2', 'a3']) c.send({ type: 'nick', nick });
    c.send({ type: 'nick', nick: 'a4' });
    expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'rate-limited' });
    const back = await joinFrom(s, 1, '127.0.0.1', 'a5');
    expect(back.first['nick']).toBe('a3');
    expect(await back.c.type('refused')).toEqual({ type: 'refused', reason: 'rate-limited' });
    expect(s.stats().refusedRenames).toBe(2);
  });

  test('a rename flood grows the log by at most the byte budget, and the last nickname of each is kept', async () => {
    const dataDir = tempDir('flood');
    const budget = 1000;
    const t0 = performance.now();
    const s = await start({
      dataDir,
      rate: { perSecond: 10_000, burst: 10_000 },
      limits: { renameWindowMs: 20, renameBytesPerSecond: budget, renamesPerPidPerMinute: 1_000_000 },
    });
    const people = await Promise.all(Array.from({ length: 40 }, (_, i) => joinFrom(s, i)));
    // A join is welcomed before its line is fsynced (group commit): measure from once all 40 are on disk.
    const lines = () => readFileSync(join(dataDir, 'room.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    await expect.poll(lines, { timeout: 10_000 }).toBeGreaterThanOrEqual(41);
    const before = readFileSync(join(dataDir, 'room.jsonl')).length;
    const ROUNDS = 25;
    for (let r = 0; r < ROUNDS; r++)
      for (const [i, x] of people.entries()) x.c.send({ type: 'nick', nick: `p${i}-r${r}` });
    // Every rename is handled once each phone's ping after them is answered.
    for (const x of people) x.c.send({ type: 'ping' });
    for (const x of people) await x.c.type('pong');
    await new Promise((r) => setTimeout(r, 200)); // a few windows more, so that the budget is used as it may be
    const grown = readFileSync(join(dataDir, 'room.jsonl')).length - before;
    const seconds = (performance.now() - t0) / 1000;
    // 1,000 renames of ~90 bytes each were sent; the budget lets through at most its bucket plus its rate.
    expect(grown).toBeGreaterThan(0);
    expect(grown).toBeLessThanOrEqual(Math.max(budget, 512) + budget * seconds);
    expect(s.stats().renameBytes).toBeLessThanOrEqual(Math.max(budget, 512) + budget * seconds);
    // In memory every last nickname is there at once, and a clean stop writes them.
    const json = JSON.parse((await get(s.port, `/api/export.json?key=${s.secret}`)).body) as {
      participants: { pid: string; nick: string }[];
    };
    expect(new Set(json.participants.map((x) => x.nick))).toEqual(
      new Set(people.map((_, i) => `p${i}-r${ROUNDS - 1}`)),
    );
    await s.close();
    const last = new Map<unknown, unknown>();
    for (const l of logLines(dataDir)) if (l['t'] === 'nick') last.set(l['pid'], l['nick']);
    expect(last.size).toBe(40);
    for (const [i] of people.entries()) expect(last.get(pidOf(i))).toBe(`p${i}-r${ROUNDS - 1}`);
  });
});

describe('nicknames', () => {
  const BAD = ['a\u0085b', 'a\u009bb', 'abc\u202Edef', 'a\u200Bb', 'a\uD800b', 'x\u0000', 'a\u2066b\u2069', 'a\u2028b'];

  test('control and format characters, bidi overrides, lone surrogates and more than 24 graphemes are refused', () => {
    for (const nick of BAD) expect(checkNick(nick).ok, JSON.stringify(nick)).toBe(false);
    expect(checkNick('x'.repeat(MAX_NICK_LENGTH + 1))).toEqual({ ok: false, problem: 'too-long' });
    expect(checkNick('a' + '\u0301'.repeat(8))).toEqual({ ok: false, problem: 'marks' });
    // What people type: accents (NFC), emoji (with their joiners), other scripts, 24 of them.
    expect(checkNick(' Zoe\u0308 ')).toEqual({ ok: true, nick: 'Zoë' });
    for (const nick of ['Ада', '👩‍💻 dev', '👩🏽‍💻', 'क्षि', '李小龙', '🇫🇷'.repeat(MAX_NICK_LENGTH), '<b>Bob</b>']) {
      expect(checkNick(nick), nick).toEqual({ ok: true, nick });
    }
  });

  test('property: an accepted nickname is NFC, has no control, format (but an emoji joiner) or lone surrogate, and at most 24 graphemes', () => {
    const nasty = fc.constantFrom(
      '\u0085',
      '\u009b',
      '\u202e',
      '\u200b',
      '\u200d',
      '\u2066',
      '\ufeff',
      '\u00ad',
      '\ud800',
      '\udfff',
      '\u0000',
      '\u007f',
      '\u0301',
      '👩',
      '💻',
      'e',
      ' ',
      '\u2028',
    );
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: fc.oneof(nasty, fc.string({ unit: 'grapheme', maxLength: 1 })), maxLength: 40 }),
    );
    const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    fc.assert(
      fc.property(text, (raw) => {
        const r = checkNick(raw);
        if (!r.ok) return;
        const n = r.nick;
        expect(n).toBe(n.normalize('NFC'));
        expect(n).toBe(n.trim());
        expect(n).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
        expect(n).not.toMatch(/\p{Cs}/u);
        const joinerless = n.replace(
          /(?<=\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu,
          '',
        );
        expect(joinerless).not.toMatch(/\p{Cf}/u);
        expect([...seg.segment(n)].length).toBeLessThanOrEqual(MAX_NICK_LENGTH);
      }),
      { numRuns: 2000 },
    );
  });

  test('the server: a refused nickname in a hello joins without it (bad-nick said); a refused rename keeps the old one', async () => {
    const s = await start();
    const p = await presenter(s);
    p.send({ type: 'showTop', show: true });
    const { c, first } = await joinFrom(s, 1, '127.0.0.1', 'evil\u202Etxt.exe');
    expect(first.type).toBe('welcome');
    expect(first).not.toHaveProperty('nick');
    expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'bad-nick' });
    c.send({ type: 'nick', nick: 'Ada' });
    for (const bad of BAD) {
      c.send({ type: 'nick', nick: bad });
      expect(await c.type('refused')).toEqual({ type: 'refused', reason: 'bad-nick' });
    }
    const r: Msg = await p.type('results', (m) => JSON.stringify(m['top']) === '[{"nick":"Ada","right":0}]');
    expect(JSON.stringify(r)).not.toMatch(/\\u202e|\u202e/i);
    const csv = (await get(s.port, `/api/export.csv?key=${s.secret}`)).body;
    for (const bad of BAD) expect(csv).not.toContain(bad);
  });
});

test('--trust-proxy: a WebSocket from loopback is counted by its X-Real-IP; without it the header is ignored', async () => {
  const limits = { joinsPerAddressPerMinute: 1, exemptLoopback: true };
  const join = async (s: WorkshopServer, k: number, realIp: string): Promise<Msg> => {
    const c = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`, 5000, { headers: { 'X-Real-IP': realIp } });
    clients.push(c);
    c.send({ type: 'hello', v: 1, room: s.room, role: 'participant', pid: pidOf(k) });
    return c.waitFor((m) => m.type === 'welcome' || m.type === 'refused', 'a welcome or a refusal');
  };
  const behind = await start({ limits, trustProxy: true });
  expect((await join(behind, 1, '192.0.2.7')).type).toBe('welcome');
  expect(await join(behind, 2, '192.0.2.7')).toMatchObject({ type: 'refused', reason: 'rate-limited' });
  expect((await join(behind, 3, '192.0.2.8')).type).toBe('welcome');
  // A loopback X-Real-IP is exempt as loopback is; a header that is no address is not taken.
  expect((await join(behind, 4, '127.0.0.1')).type).toBe('welcome');
  expect((await join(behind, 5, '127.0.0.1')).type).toBe('welcome');
  for (const k of [10, 11]) expect((await join(behind, k, 'not-an-address')).type).toBe('welcome');
  const direct = await start({ limits });
  for (const k of [6, 7, 8]) expect((await join(direct, k, '192.0.2.9')).type).toBe('welcome');
});

describe("a browser's WebSocket from another origin", () => {
  /** An upgrade with these headers: the welcome to a participant's hello, or the HTTP status that refused it. */
  const attempt = async (s: WorkshopServer, k: number, headers: Record<string, string>): Promise<string | number> => {
    let c: TestClient;
    try {
      c = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`, 5000, { headers });
    } catch (e) {
      const status = /Unexpected server response: (\d+)/.exec(String(e))?.[1];
      if (status === undefined) throw e;
      return Number(status);
    }
    clients.push(c);
    c.send({ type: 'hello', v: 1, room: s.room, role: 'participant', pid: pidOf(k) });
    return (await c.waitFor((m) => m.type === 'welcome' || m.type === 'refused', 'a welcome or a refusal')).type;
  };

  test("is refused before it exists; the room's own pages and clients without an Origin get in", async () => {
    const s = await start();
    const own = `http://127.0.0.1:${s.port}`;
    // A page of another site, in a phone's or the presenter's browser (loopback: once exempt from every limit).
    for (const origin of ['http://evil.example', `http://127.0.0.1:${s.port + 1}`, `http://localhost:${s.port}`]) {
      expect(await attempt(s, 1, { Origin: origin }), origin).toBe(403);
    }
    expect(await attempt(s, 2, { Origin: 'null' })).toBe(403);
    expect(await attempt(s, 3, { Origin: `file://${s.port}` })).toBe(403);
    // The presenter's key does not help either: the socket never opens.
    expect(await attempt(s, 4, { Origin: 'http://evil.example', Authorization: `Bearer ${s.secret}` })).toBe(403);
    expect(s.stats()).toMatchObject({ participants: 0, connected: 0 });
    // The room's own page (the Host it was loaded from, any case), and a client that sends no Origin (the bench).
    expect(await attempt(s, 5, { Origin: own })).toBe('welcome');
    expect(await attempt(s, 6, { Origin: own.toUpperCase().replace('HTTP', 'http') })).toBe('welcome');
    expect(await attempt(s, 7, {})).toBe('welcome');
    // An X-Forwarded-Host is nobody's word without --trust-proxy.
    expect(await attempt(s, 8, { Origin: 'http://evil.example', 'X-Forwarded-Host': 'evil.example' })).toBe(403);
    expect(s.stats()).toMatchObject({ participants: 3 });
  });

  test('behind a proxy: the host it says the browser asked for, or the configured public address', async () => {
    const s = await start({ trustProxy: true, origins: ['https://Workshop.Example.org/ignored/path'] });
    const fwd = { 'X-Forwarded-Host': 'hall.example:8080' };
    expect(await attempt(s, 1, { ...fwd, Origin: 'http://hall.example:8080' })).toBe('welcome');
    expect(await attempt(s, 2, { ...fwd, Origin: 'http://hall.example:8081' })).toBe(403);
    expect(await attempt(s, 3, { ...fwd, Origin: 'http://evil.example' })).toBe(403);
    // A TLS proxy: an https page on the default port.
    expect(await attempt(s, 4, { 'X-Forwarded-Host': 'hall.example', Origin: 'https://hall.example' })).toBe('welcome');
    expect(await attempt(s, 5, { Origin: 'https://workshop.example.org' })).toBe('welcome');
    expect(await attempt(s, 6, { Origin: 'http://workshop.example.org' })).toBe(403);
  });
});
