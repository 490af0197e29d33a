/**
 * The workshop server's HTTP side, on the one port the WebSockets share:
 *
 *   GET /<ROOM>                      302 → /?workshop=<ROOM> (the short address people type)
 *   GET /…                           the participants' deck, dist-phone/ (no answers in it); without that build, a
 *                                    page saying how to make it (503) at / and 404 elsewhere
 *   GET /presenter/<secret>[/…]      the address printed for the presenter: 303 → /presenter/[…]?workshop=<ROOM>&
 *                                    role=presenter (its other parameters kept, a `key` dropped) with the presenter's
 *                                    cookie (server/secret.ts), so that no address the browser keeps carries the
 *                                    secret; `/presenter/…?key=<secret>` the same
 *   GET /presenter/…                 with the presenter's cookie: the full deck, dist/ (its remote.html, speaker.html),
 *                                    never cached; without the build: 503; without the cookie: 403; a wrong key: 404
 *   GET /api/export.csv|json         the results, with the presenter's cookie, ?key=<secret> or Authorization: Bearer
 *                                    <secret>; else 403; a shared room whose Redis cannot be reached: 503
 *   GET /api/…                       404
 *   GET /oembed.json?url=…           oEmbed for the participants' deck's embed pages (lib/oembed.ts), from the full
 *                                    build's oembed/_index.json
 *   upgrade /ws                      the WebSocket (server/connection.ts); any other upgrade: 404
 *
 * GET and HEAD only (405 otherwise). Slow clients are held to the limits (server/limits.ts): headers within
 * `headersTimeoutMs` (checked often, not Node's every 30 s), a silent socket closed after `idleTimeoutMs` (ws turns
 * that off once a socket is a WebSocket), and every socket under the caps of the ConnectionGate. Only the server's
 * own pages may frame its answers, but for the embed pages (embed.html, embed/<id>.html): any site may frame those.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionGate, Limits } from './limits.ts';
import type { Room } from './poll.ts';
import type { SharedRoom } from './redis-room.ts';
import { hasPresenterCookie, presenterSetCookie, sameSecret } from './secret.ts';
import { embeddable, resolveFile, sendFile, sendText, baseHeaders } from './static.ts';
import { oembedReply, parseOembedIndex } from '../lib/oembed.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface HttpOptions {
  readonly room: Room;
  /** The room's code. */
  readonly code: string;
  /** The presenter's secret. */
  readonly secret: string;
  /** A shared room: the export waits for everything Redis has. */
  readonly shared: SharedRoom | null;
  /** The full deck's folder, and whether its build is missing. */
  readonly deckDir: string;
  readonly deckBuildMissing: boolean;
  /** The participants' deck's folder, and whether its build is missing. */
  readonly phoneDir: string;
  readonly phoneBuildMissing: boolean;
  readonly limits: Limits;
  readonly gate: ConnectionGate;
  /** The export's time. */
  readonly now: () => number;
  readonly warn: (message: string) => void;
  /** An upgrade to /ws. */
  readonly upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

const PHONE_MISSING = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workshop: the phone build is missing</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 2em auto; padding: 0 1em; line-height: 1.5">
<h1>The phone build is missing</h1>
<p>The workshop server has no participants' deck to serve. On the presenter's machine, run
<code>npm run build:phone</code> (or <code>npm run workshop</code>, which builds it), then reload this page.</p>
<h1 lang="ru">Нет сборки для телефонов</h1>
<p lang="ru">Серверу семинара нечего показать участникам. На компьютере докладчика выполните
<code>npm run build:phone</code> (или <code>npm run workshop</code>: он её соберёт) и обновите страницу.</p>
</body></html>
`;

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The HTTP server, not listening yet. */
export function createHttpServer(o: HttpOptions): Server {
  const http = createServer(
    {
      headersTimeout: o.limits.headersTimeoutMs,
      requestTimeout: Math.max(o.limits.headersTimeoutMs, o.limits.idleTimeoutMs),
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(o.limits.headersTimeoutMs / 4))),
    },
    (req, res) => {
      route(o, req, res).catch((err: unknown) => {
        o.warn(`request ${req.method} ${req.url} failed: ${String(err)}`);
        if (!res.headersSent) sendText(req, res, 500, 'Internal error.\n');
        else res.destroy();
      });
    },
  );
  http.setTimeout(o.limits.idleTimeoutMs);
  http.on('connection', (socket: Socket) => void o.gate.admit(socket));
  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    o.upgrade(req, socket, head);
  });
  return http;
}

async function route(o: HttpOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendText(req, res, 405, 'Only GET and HEAD.\n', { Allow: 'GET, HEAD' });
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://workshop.invalid');
  } catch {
    return sendText(req, res, 400, 'Bad request.\n');
  }
  // The raw path: URL() already folded `..` segments, resolveFile refuses the rest (encoded ones, dotfiles).
  const path = url.pathname;

  if (path === '/api/export.csv' || path === '/api/export.json') return exportResults(o, req, res, url);
  if (path === '/oembed.json') return oembed(o, req, res, url);
  if (path.startsWith('/api/')) return sendText(req, res, 404, 'Not found.\n', NO_STORE);

  const presenter = /^\/presenter(\/.*)?$/.exec(path);
  if (presenter) return presenterDeck(o, req, res, url, presenter[1] ?? '');

  const short = /^\/([A-Za-z0-9]{4,8})\/?$/.exec(path);
  if (short && short[1]!.toUpperCase() === o.code) {
    res.writeHead(302, baseHeaders({ Location: `/?workshop=${o.code}`, ...NO_STORE }));
    res.end();
    return;
  }

  if (o.phoneBuildMissing) {
    if (path === '/' || path === '/index.html') {
      return sendText(req, res, 503, PHONE_MISSING, { 'Content-Type': 'text/html; charset=utf-8' });
    }
    return sendText(req, res, 404, 'Not found.\n');
  }
  const file = await resolveFile(o.phoneDir, path);
  if (file === null) return sendText(req, res, 404, 'Not found.\n');
  await sendFile(req, res, file, 'revalidate', embeddable(o.phoneDir, file));
}

/**
 * `/oembed.json?url=…[&maxwidth=…&maxheight=…]`: oEmbed for the participants' deck at the address it is asked at
 * (`http://<Host>/`), from the full build's `oembed/_index.json` (scripts/oembed.ts; the phones' build writes none):
 * only this deck's slide addresses, anything else refused with a message (lib/oembed.ts). Any site may ask.
 */
