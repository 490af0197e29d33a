/**
 * `npm run workshop`'s command line (server/cli.ts) as a program: a bad option and a taken port get a clear message
 * and a non-zero exit, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { TestClient, serverArgs, pidOf, tempDir, removeTempDirs } from './workshop-client.ts';

afterAll(removeTempDirs);

const ROOT = resolve(import.meta.dirname, '../..');
let blocker: Server | null = null;

afterEach(async () => {
  await new Promise((done) => (blocker ? blocker.close(done) : done(undefined)));
  blocker = null;
});

function cli(
  args: string[],
  onReady?: (ready: { port: number; room: string }, kill: (signal: NodeJS.Signals) => void) => void,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--no-build', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let ready = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && !ready && onReady) {
        ready = true;
        onReady(JSON.parse(line) as { port: number; room: string }, (signal) => child.kill(signal));
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the cli did not exit in 20 s: ${out} ${err}`));
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, out, err });
    });
  });
}

test('a bad option: the reason and the usage, exit 2; --help: the usage, exit 0', async () => {
  const bad = await cli(['--port', 'eighty']);
  expect(bad.code).toBe(2);
  expect(bad.err).toContain('--port needs a number 0-65535, not eighty');
  expect(bad.err).toContain('usage: npm run workshop');
  const unknown = await cli(['--prot', '80']);
  expect(unknown.code).toBe(2);
  expect(unknown.err).toContain('unknown option --prot');
  const help = await cli(['--help']);
  expect(help.code).toBe(0);
  expect(help.err).toContain('--new');
});

test('a port already taken: one clear line, exit 1', async () => {
  const taken = createServer();
  blocker = taken;
  await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
  const port = (taken.address() as { port: number }).port;
  const r = await cli(['--port', String(port), '--host', '127.0.0.1', '--data', tempDir('cli')]);
  expect(r.code).toBe(1);
  expect(r.err.trim().split('\n').at(-1)).toBe(`port ${port} is in use on 127.0.0.1: choose another with --port`);
  expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
});

test('--new on a taken port: the port is checked before anything is rotated; the room is left as it was', async () => {
  const data = tempDir('cli');
  const first = await cli(serverArgs(data), (_ready, kill) => kill('SIGTERM'));
  expect(first.code).toBe(0);
  const log = readFileSync(join(data, 'room.jsonl'));
  const taken = createServer();
  blocker = taken;
  await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
  const port = (taken.address() as { port: number }).port;
  const r = await cli(['--new', '--port', String(port), '--host', '127.0.0.1', '--data', data]);
  expect(r.code).toBe(1);
  expect(r.err).toContain(`port ${port} is in use on 127.0.0.1`);
  expect(readdirSync(data)).toEqual(['room.jsonl']); // no room-<time>.jsonl, no lock left behind
  expect(readFileSync(join(data, 'room.jsonl')).equals(log)).toBe(true);
});

test('Ctrl-C (SIGINT) closes cleanly: exit 0, and what was accepted is in the log', async () => {
  const data = tempDir('cli');
  let client: TestClient | null = null;
  const r = await cli(serverArgs(data), (ready, kill) => {
    void (async () => {
      client = await TestClient.open(`ws://127.0.0.1:${ready.port}/ws`);
      client.send({ type: 'hello', v: 1, room: ready.room, role: 'participant', pid: pidOf(7), nick: 'Ctrl' });
      await client.type('welcome');
      kill('SIGINT');
    })();
  });
  expect(r.code).toBe(0);
  expect(client).not.toBeNull();
  const lines = readFileSync(join(data, 'room.jsonl'), 'utf8').trimEnd().split('\n');
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ t: 'join', pid: pidOf(7), nick: 'Ctrl' });
});

test('--redis: a bad address is refused (exit 2); a Redis that cannot be reached is said so (exit 1), nothing written', async () => {
  const bad = await cli(['--redis', 'http://127.0.0.1:6379']);
  expect(bad.code).toBe(2);
  expect(bad.err).toContain('--redis needs an address redis://host:port, not http://127.0.0.1:6379');
  // A port nothing listens on (bound and let go).
  const port = await new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => done(p));
    });
  });
  const data = tempDir('cli-redis');
  const r = await cli([...serverArgs(data), '--redis', `redis://127.0.0.1:${port}`]);
  expect(r.code).toBe(1);
  expect(r.err).toContain(`cannot reach Redis at redis://127.0.0.1:${port}`);
  expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  expect(readdirSync(data)).toEqual([]);
});
