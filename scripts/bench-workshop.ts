/**
 * `npm run bench:workshop`: the workshop server under a room's load, on loopback. It starts the server as a child
 * process (server/cli.ts, a temporary data directory, a free port), opens 2,000 real `ws` participants in batches,
 * has the presenter change the slide three times (each change counted as received by every phone), open one
 * question, the participants vote over about two seconds, and the presenter reveal it. It prints the votes sent,
 * acknowledged and counted (they must be equal), the time from a vote to the presenter's updated count and from
 * the reveal to the last phone's histogram (p50, p95, max), and the server's memory (VmRSS and VmHWM of its
 * process). Bounded: a global timeout; it stops the server and exits by itself, non-zero if anything was lost.
 *
 *   npm run bench:workshop -- [--participants 2000] [--batch 100] [--vote-spread-ms 2000] [--timeout-s 120]
 *
 * Several processes sharing the room through Redis (server/redis-room.ts), behind Debian's nginx running
 * server/nginx.conf.example (its ports replaced, its own prefix folder under the temporary one):
 *
 *   npm run bench:workshop -- --processes 2 --redis redis://127.0.0.1:6379 --participants 10000
 *   npm run bench:workshop -- --processes 2 --redis auto       (a redis-server of its own: AOF, appendfsync always)
 *
 * The phones connect through nginx (without nginx: to the processes in turn, said so), the presenter to the first
 * process; the memory of every process and of Redis is printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { parseCommandLine } from './command-line.ts';
import { exitWhenWritten } from './exit.ts';
import { RealRedis, freePort, nginxConfig } from './loopback-services.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

const { values } = parseCommandLine(
  {
    options: {
      participants: { type: 'string' },
      batch: { type: 'string' },
      'vote-spread-ms': { type: 'string' },
      'timeout-s': { type: 'string' },
      processes: { type: 'string' },
      redis: { type: 'string' },
    },
  },
  (message) => {
    console.error(
      `${message}\nusage: npm run bench:workshop -- [--participants N] [--batch B] [--vote-spread-ms T] [--timeout-s S] [--processes P] [--redis redis://host:port|auto]`,
    );
    process.exit(2);
  },
);

function option(name: Exclude<keyof typeof values, 'redis'>, fallback: number): number {
  const v = values[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`--${name} needs a positive integer`);
    process.exit(2);
  }
  return n;
}

const N = option('participants', 2000);
const BATCH = option('batch', 100);
const SPREAD_MS = option('vote-spread-ms', 2000);
const TIMEOUT_S = option('timeout-s', 120);
const PROCESSES = option('processes', 1);
const REDIS = ((): string | null => {
  const v = values.redis;
  if (v === undefined) return PROCESSES > 1 ? 'auto' : null;
  if (v !== 'auto' && !/^rediss?:\/\/\S+$/.test(v)) {
    console.error('--redis needs redis://host:port or auto');
    process.exit(2);
  }
  return v;
})();
const NGINX = '/usr/sbin/nginx';
const QID = 'quiz-busy-wait';
const CHOICES = 4;

type Msg = { type: string } & Record<string, unknown>;

const tmp = mkdtempSync(join(tmpdir(), 'hsw-bench-workshop-'));
const children: ChildProcess[] = [];
const nginxChildren: ChildProcess[] = [];
/** `--redis auto`: a redis-server of the bench's own (AOF, appendfsync always), stopped with the rest. */
let ownRedis: RealRedis | null = null;
const sockets: WebSocket[] = [];

let stopping = false;
/** Stops everything the bench started, then exits with `code` once its report is out (once: a later call does nothing). */
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const ws of sockets) ws.terminate();
  const nginxLog = join(tmp, 'nginx', 'error.log');
  if (code !== 0 && existsSync(nginxLog)) {
    const lines = readFileSync(nginxLog, 'utf8').trim().split('\n');
    if (lines.length > 0 && lines[0] !== '')
      console.error(`nginx's error log (last lines):\n${lines.slice(-5).join('\n')}`);
  }
  // nginx's master on SIGTERM (a SIGKILL would leave its workers behind), the rest at once.
  for (const child of children)
    if (child.exitCode === null) child.kill(nginxChildren.includes(child) ? 'SIGTERM' : 'SIGKILL');
  const redisChild = ownRedis?.process;
  if (redisChild && redisChild.exitCode === null) redisChild.kill('SIGKILL');
  if (ownRedis) rmSync(ownRedis.dir, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
  void exitWhenWritten(code);
}

