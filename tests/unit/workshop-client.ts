/**
 * A recording WebSocket client for the workshop server's tests: it keeps every frame it receives (raw text and
 * parsed), and `waitFor` consumes them in order, bounded in time.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { startWorkshop, type WorkshopOptions, type WorkshopServer } from '../../server/server.ts';

export type Msg = { type: string } & Record<string, unknown>;

export class TestClient {
  readonly raw: string[] = [];
  readonly messages: Msg[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.raw.push(text);
      this.messages.push(JSON.parse(text) as Msg);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((done) => {
      ws.on('close', (code, reason) => {
        done({ code, reason: reason.toString() });
        for (const w of this.waiters.splice(0)) w();
      });
    });
  }

  /**
   * `autoPong: false` makes a dead phone: it never answers the server's pings; `localAddress` another address;
   * `headers` the upgrade request's (a proxy's `X-Real-IP`).
   */
  static open(
    url: string,
    timeoutMs = 5000,
    options: { autoPong?: boolean; localAddress?: string; headers?: Record<string, string> } = {},
  ): Promise<TestClient> {
    return new Promise((done, fail) => {
      const ws = new WebSocket(url, options);
      const client = new TestClient(ws);
      const timer = setTimeout(() => {
        ws.terminate();
        fail(new Error(`no connection to ${url} within ${timeoutMs} ms`));
      }, timeoutMs);
      ws.once('open', () => {
        clearTimeout(timer);
        done(client);
      });
      ws.once('error', (e) => {
        clearTimeout(timer);
        fail(e);
      });
    });
  }

  send(msg: object | string): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** The next message (after those already consumed) that matches; the ones before it are consumed too. */
  async waitFor(pred: (m: Msg) => boolean, what = 'a message', timeoutMs = 10_000): Promise<Msg> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.messages.length) {
        const m = this.messages[this.cursor++]!;
        if (pred(m)) return m;
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`waited for ${what}; got ${JSON.stringify(this.messages.slice(-5))}`);
      }
      await new Promise<void>((done) => {
        const t = setTimeout(done, left);
        this.waiters.push(() => {
          clearTimeout(t);
          done();
        });
      });
    }
  }

  type(type: string, extra: (m: Msg) => boolean = () => true, timeoutMs = 10_000): Promise<Msg> {
    return this.waitFor((m) => m.type === type && extra(m), `a ${type}`, timeoutMs);
  }

  close(): void {
    this.ws.terminate();
  }
}

const made: string[] = [];

/** A new temporary directory, removed by removeTempDirs (each test file's afterAll). */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `hsw-ws-${name}-`));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Two tiny stand-ins for the built decks: the full deck (with its answers) and the phones' deck. */
export function fakeBuilds(): { deckDir: string; phoneDir: string } {
  const root = tempDir('builds');
  const deckDir = join(root, 'dist');
  const phoneDir = join(root, 'dist-phone');
  mkdirSync(join(deckDir, 'assets'), { recursive: true });
  mkdirSync(join(phoneDir, 'assets'), { recursive: true });
  writeFileSync(join(deckDir, 'index.html'), '<!doctype html><title>full deck</title>');
  writeFileSync(join(deckDir, 'remote.html'), '<!doctype html><title>remote</title>');
  writeFileSync(join(deckDir, 'assets', 'main-abcdef12.js'), 'console.log("full deck");');
  writeFileSync(join(phoneDir, 'index.html'), '<!doctype html><title>phone deck</title>');
  writeFileSync(join(phoneDir, 'assets', 'phone-abcdef12.js'), 'console.log("phone");');
  writeFileSync(join(phoneDir, 'assets', 'style-abcdef12.css'), 'body{}');
  writeFileSync(join(root, 'secret.txt'), 'outside the build');
  return { deckDir, phoneDir };
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes as they came over the wire (compressed, when the answer says so). */
  bytes: Buffer;
}

/** A raw GET (the path is sent as written: `..` and encoded slashes reach the server). */
export function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<HttpAnswer> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        done({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path}: timed out`)));
    req.on('error', fail);
    req.end();
  });
}

/** A participant id as a phone makes one. */
export function pidOf(n: number): string {
  return `test-participant-${String(n).padStart(6, '0')}`;
}

/** A workshop server for a test: loopback, any free port, a temporary folder, quiet; kept in `servers` to close. */
export async function startTestServer(
  servers: WorkshopServer[],
  dirName: string,
  extra: Partial<WorkshopOptions> = {},
): Promise<WorkshopServer> {
  const s = await startWorkshop({
    dataDir: tempDir(dirName),
    port: 0,
    host: '127.0.0.1',
    ...fakeBuilds(),
    warn: () => {},
    ...extra,
  });
  servers.push(s);
  return s;
}

/** The workshop command's options for a test's server: JSON lines, loopback, any free port, its folder, stand-in builds. */
export function serverArgs(dataDir: string, builds = fakeBuilds()): string[] {
  return [
    '--json',
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data',
    dataDir,
    '--dist',
    builds.deckDir,
    '--phone',
    builds.phoneDir,
  ];
}
