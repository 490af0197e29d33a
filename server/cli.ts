/**
 * `npm run workshop`: builds the two decks when they are missing or older than the sources, starts the workshop
 * server on the local network, and prints the participants' address (with a QR code), the short address, and the
 * presenter's and the remote's addresses. Ctrl-C closes it cleanly (the log is flushed).
 *
 *   npm run workshop -- [--port 8080] [--host 0.0.0.0] [--data workshop-data] [--new] [--repair] [--build | --no-build]
 *   npm run workshop -- --redis redis://127.0.0.1:6379 --port 8081    (a room shared by every process on that Redis)
 *   npm run workshop -- --questions my-questions.yaml    (the host's own questions: server/host-questions.ts)
 *
 * `--json` prints one JSON line when ready (port, room, secret), for the benchmark and the tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { QuestionsFileError, readQuestions } from './host-questions.ts';
import { QUIZZES, type QuizDef } from './quizzes.ts';
import { startWorkshop } from './server.ts';
import { LOCK_NAME, RoomLockedError, lockHolder } from './store.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

const USAGE = `usage: npm run workshop -- [--port N] [--host ADDR] [--data DIR] [--new] [--repair] [--build | --no-build] [--json]
  --port N      the port (default 8080; 0: any free one)
  --host ADDR   the address to listen on (default 0.0.0.0: the local network)
  --data DIR    where the room's log is kept (default workshop-data/)
  --new         start a new room (the old log is kept beside it)
  --repair      start even if damaged lines of the log take other records with them (each is named, then dropped)
  --build       build both decks first, always; --no-build: never (default: when missing or older than the sources)
  --dist DIR    the full deck (default dist/); --phone DIR: the participants' deck (default dist-phone/)
  --json        print one JSON line when ready (for scripts)
  --questions FILE   the host's own questions, a YAML file (README, "The host's own questions"); give the same
                     file again on a restart, and to every process of a room shared through Redis
  --redis URL   share the room through this Redis (redis://host:port) with every process given the same one;
                the log folder is not used then (--new: a new room in Redis)
  --redis-prefix P   the Redis keys' prefix (default hsw)
  --trust-proxy      behind a proxy on this machine: count a phone by its X-Real-IP header, and take the host it
                     asked for from X-Forwarded-Host (server/nginx.conf.example)
  --origin URL       the room's public address (https://workshop.example.org), whose pages may open a WebSocket
                     besides those of the host the browser asked for (repeatable)
  --max-connections N  sockets open at once in this process (default 5000)`;

interface Args {
  port: number;
  host: string;
  data: string;
  fresh: boolean;
  repair: boolean;
  build: 'auto' | 'always' | 'never';
  dist: string;
  phone: string;
  json: boolean;
  redis: string | null;
  redisPrefix: string | null;
  trustProxy: boolean;
  origins: string[];
  maxConnections: number | null;
  questions: string | null;
}

export function parseArgs(argv: readonly string[]): Args | string {
  const a: Args = {
    port: 8080,
    host: '0.0.0.0',
    data: join(ROOT, 'workshop-data'),
    fresh: false,
    repair: false,
    build: 'auto',
    dist: join(ROOT, 'dist'),
    phone: join(ROOT, 'dist-phone'),
    json: false,
    redis: null,
    redisPrefix: null,
    trustProxy: false,
    origins: [],
    maxConnections: null,
    questions: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string | null => {
      const v = argv[++i];
      return v === undefined || v.startsWith('--') ? null : v;
    };
    switch (arg) {
      case '--port': {
        const v = value();
        const n = Number(v);
        if (v === null || !Number.isInteger(n) || n < 0 || n > 65535) return `--port needs a number 0-65535, not ${v}`;
        a.port = n;
        break;
      }
      case '--questions': {
        const v = value();
        if (v === null) return `--questions needs a file`;
        a.questions = resolve(v);
        break;
      }
      case '--host':
      case '--data':
      case '--dist':
      case '--phone': {
        const v = value();
        if (v === null) return `${arg} needs a value`;
        if (arg === '--host') a.host = v;
        else a[arg === '--data' ? 'data' : arg === '--dist' ? 'dist' : 'phone'] = resolve(v);
        break;
      }
      case '--redis': {
        const v = value();
        if (v === null || !/^rediss?:\/\/[^\s]+$/.test(v))
          return `--redis needs an address redis://host:port, not ${v}`;
        a.redis = v;
        break;
      }
      case '--redis-prefix': {
        const v = value();
        if (v === null || !/^[A-Za-z0-9_.-]{1,64}$/.test(v)) return `--redis-prefix needs 1-64 of A-Z a-z 0-9 _ . -`;
        a.redisPrefix = v;
        break;
      }
      case '--trust-proxy':
        a.trustProxy = true;
        break;
      case '--origin': {
        const v = value();
        let url: URL | null = null;
        try {
          url = v === null ? null : new URL(v);
        } catch {
          // refused below
        }
        if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:'))
          return `--origin needs an address such as https://workshop.example.org, not ${v}`;
        a.origins.push(url.origin);
        break;
      }
      case '--max-connections': {
        const v = value();
        const n = Number(v);
        if (v === null || !Number.isInteger(n) || n < 1) return `--max-connections needs a positive number, not ${v}`;
        a.maxConnections = n;
        break;
      }
      case '--new':
        a.fresh = true;
        break;
      case '--repair':
        a.repair = true;
        break;
      case '--build':
        a.build = 'always';
        break;
      case '--no-build':
        a.build = 'never';
        break;
      case '--json':
        a.json = true;
        break;
      case '--help':
      case '-h':
        return '';
      default:
        return `unknown option ${arg}`;
    }
  }
  return a;
}

/** The newest modification time under these paths (files and folders, recursively), ms. */
function newest(paths: readonly string[]): number {
  let t = 0;
  const walk = (p: string): void => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    t = Math.max(t, st.mtimeMs);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(join(p, name));
  };
  for (const p of paths) walk(p);
  return t;
}

