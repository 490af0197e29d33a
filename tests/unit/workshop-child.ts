/**
 * The workshop server as a child process (`server/cli.ts`: loopback, any free port, JSON lines, stand-in builds) for
 * the tests that kill it and start it again on the same data folder, and the `ws` clients they talk to it with.
 * `childServers()` at a test file's top level: after each test every client is closed and every child still running
 * is killed (SIGKILL); after all of them the temporary folders are removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { TestClient, fakeBuilds, removeTempDirs, serverArgs, type Msg } from './workshop-client.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** How long a server may take to print its ready line, a client to connect or a welcome to come, in ms. */
const START_MS = 60_000;
const HELLO_MS = 15_000;

/** A server started as a child process, as its ready line describes it. */
export interface ChildServer {
  child: ChildProcess;
  port: number;
  room: string;
  secret: string;
  pid: number;
  /** What it wrote to stderr so far. */
  stderr: () => string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
}

export function childServers() {
  const children: ChildProcess[] = [];
  const clients: TestClient[] = [];
  let builds: ReturnType<typeof fakeBuilds> | undefined;

  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });
  afterAll(removeTempDirs);

  /** The command's arguments for a server on `dataDir`, with the file's stand-in builds, then `extra`. */
  function cliArgs(dataDir: string, extra: string[] = []): string[] {
    builds ??= fakeBuilds();
    return ['--import', 'tsx', 'server/cli.ts', '--no-build', ...serverArgs(dataDir, builds), ...extra];
  }

  /**
   * Starts a server on `dataDir` (`env` added to this process's, `extra` options after the file's); resolves once it
   * printed its ready line.
   */
  function start(dataDir: string, env: Record<string, string> = {}, extra: string[] = []): Promise<ChildServer> {
    const child = spawn(process.execPath, cliArgs(dataDir, extra), {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    children.push(child);
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    return new Promise((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`the server did not start in ${START_MS / 1000} s: ${err}`)),
        START_MS,
      );
      void exited.then((code) => fail(new Error(`the server exited (${code}): ${err}`)));
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (!line) return;
        clearTimeout(timer);
        const r = JSON.parse(line) as { port: number; room: string; secret: string; pid: number };
        done({ child, ...r, stderr: () => err, exited });
      });
    });
  }

  /** Runs the command with `args` to its end (a server that must refuse to start): its exit code and output. */
  function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const timer = setTimeout(
        () => fail(new Error(`still running after ${START_MS / 1000} s: ${out} ${err}`)),
        START_MS,
      );
      child.once('exit', (code) => {
        clearTimeout(timer);
        done({ code, out, err });
      });
    });
  }

  /** A client of `s` that said hello (`body`: its role and pid or secret) and the welcome it got. */
  async function hello(s: ChildServer, body: object): Promise<{ c: TestClient; welcome: Msg }> {
    const c = await TestClient.open(`ws://127.0.0.1:${s.port}/ws`, HELLO_MS);
    clients.push(c);
    c.send({ type: 'hello', v: 1, room: s.room, ...body });
    return { c, welcome: await c.type('welcome', () => true, HELLO_MS) };
  }

  /** `kill -9` of the server, once it has exited, and every client closed. */
  async function kill9(s: ChildServer): Promise<void> {
    s.child.kill('SIGKILL');
    await s.exited;
    for (const c of clients.splice(0)) c.close();
  }

  return { cliArgs, start, run, hello, kill9 };
}
