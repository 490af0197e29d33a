/**
 * A room host without the dev dependencies (docs/workshop.md): `npm run build` writes the workshop server as plain
 * JavaScript (vite.server.config.ts → dist-server/cli.js), and `npm run workshop` (scripts/workshop.mjs) runs it with
 * node alone where tsx is not installed. Proved in a copy of that install: a folder whose node_modules holds the
 * project's `dependencies` only (no tsx, no Vite, nothing else of devDependencies), the launcher and the built server;
 * a phone joins the room it serves and gets its page.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, copyFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, expect, test } from 'vitest';
import { TestClient, fakeBuilds, removeTempDirs, serverArgs, tempDir } from './workshop-client.ts';

afterAll(removeTempDirs);

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

test('npm run build makes the server, and npm run workshop runs it where only the dependencies are installed', async () => {
  expect(pkg.scripts['build']).toContain('npm run -s build:server');
  expect(pkg.scripts['build:server']).toBe('vite build -c vite.server.config.ts');
  expect(pkg.scripts['workshop']).toBe('node scripts/workshop.mjs');

  // The host's tree: the launcher, the server as `npm run build:server` makes it, the dependencies alone.
  const host = tempDir('omit-dev');
  mkdirSync(join(host, 'scripts'));
  copyFileSync(join(ROOT, 'scripts', 'workshop.mjs'), join(host, 'scripts', 'workshop.mjs'));
  await build({
    configFile: join(ROOT, 'vite.server.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    build: { outDir: join(host, 'dist-server'), emptyOutDir: true },
  });
  for (const name of Object.keys(pkg.dependencies)) {
    const link = join(host, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), link, 'dir');
  }
  expect(readdirSync(join(host, 'node_modules'))).not.toContain('tsx');

  // What the built server imports: node's own modules and the declared dependencies, nothing of devDependencies.
  const code = readFileSync(join(host, 'dist-server', 'cli.js'), 'utf8');
  const specifiers = [...code.matchAll(/(?:^import\b[^'"]*|\bimport\()\s*["']([^"'./][^"']*)["']/gm)].map((m) => m[1]!);
  expect(specifiers).toContain('ws');
  for (const s of specifiers) {
    const name = s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!;
    expect(s.startsWith('node:') || name in pkg.dependencies, `dist-server/cli.js imports ${s}`).toBe(true);
  }

  // The launcher, with node alone (no --import tsx), finds no tsx and runs the built server.
  const data = tempDir('omit-dev-data');
  const child = spawn(
    process.execPath,
    [join(host, 'scripts', 'workshop.mjs'), '--no-build', ...serverArgs(data, fakeBuilds())],
    {
      cwd: host,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', done));
  const ready = await new Promise<{ port: number; room: string }>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no ready line in 20 s: ${out} ${err}`)), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        done(JSON.parse(line) as { port: number; room: string });
      }
    });
    void exited.then((code) => fail(new Error(`exited ${code}: ${out} ${err}`)));
  });
  try {
    const page = await fetch(`http://127.0.0.1:${ready.port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('phone deck');
    const phone = await TestClient.open(`ws://127.0.0.1:${ready.port}/ws`);
    phone.send({ type: 'hello', v: 1, room: ready.room, role: 'participant', pid: 'built-server-phone-1' });
    const welcome = await phone.type('welcome');
    expect(welcome['room']).toBe(ready.room);
    phone.close();
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(err).toBe('');
});