const deadline = setTimeout(() => {
  console.error(`bench:workshop: over the ${TIMEOUT_S} s limit; stopped`);
  stop(3);
}, TIMEOUT_S * 1000);

/** nginx with server/nginx.conf.example in front of the processes' ports (its files in `tmp/<name>`); its port. */
async function startNginx(backs: readonly number[], name = 'nginx'): Promise<number> {
  const front = await freePort();
  const dir = join(tmp, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(front, backs));
  const c = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', `daemon off; pid ${dir}/nginx.pid;`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.push(c);
  nginxChildren.push(c);
  const end = performance.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((done) => {
      get(`http://127.0.0.1:${front}/`, (res) => {
        res.resume();
        done(true);
      }).on('error', () => done(false));
    });
    if (ok) return front;
    if (performance.now() > end || c.exitCode !== null) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function startServer(
  i: number,
  redis: string | null,
): Promise<{ port: number; room: string; secret: string; pid: number }> {
  const shared = redis === null ? [] : ['--redis', redis, '--redis-prefix', `bench-${process.pid}`, '--trust-proxy'];
  const c = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli.ts',
      '--no-build',
      '--json',
      ...(i === 0 ? ['--new'] : []),
      ...shared,
      '--max-connections',
      String(N + 100),
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--data',
      join(tmp, `data-${i}`),
      '--dist',
      join(tmp, 'no-dist'),
      '--phone',
      join(tmp, 'no-phone'),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(c);
  let out = '';
  let err = '';
  c.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((done, fail) => {
    c.on('exit', (code) => fail(new Error(`the server exited (${code}): ${err}`)));
    c.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) done(JSON.parse(line) as { port: number; room: string; secret: string; pid: number });
    });
  });
}

/**
 * A socket that hands each frame's text to `onText`. The phones look at the text without parsing all of it: here
 * 2,000 phones share one process, where a real phone parses only its own frame on its own CPU.
 */
function open(url: string, onText: (text: string, t: number) => void): Promise<WebSocket> {
  return new Promise((done, fail) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.on('message', (data: Buffer) => onText(data.toString('utf8'), performance.now()));
    ws.once('open', () => done(ws));
    ws.once('error', fail);
  });
}

/** Resolves when `check` is true (looked at every 5 ms), or rejects after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function quantiles(xs: number[]): { p50: number; p95: number; max: number; n: number } {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] ?? NaN;
  return { p50: q(0.5), p95: q(0.95), max: s.at(-1) ?? NaN, n: s.length };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

function fetchJson(url: string): Promise<unknown> {
  return new Promise((done, fail) => {
    get(url, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => done(JSON.parse(body)));
    }).on('error', fail);
  });
}

/** A floor server (scripts/bench-floor-server.mjs) as a child process: its port and pid. */
function startFloorServer(): Promise<{ port: number; pid: number }> {
  const c = spawn(process.execPath, [join(ROOT, 'scripts', 'bench-floor-server.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(c);
  let out = '';
  return new Promise((done, fail) => {
    c.on('exit', (code) => fail(new Error(`the floor server exited (${code})`)));
    c.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) done(JSON.parse(line) as { port: number; pid: number });
    });
  });
}

interface Floor {
  /** Whether its phones went through nginx (several processes, nginx installed). */
  nginx: boolean;
  slide: number[];
  reveal: number[];
  missed: number;
}

/**
 * The floor: what the machine does for the same phones and frames with nothing but `ws` (as many bare processes as
 * the room has, behind nginx the same way): three slide frames and the revealed histogram's frame, the texts the
 * room's first phone received, each sent to every phone, timed from the send to the phone that receives it.
 */
