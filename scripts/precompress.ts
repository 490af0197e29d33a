import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Connect, Plugin } from 'vite';
import { sendFile, resolveFile } from '../server/static.ts';

/**
 * Every compressible file of a build gets its brotli (`.br`) and gzip (`.gz`) copy beside it, made once at build
 * (node:zlib), so that a server sends the phone deck and Pyodide compressed without compressing on each request:
 * the workshop server (server/static.ts) and `vite preview` (the middleware below) choose by `Accept-Encoding`.
 * A copy is kept only when it is smaller by a tenth at least (Python's stdlib zip is already deflated: none).
 */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|webmanifest|wasm|xml|ico)$/i;
/** Below this a file is sent as it is (a header costs more than it saves). */
const MIN_BYTES = 1024;
/**
 * Brotli's best quality (11) for files below this size; above it, 9: quality 11 takes 100 s on Pyodide's 9.6 MB
 * wasm for 12% fewer bytes (2.74 MB against 3.11), 9 takes 4 s.
 */
const BEST_BELOW = 2_000_000;
/**
 * Copies made before, by their content's hash: most of a build's files are the same from one build to the next
 * (Pyodide's, every chunk whose hash did not change), and brotli 11 costs seconds a megabyte.
 */
const CACHE = join(import.meta.dirname, '..', 'node_modules', '.cache', 'hsw-precompress');

async function cached(raw: Buffer, kind: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = join(CACHE, `${createHash('sha256').update(raw).digest('hex')}.${kind}`);
  try {
    return readFileSync(file);
  } catch {
    // not made yet
  }
  const out = await make();
  try {
    mkdirSync(CACHE, { recursive: true });
    // (written whole, then named: a build beside this one reads a whole copy or none)
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, out);
    renameSync(partial, file);
  } catch {
    // no cache: the next build makes it again
  }
  return out;
}

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** The files of `dir`, recursively, as paths. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** Writes (or removes) `file.br` and `file.gz` for every compressible file under `dir`; returns how many written. */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  await Promise.all(
    filesOf(dir)
      .filter((f) => COMPRESSIBLE.test(f))
      .map(async (file) => {
        const raw = readFileSync(file);
        const variants =
          raw.length < MIN_BYTES
            ? []
            : await Promise.all([
                (async () => {
                  const quality = raw.length < BEST_BELOW ? 11 : 9;
                  const params = {
                    [constants.BROTLI_PARAM_QUALITY]: quality,
                    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                  };
                  return ['br', await cached(raw, `br${quality}`, () => br(raw, { params }))] as const;
                })(),
                (async () => ['gz', await cached(raw, 'gz9', () => gz(raw, { level: 9 }))] as const)(),
              ]);
        for (const ext of ['br', 'gz'] as const) {
          const body = variants.find(([e]) => e === ext)?.[1];
          if (body && body.length <= raw.length * 0.9) {
            writeFileSync(`${file}.${ext}`, body);
            written++;
          } else rmSync(`${file}.${ext}`, { force: true });
        }
      }),
  );
  return written;
}

/**
 * `vite preview` sends a file's precompressed copy when the browser takes it, with the workshop server's own
 * `sendFile` (Content-Encoding, Vary, ETag, caching); otherwise Vite's own static server answers as before.
 */
function precompressedMiddleware(root: string): Connect.NextHandleFunction {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/\b(br|gzip)\b/.test(req.headers['accept-encoding'] ?? ''))
      return next();
    const path = (req.url ?? '/').split('?')[0]!;
    void resolveFile(root, path).then(async (file) => {
      if (!file) return next();
      try {
        if (!(await sendFile(req, res, file, 'revalidate', true, { onlyEncoded: true }))) next();
      } catch (err) {
        next(err);
      }
    }, next);
  };
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hsw-precompress',
    // After every other plugin's middleware (the worker's policy, the framing headers): they set headers and go on.
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(options) {
      await precompressDir(options.dir ?? outDir);
    },
    configurePreviewServer(server) {
      const { config } = server;
      server.middlewares.use(
        precompressedMiddleware(resolve(config.root, config.environments['client']!.build.outDir)),
      );
    },
  };
}
