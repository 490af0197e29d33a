/**
 * Real services on loopback for the workshop's shared rooms, used by its tests and by `npm run bench:workshop`:
 * a free port, a `redis-server` of its own (a free port, its own folder under the system's temporary one, AOF with
 * `appendfsync always`: a reply comes only once the write is fsynced), and server/nginx.conf.example with its ports
 * replaced. `redisMissing` says why a test file is skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
/** Why the shared room's tests cannot run here, or null. */
export const redisMissing: string | null =
  probe.status === 0 ? null : 'redis-server is not installed (apt-get install redis-server): skipped';

/** A free TCP port on loopback (bound and let go). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

export class RealRedis {
  private child: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  /** The running server's process (for a caller that stops its children itself), or null. */
  get process(): ChildProcess | null {
    return this.child;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<RealRedis> {
    const r = new RealRedis(await freePort(), mkdtempSync(join(tmpdir(), 'hsw-redis-')));
    await r.run();
    return r;
  }

  /** Starts the server (again: same port, same folder, its AOF replayed); resolves once it accepts connections. */
  run(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let out = '';
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`redis-server did not start in 10 s: ${out}`)), 10_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`redis-server exited (${code}): ${out}`));
      });
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          done();
        }
      });
    });
  }

  /** `kill -9`: what Redis had fsynced is all there is. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });
  }

  /** `kill -9`, its folder emptied, started again: a Redis restarted without its data (every key gone). */
  async restartEmpty(): Promise<void> {
    await this.kill();
    for (const name of readdirSync(this.dir)) rmSync(join(this.dir, name), { recursive: true, force: true });
    await this.run();
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const EXAMPLE = resolve(import.meta.dirname, '..', 'server', 'nginx.conf.example');

/** server/nginx.conf.example with its ports replaced: listen on `front`, the processes on `backs`. */
export function nginxConfig(front: number, backs: readonly number[]): string {
  const text = readFileSync(EXAMPLE, 'utf8');
  const upstream = backs.map((p) => `        server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const out = text
    .replace(/^#.*\n/gm, '')
    .replace(/listen 8080 reuseport;/, `listen 127.0.0.1:${front} reuseport;`)
    .replace(/( {8}server 127\.0\.0\.1:808\d[^\n]*\n)+/, `${upstream}\n`);
  if (out.includes('8081') || !out.includes(`listen 127.0.0.1:${front} reuseport;`))
    throw new Error('the example changed shape');
  return out;
}