const SOURCES = [
  'index.html',
  'embed.html',
  'remote.html',
  'phone.html',
  'src',
  'slides',
  'components',
  'lib',
  'assets',
  'vite.config.ts',
];

function stale(dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return true;
  return statSync(index).mtimeMs < newest(SOURCES.map((s) => join(ROOT, s)));
}

function hasScript(name: string): boolean {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  return typeof pkg.scripts?.[name] === 'string';
}

function build(script: string): boolean {
  if (!hasScript(script)) {
    console.warn(`(no "${script}" script in package.json: skipped)`);
    return false;
  }
  // A room host's `npm ci --omit=dev` has no Vite: say what to do rather than fail inside npm (docs/workshop.md).
  if (!existsSync(join(ROOT, 'node_modules', 'vite'))) {
    console.error(
      `npm run ${script} needs the dev dependencies (Vite), which this install lacks: build where they are and bring` +
        ` dist/, dist-phone/ and dist-server/ here, or start with --no-build to serve the builds as they are`,
    );
    return false;
  }
  console.log(`npm run ${script} …`);
  const r = spawnSync('npm', ['run', '-s', script], { cwd: ROOT, stdio: 'inherit' });
  return r.status === 0;
}

/** The machine's LAN IPv4 addresses (non-internal); loopback when there is none. */
export function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const n of list ?? []) if (n.family === 'IPv4' && !n.internal) out.push(n.address);
  }
  return out.length > 0 ? out : ['127.0.0.1'];
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    if (args !== '') console.error(args);
    console.error(USAGE);
    return args === '' ? 0 : 2;
  }
  // The host's questions first: a file that is not right is refused, naming its lines, before anything else.
  let quizzes: readonly QuizDef[] = QUIZZES;
  if (args.questions !== null) {
    try {
      quizzes = [
        ...QUIZZES,
        ...readQuestions(
          args.questions,
          QUIZZES.map((q) => q.id),
        ),
      ];
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      console.error(
        err instanceof QuestionsFileError
          ? err.message
          : code === 'ENOENT'
            ? `${args.questions}: no such file (--questions)`
            : `${args.questions}: cannot be read (${String(err)})`,
      );
      return 2;
    }
  }
  // A live server on this folder: refused before anything is built or written (startWorkshop checks it again).
  const holder = args.redis === null ? lockHolder(args.data) : null;
  if (holder !== null) {
    console.error(new RoomLockedError(holder, join(args.data, LOCK_NAME)).message);
    return 1;
  }
  if (args.build !== 'never') {
    if ((args.build === 'always' || stale(args.dist)) && !build('build')) {
      console.error('the deck did not build');
      return 1;
    }
    if (args.build === 'always' || stale(args.phone)) build('build:phone');
  }

  let server;
  try {
    server = await startWorkshop({
      dataDir: args.data,
      fresh: args.fresh,
      repair: args.repair,
      port: args.port,
      host: args.host,
      deckDir: args.dist,
      phoneDir: args.phone,
      quizzes,
      ...(args.trustProxy ? { trustProxy: true } : {}),
      ...(args.origins.length > 0 ? { origins: args.origins } : {}),
      ...(args.maxConnections === null ? {} : { limits: { maxConnections: args.maxConnections } }),
      ...(args.redis === null
        ? {}
        : { redis: { url: args.redis, ...(args.redisPrefix === null ? {} : { prefix: args.redisPrefix }) } }),
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`port ${args.port} is in use on ${args.host}: choose another with --port`);
    else if (code === 'EADDRNOTAVAIL') console.error(`${args.host} is not an address of this machine (--host)`);
    else if (code === 'EACCES') console.error(`not allowed to listen on port ${args.port}, or to write ${args.data}`);
    else console.error(err instanceof Error ? err.message : String(err));
    return 1;
  }

  // Before the ready line: a script that reads it may stop the server at once.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!args.json) console.log(`\n${signal}: closing (flushing the log) …`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(String(err));
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const anyAddress = args.host === '0.0.0.0' || args.host === '::';
  const lan = anyAddress ? lanAddresses() : [args.host];
  const host = lan[0] ?? '127.0.0.1';
  const origin = `http://${host}:${server.port}`;
  const participants = `${origin}/?workshop=${server.room}`;
  const short = `${origin}/${server.room}`;
  // Opened once, each leaves the presenter's cookie and moves to an address without the secret (server/http.ts).
  const presenter = `${origin}/presenter/${server.secret}/`;
  const remote = `${origin}/presenter/${server.secret}/remote.html`;

  if (args.json) {
    console.log(
      JSON.stringify({ ready: true, port: server.port, room: server.room, secret: server.secret, pid: process.pid }),
    );
  } else {
    const qr = await QRCode.toString(short, { type: 'terminal', small: true });
    console.log(`
Workshop room ${server.room}${server.resumed ? (args.redis ? ' (resumed from Redis)' : ' (resumed from the log)') : ''}, ${
      args.redis ? `shared through ${args.redis}` : `log in ${args.data}`
    }

Participants: scan the code, or open ${short}
${qr}
  participants' address  ${participants}
  short address          ${short}${
    lan.length > 1
      ? `\n  also listening on      ${lan
          .slice(1)
          .map((a) => `http://${a}:${server.port}/${server.room}`)
          .join(', ')} (if the phones' Wi-Fi is there)`
      : ''
  }

Presenter (keep these to yourself: they carry the secret; once opened, the browser keeps a cookie instead
and shows an address without it):
  the deck               ${presenter}
  the remote (a phone)   ${remote}
  export                 the deck's panel (W), or: curl -H 'Authorization: Bearer ${server.secret}' ${origin}/api/export.csv

Ctrl-C stops the server; a restart resumes the same room (--new starts another).`);
  }

  return -1;
}

main().then(
  (code) => {
    // once what was written is out: process.exit() right after a write to a full pipe cuts it
    if (code >= 0) process.stdout.write('', () => process.exit(code));
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