async function oembed(o: HttpOptions, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const index = await readFile(join(o.deckDir, 'oembed', '_index.json'), 'utf8').then(
    parseOembedIndex,
    () => undefined,
  );
  const cors = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' };
  if (!index) return sendText(req, res, 404, 'This server has no oEmbed index: run npm run build.\n', cors);
  const reply = oembedReply(`http://${req.headers.host ?? 'localhost'}/`, index, url.searchParams);
  return sendText(req, res, reply.status, reply.body, { ...cors, 'Content-Type': reply.contentType });
}

/** The presenter's key: the Authorization header's bearer token, or the address's `key`. */
function keyFrom(req: IncomingMessage, url: URL): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  return url.searchParams.get('key');
}

async function exportResults(o: HttpOptions, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const key = keyFrom(req, url);
  const allowed = key === null ? hasPresenterCookie(req.headers.cookie, o.secret, o.code) : sameSecret(key, o.secret);
  if (!allowed) {
    return sendText(req, res, 403, "Forbidden: the export needs the presenter's key.\n", NO_STORE);
  }
  const csv = url.pathname.endsWith('.csv');
  // Shared: everything Redis had when the export was asked for.
  if (o.shared && !(await o.shared.sync())) {
    return sendText(req, res, 503, 'The room cannot be reached (Redis): try again.\n', NO_STORE);
  }
  const body = Buffer.from(csv ? o.room.toCsv() : o.room.toJson(o.code, o.now()), 'utf8');
  res.writeHead(
    200,
    baseHeaders({
      ...NO_STORE,
      'Content-Type': csv ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="workshop-${o.code}.${csv ? 'csv' : 'json'}"`,
      'Content-Length': String(body.length),
    }),
  );
  res.end(req.method === 'HEAD' ? undefined : body);
}

const NOT_PRESENTER =
  "Forbidden: this is the presenter's deck. Open the presenter's address that npm run workshop printed: it leaves " +
  "the presenter's cookie in this browser.\n";

/**
 * /presenter<rest>: the secret's address exchanged for the presenter's cookie; the full deck for that cookie only.
 * `rest` is '' or starts with a slash (still percent-encoded).
 */
async function presenterDeck(
  o: HttpOptions,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  rest: string,
): Promise<void> {
  const first = /^\/([^/]*)(\/.*)?$/.exec(rest);
  if (first && first[1] !== '' && sameSecret(first[1]!, o.secret)) return giveCookie(o, res, url, first[2] ?? '/');
  const key = url.searchParams.get('key');
  if (key !== null) {
    if (sameSecret(key, o.secret)) return giveCookie(o, res, url, rest === '' ? '/' : rest);
    return sendText(req, res, 404, 'Not found.\n', NO_STORE);
  }
  if (!hasPresenterCookie(req.headers.cookie, o.secret, o.code))
    return sendText(req, res, 403, NOT_PRESENTER, NO_STORE);
  if (rest === '') {
    res.writeHead(302, baseHeaders({ ...NO_STORE, Location: `/presenter/${url.search}` }));
    res.end();
    return;
  }
  if (o.deckBuildMissing) return sendText(req, res, 503, 'The deck build is missing: run npm run build.\n', NO_STORE);
  const file = await resolveFile(o.deckDir, rest);
  if (file === null) return sendText(req, res, 404, 'Not found.\n', NO_STORE);
  await sendFile(req, res, file, 'no-store', embeddable(o.deckDir, file));
}

/**
 * The secret, given in the address, exchanged for the presenter's cookie: 303 to the same page under /presenter/
 * without it (the browser keeps the fragment, `#/slide`), never cached, no Referer. The address bar, the history, a
 * link's or a worker's address, nginx's logs of every later request: none carries the secret.
 */
function giveCookie(o: HttpOptions, res: ServerResponse, url: URL, rest: string): void {
  const query = new URLSearchParams(url.searchParams);
  query.delete('key');
  query.set('workshop', o.code);
  query.set('role', 'presenter');
  res.writeHead(
    303,
    baseHeaders({
      ...NO_STORE,
      'Set-Cookie': presenterSetCookie(o.secret, o.code),
      Location: `/presenter${rest}?${query.toString()}`,
    }),
  );
  res.end();
}