async function measureFloor(frames: { slide: string; reveal: string }): Promise<Floor> {
  const servers = await Promise.all(Array.from({ length: PROCESSES }, () => startFloorServer()));
  const front =
    PROCESSES > 1 && existsSync(NGINX)
      ? `127.0.0.1:${await startNginx(
          servers.map((s) => s.port),
          'nginx-floor',
        )}`
      : '';
  const phoneUrl = (i: number) =>
    front ? `ws://${front}/ws` : `ws://127.0.0.1:${servers[i % servers.length]!.port}/ws`;
  const presenters = await Promise.all(servers.map((s) => open(`ws://127.0.0.1:${s.port}/ws`, () => {})));
  const got: Map<string, number>[] = Array.from({ length: N }, () => new Map<string, number>());
  const welcomed: boolean[] = Array.from({ length: N }, () => false);
  for (let start = 0; start < N; start += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, N - start) }, (_, j) => start + j);
    await Promise.all(
      ids.map(async (i) => {
        const ws = await open(phoneUrl(i), (text, t) => {
          if (text === '{"type":"welcome"}') welcomed[i] = true;
          else if (!got[i]!.has(text)) got[i]!.set(text, t);
        });
        ws.send('{"type":"hello"}');
      }),
    );
    await until(() => ids.every((i) => welcomed[i]), 10_000, 'the welcomes of a batch (floor)');
  }
  let missed = 0;
  const broadcast = async (frame: string): Promise<number[]> => {
    const t0 = performance.now();
    for (const p of presenters) p.send(JSON.stringify({ floor: frame }));
    try {
      await until(() => got.every((g) => g.has(frame)), 10_000, 'a frame on every phone (floor)');
    } catch {
      // counted below
    }
    return got.flatMap((g) => {
      const t = g.get(frame);
      if (t === undefined) missed++;
      return t === undefined ? [] : [t - t0];
    });
  };
  const slide: number[] = [];
  for (let k = 1; k <= 3; k++)
    slide.push(
      ...(await broadcast(frames.slide.replace('"slide-1"', `"slide-${k}"`).replace('"index":1', `"index":${k}`))),
    );
  const reveal = await broadcast(frames.reveal);
  return { nginx: front !== '', slide, reveal, missed };
}

