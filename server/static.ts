/**
 * Serving a built deck's files from one directory: GET and HEAD only, the path resolved inside the directory and
 * checked against it (no `..`, no encoded slash, no dotfile gets out), the right Content-Type, `nosniff`, and no
 * framing by other sites but for the embed pages.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, relative, resolve, sep } from 'node:path';
import { NO_FRAMING, embeddablePage } from '../lib/framing.ts';
import { WORKER_CSP, WORKER_FILE } from '../lib/worker-policy.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

export function contentType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Headers every answer of the workshop server carries: only its own pages may frame it (lib/framing.ts; the speaker
 * view frames the deck), unless `framable` (the embed pages).
 */
export function baseHeaders(extra: Record<string, string> = {}, framable = false): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...(framable ? {} : NO_FRAMING),
    ...extra,
  };
}

/** The pages any site may frame, in a build at `root`: the embed page and oEmbed's pages (`embed/<id>.html`). */
export function embeddable(root: string, file: string): boolean {
  return embeddablePage(relative(resolve(root), file).split(sep).join('/'));
}

export function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  const buf = Buffer.from(body, 'utf8');
  res.writeHead(
    status,
    baseHeaders({ 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(buf.length), ...headers }),
  );
  res.end(req.method === 'HEAD' ? undefined : buf);
}

/**
 * The file `rel` (the request's path below the directory's mount point, still percent-encoded) inside `root`, or
 * null when it is not a file there. A directory stands for its index.html.
 */
export async function resolveFile(root: string, rel: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return null; // `..`, `.git`, `.env`: never
  const base = resolve(root);
  let path = resolve(base, ...segments);
  if (path !== base && !path.startsWith(base + sep)) return null;
  try {
    let st = await stat(path);
    if (st.isDirectory()) {
      path = resolve(path, 'index.html');
      st = await stat(path);
    }
    return st.isFile() ? path : null;
  } catch {
    return null;
  }
}

/** The encodings a request's `Accept-Encoding` takes that a build carries precompressed, best first. */
function acceptedEncodings(header: string | undefined): ('br' | 'gzip')[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qv = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name, qv === undefined ? 1 : Number(qv) || 0);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((e) => of(e) > 0).sort((a, b) => of(b) - of(a));
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

async function sizeOf(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const st = await stat(path);
    return st.isFile() ? st : null;
  } catch {
    return null;
  }
}

/** Whether an `If-None-Match` header names this ETag (or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a file found by resolveFile, precompressed when the build carries a copy the browser takes
 * (`file.br`, `file.gz`, made by scripts/precompress.ts): `Content-Encoding`, `Vary: Accept-Encoding`, an `ETag` per
 * representation (a request that already has it gets 304). Vite's hashed assets are cached for good; everything else
 * is revalidated. `framable`: any site may frame it (an embed page); otherwise only the server's own pages.
 * `onlyEncoded`: send nothing and return false when no compressed copy is taken (`vite preview` then serves it).
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  cache: 'revalidate' | 'no-store',
  framable = false,
  options: { onlyEncoded?: boolean } = {},
): Promise<boolean> {
  const hashed = /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)$/.test(path) && path.includes(`${sep}assets${sep}`);
  const [original, br, gz] = await Promise.all([sizeOf(path), sizeOf(path + SUFFIX.br), sizeOf(path + SUFFIX.gzip)]);
  // A copy older than its file (the file written again since the build) is not that file any more.
  const current = (copy: { mtimeMs: number } | null) =>
    copy && copy.mtimeMs >= (original?.mtimeMs ?? 0) ? copy : null;
  const brotli = current(br);
  const gzipped = current(gz);
  const copies = { br: brotli, gzip: gzipped };
  const encoding = acceptedEncodings(req.headers['accept-encoding']).find((e) => copies[e] !== null) ?? null;
  if (encoding === null && options.onlyEncoded) return false;
  const file = encoding === null ? path : path + SUFFIX[encoding];
  const st = await stat(file);
  const etag = `"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'Cache-Control': cache === 'no-store' ? 'no-store' : hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(cache === 'no-store' ? {} : { ETag: etag }),
    // (beside what an earlier handler varies on: `vite preview`'s CORS sets `Vary: Origin`)
    ...(brotli || gzipped
      ? { Vary: [res.getHeader('Vary'), 'Accept-Encoding'].filter((v) => v !== undefined).join(', ') }
      : {}),
  };
  if (cache !== 'no-store' && matches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, baseHeaders(headers, framable));
    res.end();
    return true;
  }
  res.writeHead(
    200,
    baseHeaders(
      {
        'Content-Type': contentType(path),
        'Content-Length': String(st.size),
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
        ...headers,
        // "Your code"'s worker takes its policy from its own response (lib/worker-policy.ts), as under `vite preview`
        ...(WORKER_FILE.test(path.split(sep).join('/')) ? { 'Content-Security-Policy': WORKER_CSP } : {}),
      },
      framable,
    ),
  );
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((done) => {
    const stream = createReadStream(file);
    stream.on('error', () => {
      res.destroy();
      done();
    });
    stream.on('end', done);
    stream.pipe(res);
  });
  return true;
}
