/**
 * The docs' front, for real: Debian's nginx running server/nginx.conf.example (its ports replaced; its own prefix
 * folder, error log and pid file under the system's temporary folder; no daemon, stopped by the test) on loopback in
 * front of two workshop processes sharing one room through a real redis-server. The phones reach both processes
 * through the one address, over WebSocket upgrade; one process stopped, its phones reconnect through nginx to the
 * other with their vote. The presenter's address, opened through nginx, leaves a cookie valid on both processes, and
 * nginx's error log, which names the request of every line, never carries the secret. Skipped, saying so, without
 * nginx, redis-server or root.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { QUIZZES } from '../../server/quizzes.ts';
import type { WorkshopServer } from '../../server/server.ts';
import { TestClient, get, pidOf, removeTempDirs, startTestServer, type Msg } from './workshop-client.ts';
import { RealRedis, freePort, nginxConfig, redisMissing } from '../../scripts/loopback-services.ts';

const NGINX = '/usr/sbin/nginx';
const why =
  redisMissing ??
  (!existsSync(NGINX)
    ? 'nginx is not installed (apt-get install nginx): skipped'
    : process.getuid?.() !== 0
      ? 'not root (nginx is run as Debian runs it): skipped'
      : null);
if (why) console.warn(`workshop-nginx-real: ${why}`);

const Q = QUIZZES[0]!;
let nginx: ChildProcess | null = null;
let dir = '';
let redis: RealRedis | null = null;
const servers: WorkshopServer[] = [];
const clients: TestClient[] = [];

afterAll(async () => {
  for (const c of clients) c.close();
  // The master on SIGTERM stops its workers (a SIGKILL would leave them behind).
  nginx?.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.close()));
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  removeTempDirs();
});

async function hello(port: number, room: string, body: object): Promise<{ c: TestClient; welcome: Msg }> {
  const c = await TestClient.open(`ws://127.0.0.1:${port}/ws`, 15_000);
  clients.push(c);
  c.send({ type: 'hello', v: 1, room, ...body });
  return { c, welcome: await c.type('welcome', () => true, 15_000) };
}

describe.skipIf(why !== null)('nginx in front of two processes', () => {
  test('the config is valid for nginx -t', () => {
    const d = mkdtempSync(join(tmpdir(), 'hsw-nginx-t-'));
    let r;
    try {
      writeFileSync(join(d, 'nginx.conf'), nginxConfig(19090, [19091, 19092]));
      const args = [
        '-t',
        '-p',
        d,
        '-c',
        join(d, 'nginx.conf'),
        '-e',
        join(d, 'error.log'),
        '-g',
        `pid ${d}/nginx.pid;`,
      ];
      r = spawnSync(NGINX, args, { encoding: 'utf8', timeout: 10_000 });
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
    expect(r.stderr).toMatch(/syntax is ok/);
    expect(r.status).toBe(0);
  });

  test('phones through nginx reach both processes, vote and see the reveal; a process stopped, its phones reconnect through nginx', async () => {
    redis = await RealRedis.start();
    const opts = { redis: { url: redis.url, prefix: 'hsw-nginx' }, trustProxy: true };
    const a = await startTestServer(servers, 'nginx', { ...opts, fresh: true });
    const b = await startTestServer(servers, 'nginx', opts);
    const front = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'hsw-nginx-'));
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig(front, [a.port, b.port]));
    let err = '';
    nginx = spawn(
      NGINX,
      [
        '-p',
        dir,
        '-c',
        join(dir, 'nginx.conf'),
        '-e',
        join(dir, 'error.log'),
        '-g',
        `daemon off; pid ${dir}/nginx.pid;`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    nginx.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const r = await get(front, '/').catch(() => null);
      if (r?.status === 200) {
        expect(r.body).toContain('phone deck');
        break;
      }
      if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not answer: ${err}`);
      await new Promise((done) => setTimeout(done, 50));
    }
    expect((await get(front, `/${a.room}`)).status).toBe(302);

    // The presenter's address through nginx: exchanged for the cookie (the one request that carries the secret), then
    // the deck, the export and the presenter's WebSocket by the cookie alone, on whichever process nginx picks.
    const exchange = await get(front, `/presenter/${a.secret}/`);
    expect(exchange.status).toBe(303);
    expect(exchange.headers['location']).toBe(`/presenter/?workshop=${a.room}&role=presenter`);
    const asPresenter = { Cookie: String(exchange.headers['set-cookie']?.[0]).split(';')[0]! };
    for (let i = 0; i < 4; i++) {
      expect((await get(front, `/presenter/?workshop=${a.room}&role=presenter`, asPresenter)).status).toBe(200);
      expect((await get(front, '/api/export.json', asPresenter)).status).toBe(200);
      const ws = await TestClient.open(`ws://127.0.0.1:${front}/ws`, 15_000, { headers: asPresenter });
      clients.push(ws);
      ws.send({ type: 'hello', v: 1, room: a.room, role: 'presenter' });
      expect(await ws.type('welcome', () => true, 15_000)).toMatchObject({ role: 'presenter' });
      ws.close();
    }

    // The presenter on A itself (B is the one that will die).
    const presenter = (await hello(a.port, a.room, { role: 'presenter', secret: a.secret })).c;
    presenter.send({ type: 'poll', qid: Q.id, action: 'open' });
    await presenter.type('poll', (m) => (m['poll'] as { status: string }).status === 'open');
    const N = 20;
    const phones = await Promise.all(
      Array.from({ length: N }, (_, k) => hello(front, a.room, { role: 'participant', pid: pidOf(k) })),
    );
    // least_conn spreads them: both processes hold phones.
    expect(a.stats().connected).toBeGreaterThan(0);
    expect(b.stats().connected).toBeGreaterThan(0);
    expect(a.stats().connected + b.stats().connected).toBe(N);
    for (const [k, { c }] of phones.entries()) c.send({ type: 'vote', qid: Q.id, choice: k % Q.choiceCount });
    for (const { c } of phones) await c.type('ack');

    // B dies: its phones come back through nginx (to A, the one left), with their vote.
    const onB = b.stats().connected;
    await b.close();
    const gone = () => phones.filter(({ c }) => !c.isOpen).length;
    for (const end = Date.now() + 10_000; gone() < onB && Date.now() < end;)
      await new Promise((d) => setTimeout(d, 20));
    // The presenter's pages go on while B is down (nginx logs each request it could not pass to B).
    for (let i = 0; i < 6; i++)
      expect((await get(front, '/presenter/assets/main-abcdef12.js', asPresenter)).status).toBe(200);
    const back = await Promise.all(
      phones.map(async ({ c }, k) =>
        c.isOpen ? null : (await hello(front, a.room, { role: 'participant', pid: pidOf(k) })).welcome,
      ),
    );
    const moved = back.filter((w) => w !== null);
    expect(moved.length).toBe(onB);
    for (const [k, w] of back.entries()) {
      if (w === null) continue;
      const v = (w['polls'] as { qid: string; yours: number | null }[]).find((p) => p.qid === Q.id)!;
      expect(v.yours).toBe(k % Q.choiceCount);
    }
    presenter.send({ type: 'poll', qid: Q.id, action: 'reveal' });
    const expected = Array.from({ length: Q.choiceCount }, (_, i) => Math.ceil((N - i) / Q.choiceCount));
    const last = clients.at(-1)!;
    const v = (await last.type('poll', (m) => (m['poll'] as { status: string }).status === 'revealed'))['poll'] as {
      counts: number[];
    };
    expect(v.counts).toEqual(expected);

    // A browser's phone through nginx: its page's origin is nginx's host and port (X-Forwarded-Host), so it gets in;
    // a page of another origin does not.
    const browser = await TestClient.open(`ws://127.0.0.1:${front}/ws`, 15_000, {
      headers: { Origin: `http://127.0.0.1:${front}` },
    });
    clients.push(browser);
    browser.send({ type: 'hello', v: 1, room: a.room, role: 'participant', pid: pidOf(N) });
    await browser.type('welcome', () => true, 15_000);
    const other = TestClient.open(`ws://127.0.0.1:${front}/ws`, 15_000, {
      headers: { Origin: `http://127.0.0.1:${a.port}` },
    });
    await expect(other).rejects.toThrow(/Unexpected server response: 403/);
    nginx.kill('SIGTERM');
    await new Promise((done) => nginx!.once('exit', done));
    nginx = null;
    // B's death is in nginx's error log, each line with its request: none of them carries the secret.
    const log = readFileSync(join(dir, 'error.log'), 'utf8');
    expect(log.split('\n').filter((l) => l.includes('request: "GET ')).length).toBeGreaterThan(0);
    expect(log).not.toContain(a.secret);
  }, 60_000);
});
