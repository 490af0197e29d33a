import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Locator } from '@playwright/test';
import { test, expect, currentSlide } from './fixtures.ts';
import { WORKER_CSP } from '../../lib/worker-policy.ts';

/**
 * "Your code" where the workshop server serves the deck (the presenter's projected deck, server/cli.ts against this
 * run's DIST_DIR), as asyncio-yours.spec.ts checks it under `vite preview`: the worker gets its own policy from this
 * server too, and a program that undoes every Python-level guard still finds no way out: Pyodide's `js` is not the
 * worker's global, eval is refused, the deck's address is nowhere in Pyodide's objects, a patched `json` does not
 * fake the next run, standard input is refused.
 */
const root = resolve(import.meta.dirname, '../..');
const dist = resolve(root, process.env['DIST_DIR'] ?? 'dist');
const LOAD_MS = 120_000;

interface Running {
  child: ChildProcess;
  data: string;
  origin: string;
  secret: string;
}

async function startServer(): Promise<Running> {
  const data = mkdtempSync(join(tmpdir(), 'hsw-yours-workshop-'));
  const args = ['--no-build', '--json', '--port', '0', '--host', '127.0.0.1', '--data', data, '--dist', dist];
  const child = spawn(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'server/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<{ port: number; secret: string }>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the workshop server did not start within 30 s')), 30_000);
    child.once('exit', (code) => fail(new Error(`the workshop server exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { ready?: boolean; port: number; secret: string };
        if (msg.ready) {
          clearTimeout(timer);
          ok(msg);
        }
      } catch {
        /* not the ready line */
      }
    });
  });
  return { child, data, origin: `http://127.0.0.1:${ready.port}`, secret: ready.secret };
}

let server: Running | undefined;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  if (!server) return;
  const exited = new Promise((ok) => server!.child.once('exit', ok));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((ok) => setTimeout(ok, 10_000))]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(server.data, { recursive: true, force: true });
});

async function runProgram(demo: Locator, source: string): Promise<void> {
  await demo.getByRole('textbox', { name: 'Your asyncio program (Python)' }).fill(source);
  await demo.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(demo.getByRole('button', { name: 'Run', exact: true })).toBeEnabled({ timeout: LOAD_MS });
}

/** Python that takes the recorder's guard off sys.meta_path and imports Pyodide's bridge all the same. */
const UNGUARDED =
  "import sys, builtins\nsys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != 'ImportGuard']\n";

test('your code under the workshop server: the worker has its policy, and a program finds no way out', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const s = server!;
  const workerPolicy = page
    .waitForResponse((r) => /\/assets\/py-worker-[\w-]+\.js$/.test(r.url()), { timeout: LOAD_MS })
    .then(async (r) => (await r.headerValue('content-security-policy')) ?? '');
  // the presenter's address (the server's redirect), on the asyncio-loop slide
  await page.goto(`${s.origin}/presenter/${s.secret}?lang=en#/asyncio-loop`);
  await page.waitForSelector('html[data-deck-ready="true"]');
  // The projected deck presents, and presenting keeps "Your code" for the self-paced view (the clicker is
  // the presenter's only control): the same deck, files and worker under the presenter's cookie, browsed.
  await page.goto(`${s.origin}/presenter/?lang=en#/asyncio-loop`);
  await page.waitForSelector('html[data-deck-ready="true"]');
  const deckPath = new URL(page.url()).pathname;
  const demo = currentSlide(page).locator('hsw-asyncio-loop');
  await demo.getByRole('button', { name: 'Your code' }).click();
  const alert = demo.getByRole('alert');
  const output = demo.getByRole('log', { name: 'Output' });

  await runProgram(demo, "import asyncio\n\nasync def main():\n    print('loaded')\n\nasyncio.run(main())\n");
  await expect(output).toHaveText('loaded');
  expect(await workerPolicy).toBe(WORKER_CSP);

  // refused at import, whatever the route
  for (const [program, what] of [
    ["import builtins\nbuiltins.__import__('js')\n", 'import js'],
    ["__import__('pyodide.ffi')\n", 'import pyodide.ffi'],
    ["import importlib\nimportlib.import_module('js')\n", 'import importlib'],
    ["import builtins\nbuiltins.__import__('pyodide_js')\n", 'import pyodide_js'],
  ] as const) {
    await runProgram(demo, program);
    await expect(alert).toContainText(`Refused: ${what}`);
  }
  // the guard taken off: `js` is an empty object of Pyodide's own, not the worker's global
  await runProgram(
    demo,
    `${UNGUARDED}js = builtins.__import__('js')\nprint([hasattr(js, n) for n in ('self', 'fetch', 'FontFace', 'navigator', 'location', 'indexedDB', 'postMessage')])\n`,
  );
  await expect(output).toHaveText('[False, False, False, False, False, False, False]');
  // eval (a JS function's constructor) is refused by the worker's policy, which this server now sends
  await runProgram(
    demo,
    'from asyncio import events\ng = type(events._get_event_loop_policy()).get_event_loop.__globals__\n' +
      "try:\n    g['scheduleCallback'].constructor('return self')()\n    print('eval ran')\nexcept Exception as e:\n    print(str(e)[:60])\n",
  );
  await expect(output).toContainText('EvalError: Evaluating a string as JavaScript violates');
  // Pyodide's own API: the deck's address is in none of its strings, nor in a JavaScript error's stack
  await runProgram(
    demo,
    `${UNGUARDED}pj = builtins.__import__('pyodide_js')\nc = pj._api.config\n` +
      "texts = [str(getattr(c, n, '')) for n in ('indexURL', 'packageBaseUrl', 'lockFileURL', 'stdLibURL', 'packageCacheDir')]\n" +
      "texts.append(str(pj.lockfileBaseUrl))\ntry:\n    pj.FS.readFile('/no/such/file')\nexcept Exception as e:\n    texts.append(str(getattr(e, 'stack', '')))\n" +
      `print(len(texts), [t for t in texts if ${JSON.stringify(deckPath)} in t or '://' in t])\n`,
  );
  await expect(output).toHaveText('7 []');
  // standard input is refused, by sys.stdin and by /dev/stdin; under the recorder's open(), an I/O error
  for (const program of ['import sys\nsys.stdin.read()\n', "open('/dev/stdin').read()\n"]) {
    await runProgram(demo, program);
    await expect(alert).toContainText('Refused: reading standard input');
  }
  await runProgram(
    demo,
    "import io\ntry:\n    io.open('/dev/stdin').read()\nexcept OSError as e:\n    print('OSError')\n",
  );
  await expect(output).toHaveText('OSError');
  // a program that patches json.dumps does not make the next run's recording
  await runProgram(
    demo,
    "import json\nfake = json.dumps({'python': '3.14.2', 'ok': True, 'end': 'done', 'message': None, 'line': None, 'turns': [], 'stdout': 'faked', 'stderr': '', 'traceback': None})\n" +
      "json.dumps = lambda *a, **k: fake\nprint('patched')\n",
  );
  await expect(output).toHaveText('patched');
  await runProgram(demo, "import asyncio\n\nasync def main():\n    print('still here')\n\nasyncio.run(main())\n");
  await expect(output).toHaveText('still here');
  await expect(demo.getByText('The program ran to its end.')).toBeVisible();
});
