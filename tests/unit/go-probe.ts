/**
 * The Go probes (tests/probes/*.go), built once: `go build` into a cache shared by every test file and every run on
 * this machine, keyed by the probe's source and the compiler's version, with one GOCACHE (Go's own cache is safe for
 * several processes at once), so the standard library is compiled once, not once for each file that runs a probe.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const CACHE = join(tmpdir(), 'hsw-go-probes');
const PROBES = join(import.meta.dirname, '..', 'probes');

/** The environment for `go` and for a probe: GOPATH mode, the shared caches, none of the person's GOFLAGS. */
export function goEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    GOCACHE: join(CACHE, 'gocache'),
    GOPATH: join(CACHE, 'gopath'),
    GO111MODULE: 'off',
    ...extra,
  };
  delete e.GOFLAGS;
  return e;
}

let goVersion: string | undefined;

/** The binary of tests/probes/`file`, built unless this source was built by this Go already. */
export function goProbe(file: string): string {
  goVersion ??= spawnSync('go', ['version'], { env: goEnv(), encoding: 'utf8', timeout: 30_000 }).stdout.trim();
  const source = join(PROBES, file);
  const key = createHash('sha256').update(goVersion).update('\0').update(readFileSync(source)).digest('hex');
  const bin = join(CACHE, `${basename(file, '.go')}-${key.slice(0, 16)}`);
  if (existsSync(bin)) return bin;
  mkdirSync(CACHE, { recursive: true });
  const building = `${bin}.${process.pid}.tmp`;
  const r = spawnSync('go', ['build', '-o', building, source], { env: goEnv(), encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`go build failed: ${r.stderr}`);
  // in one step: a file that runs it never sees half a binary (another file building it at once writes the same one)
  renameSync(building, bin);
  return bin;
}
