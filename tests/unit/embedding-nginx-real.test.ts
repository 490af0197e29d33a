/**
 * docs/embedding.md's CORS recipe for nginx, for real: the `nginx` block of its "embed.js from another site" section,
 * as written there (only its `root` pointed at a temporary folder), run by Debian's nginx on loopback in front of a
 * stand-in deck. `embed.js` and the files under `assets/` answer `Access-Control-Allow-Origin: *` (a missing one too,
 * `always`), and the deck's pages do not. Skipped, saying so, without nginx or root.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort } from '../../scripts/loopback-services.ts';

const NGINX = '/usr/sbin/nginx';
const why = !existsSync(NGINX)
  ? 'nginx is not installed (apt-get install nginx): skipped'
  : process.getuid?.() !== 0
    ? 'not root (nginx is run as Debian runs it): skipped'
    : null;
if (why) console.warn(`embedding-nginx-real: ${why}`);

const doc = readFileSync(resolve(import.meta.dirname, '../../docs/embedding.md'), 'utf8');
const section = doc.slice(doc.indexOf('### `embed.js` from another site: CORS'));
const recipe = /```nginx\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

let nginx: ChildProcess | null = null;
let dir = '';

afterAll(() => {
  nginx?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(why !== null)('the nginx recipe for embed.js', () => {
  test('embed.js and assets/ answer with Access-Control-Allow-Origin, the pages without', async () => {
    expect(recipe).toContain('root /srv/www;');
    dir = mkdtempSync(join(tmpdir(), 'hsw-cors-'));
    chmodSync(dir, 0o755); // nginx's workers run as another user
    const deck = join(dir, 'www', 'deck');
    mkdirSync(join(deck, 'assets'), { recursive: true });
    writeFileSync(join(deck, 'embed.js'), 'import "./assets/shell.js";');
    writeFileSync(join(deck, 'assets', 'shell.js'), 'export {};');
    writeFileSync(join(deck, 'index.html'), '<!doctype html><title>deck</title>');
    const port = await freePort();
    const conf = `daemon off;
pid ${dir}/nginx.pid;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
${recipe.replace('root /srv/www;', `root ${dir}/www;`)}
  }
}
`;
    writeFileSync(join(dir, 'nginx.conf'), conf);
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
      stdio: 'ignore',
    });
    const at = (path: string) => `http://127.0.0.1:${port}${path}`;
    await expect
      .poll(
        () =>
          fetch(at('/deck/index.html')).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(200);

    for (const path of ['/deck/embed.js', '/deck/assets/shell.js', '/deck/assets/missing.js']) {
      const r = await fetch(at(path), { headers: { Origin: 'https://wiki.example.org' } });
      expect(r.headers.get('access-control-allow-origin'), path).toBe('*');
    }
    expect((await fetch(at('/deck/assets/missing.js'))).status).toBe(404);
    const page = await fetch(at('/deck/index.html'), { headers: { Origin: 'https://wiki.example.org' } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });
});