async function main(): Promise<void> {
  ownRedis = REDIS === 'auto' ? await RealRedis.start() : null;
  const redisUrl = ownRedis?.url ?? REDIS;
  const server = await startServer(0, redisUrl);
  const others = await Promise.all(Array.from({ length: PROCESSES - 1 }, (_, i) => startServer(i + 1, redisUrl)));
  const all = [server, ...others];
  let front: string;
  if (PROCESSES === 1) front = `127.0.0.1:${server.port}`;
  else if (existsSync(NGINX)) front = `127.0.0.1:${await startNginx(all.map((s) => s.port))}`;
  else {
    console.warn(`bench:workshop: ${NGINX} is missing: the phones connect to the processes in turn`);
    front = '';
  }
  const phoneUrl = (i: number) => (front ? `ws://${front}/ws` : `ws://127.0.0.1:${all[i % all.length]!.port}/ws`);
  const url = `ws://127.0.0.1:${server.port}/ws`;
  const memIdle = all.map((s) => memory(s.pid));

  // The presenter: records when each count of answers first arrives.
  const answeredAt: number[] = []; // answeredAt[k]: when the presenter first saw more than k answers
  const presenter = await open(url, (text, t) => {
    const m = JSON.parse(text) as Msg;
    if (m.type !== 'poll') return;
    const poll = m['poll'] as { qid: string; answered: number };
    if (poll.qid !== QID) return;
    while (answeredAt.length < poll.answered) answeredAt.push(t);
  });
  presenter.send(JSON.stringify({ type: 'hello', v: 1, room: server.room, role: 'presenter', secret: server.secret }));

  // The phones.
  interface Phone {
    ws: WebSocket | null;
    welcomed: boolean;
    slides: Map<number, number>;
    open: boolean;
    ackAt: number | null;
    revealedAt: number | null;
    refused: string[];
  }
  /** The frames the first phone received, sent again by the floor (the same text, so the same bytes). */
  const seen = { slide: '', reveal: '' };
  const phones: Phone[] = Array.from({ length: N }, () => ({
    ws: null,
    welcomed: false,
    slides: new Map(),
    open: false,
    ackAt: null,
    revealedAt: null,
    refused: [],
  }));
  const tJoin = performance.now();
  for (let start = 0; start < N; start += BATCH) {
    const batch = phones.slice(start, start + BATCH);
    await Promise.all(
      batch.map(async (p, j) => {
        const i = start + j;
        const isPoll = `{"type":"poll","poll":{"qid":"${QID}"`;
        p.ws = await open(phoneUrl(i), (text, t) => {
          if (text.startsWith('{"type":"welcome"')) p.welcomed = true;
          else if (text.startsWith('{"type":"slide"')) {
            if (i === 0 && !seen.slide) seen.slide = text;
            p.slides.set((JSON.parse(text) as { slide: { index: number } }).slide.index, t);
          } else if (text.startsWith('{"type":"ack"')) p.ackAt = t;
          else if (text.startsWith('{"type":"refused"')) p.refused.push(String((JSON.parse(text) as Msg)['reason']));
          else if (text.startsWith(isPoll)) {
            if (text.includes('"status":"open"')) p.open = true;
            if (text.includes('"status":"revealed"') && text.includes('"counts":[') && p.revealedAt === null) {
              if (i === 0) seen.reveal = text;
              p.revealedAt = t;
            }
          }
        });
        const pid = `bench-${String(i).padStart(8, '0')}-${server.room}`;
        p.ws.send(JSON.stringify({ type: 'hello', v: 1, room: server.room, role: 'participant', pid }));
      }),
    );
    await until(() => batch.every((p) => p.welcomed), 10_000, 'the welcomes of a batch');
  }
  const joinMs = performance.now() - tJoin;
  const memJoined = all.map((s) => memory(s.pid));

  // Three slide changes, each received by every phone.
  const slideLatency: number[] = [];
  let slidesMissed = 0;
  for (let k = 1; k <= 3; k++) {
    const t0 = performance.now();
    presenter.send(JSON.stringify({ type: 'slide', slide: { id: `slide-${k}`, index: k, step: 0 } }));
    try {
      await until(() => phones.every((p) => p.slides.has(k)), 10_000, `slide ${k} on every phone`);
    } catch {
      // counted below
    }
    for (const p of phones) {
      const t = p.slides.get(k);
      if (t === undefined) slidesMissed++;
      else slideLatency.push(t - t0);
    }
  }

  // Open the question; every phone sees it open; the votes, spread over SPREAD_MS.
  presenter.send(JSON.stringify({ type: 'poll', qid: QID, action: 'open' }));
  await until(() => phones.every((p) => p.open), 10_000, 'the question open on every phone');
  const sentAt: number[] = [];
  const batches = Math.max(1, Math.ceil(N / BATCH));
  const gap = SPREAD_MS / batches;
  for (let b = 0; b < batches; b++) {
    for (let i = b * BATCH; i < Math.min(N, (b + 1) * BATCH); i++) {
      sentAt[i] = performance.now();
      phones[i]!.ws!.send(JSON.stringify({ type: 'vote', qid: QID, choice: i % CHOICES }));
    }
    await new Promise((r) => setTimeout(r, gap));
  }
  try {
    await until(() => answeredAt.length >= N && phones.every((p) => p.ackAt !== null), 20_000, 'every vote counted');
  } catch {
    // counted below
  }
  const acked = phones.filter((p) => p.ackAt !== null).length;
  const ackLatency = phones.flatMap((p, i) => (p.ackAt === null ? [] : [p.ackAt - sentAt[i]!]));
  // The k-th vote sent is counted when the presenter's count first exceeds k (the server takes them in order).
  const countLatency = answeredAt.map((t, k) => t - sentAt[k]!);

  // The reveal, to the last phone's histogram.
  const t0 = performance.now();
  presenter.send(JSON.stringify({ type: 'poll', qid: QID, action: 'reveal' }));
  try {
    await until(() => phones.every((p) => p.revealedAt !== null), 20_000, 'the histogram on every phone');
  } catch {
    // counted below
  }
  const revealLatency = phones.flatMap((p) => (p.revealedAt === null ? [] : [p.revealedAt - t0]));
  const memEnd = all.map((s) => memory(s.pid));
  const redisPid = ownRedis?.process?.pid;
  const redisMem = redisPid ? memory(redisPid) : null;
  const exported = (await fetchJson(`http://127.0.0.1:${server.port}/api/export.json?key=${server.secret}`)) as {
    questions: { qid: string; answered: number; counts: number[] }[];
  };
  const counted = exported.questions.find((q) => q.qid === QID)?.answered ?? 0;
  const refused = phones.flatMap((p) => p.refused);

  // The room's phones go; the floor's come, to the same number, in the same way.
  for (const p of phones) p.ws?.terminate();
  presenter.terminate();
  const floor = await measureFloor(seen);
  const p95 = (xs: number[]) => quantiles(xs).p95;
  const ratio = (ours: number[], base: number[], goal: number) => {
    const r = p95(ours) / p95(base);
    return `${r.toFixed(2)}× (goal ≤ ${goal}×: ${r <= goal ? 'met' : 'not met'})`;
  };

  const row = (label: string, q: ReturnType<typeof quantiles>) =>
    `  ${label.padEnd(34)} p50 ${ms(q.p50).padStart(9)}   p95 ${ms(q.p95).padStart(9)}   max ${ms(q.max).padStart(9)}   (n=${q.n})`;
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  const shape =
    PROCESSES === 1
      ? 'one process'
      : `${PROCESSES} processes sharing the room through Redis${front ? ', behind nginx' : ''}${ownRedis ? ' (a redis-server of its own, appendfsync always)' : ''}`;
  console.log(`bench:workshop: ${N} participants on loopback, ${shape}, ${availableParallelism()} cores (load average ${load}), node ${process.version}
  joined                             ${N} in ${(joinMs / 1000).toFixed(1)} s (batches of ${BATCH})
  slide changes received             ${slideLatency.length} of ${3 * N}
${row('slide → every phone', quantiles(slideLatency))}
  votes sent / acked / counted       ${sentAt.length} / ${acked} / ${counted}   (over ${SPREAD_MS} ms)
${row('vote → its ack (on disk)', quantiles(ackLatency))}
${row("vote → presenter's updated count", quantiles(countLatency))}
${row("reveal → phone's histogram", quantiles(revealLatency))}
  reveal → the last phone's histogram ${ms(Math.max(...revealLatency))}
${all
  .map(
    (_, i) =>
      `  ${`process ${i + 1} memory (VmRSS)`.padEnd(34)} idle ${memIdle[i]!.rss.toFixed(0)} MB, ${N} joined ${memJoined[i]!.rss.toFixed(0)} MB, end ${memEnd[i]!.rss.toFixed(0)} MB (peak ${memEnd[i]!.hwm.toFixed(0)} MB)`,
  )
  .join(
    '\n',
  )}${redisMem ? `\n  Redis memory (VmRSS)               end ${redisMem.rss.toFixed(0)} MB (peak ${redisMem.hwm.toFixed(0)} MB)` : ''}
  refused                            ${refused.length}${refused.length ? ` (${[...new Set(refused)].join(', ')})` : ''}
  the floor: a bare ws server a process${floor.nginx ? ', behind nginx' : ''}, the same ${N} phones and frames (scripts/bench-floor-server.mjs)
${row('slide → every phone (floor)', quantiles(floor.slide))}
${row("reveal's frame → phone (floor)", quantiles(floor.reveal))}
  frames the floor did not deliver   ${floor.missed}
  p95 against the floor              slide ${ratio(slideLatency, floor.slide, 1.5)}, reveal ${ratio(revealLatency, floor.reveal, 1.5)}
  p95 reveal against slide (room)    ${ratio(revealLatency, slideLatency, 2)}`);

  const lost = sentAt.length !== N || acked !== N || counted !== N || slidesMissed > 0 || revealLatency.length !== N;
  if (lost) console.error('bench:workshop: something was lost (see above)');
  clearTimeout(deadline);
  stop(lost ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(`bench:workshop: ${err instanceof Error ? err.message : String(err)}`);
  stop(1);
});
