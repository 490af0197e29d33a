// `npm run workshop`: the workshop server (server/cli.ts). Where the dev dependencies are installed, it runs the
// sources with tsx, always current. Where they are not (a room host's `npm ci --omit=dev`: no tsx, no Vite), it runs
// the plain JavaScript `npm run build` wrote, dist-server/cli.js, with node alone (docs/workshop.md).
// Plain JavaScript itself, so that it runs without tsx; tests/unit/workshop-built.test.ts runs it so.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = join(ROOT, 'dist-server', 'cli.js');

/** The newest modification time of a file under these folders, ms. */
function newest(dirs) {
  let t = 0;
  const walk = (p) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(join(p, name));
    else t = Math.max(t, st.mtimeMs);
  };
  for (const d of dirs) walk(join(ROOT, d));
  return t;
}

if (existsSync(join(ROOT, 'node_modules', 'tsx'))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, 'server', 'cli.ts')).href);
} else if (existsSync(BUILT)) {
  if (statSync(BUILT).mtimeMs < newest(['server', 'lib'])) {
    console.warn(
      '(dist-server/cli.js is older than server/ and lib/: it runs as it was built; npm run build makes it again)',
    );
  }
  await import(pathToFileURL(BUILT).href);
} else {
  console.error(
    'This install has neither tsx (a dev dependency) nor the built server (dist-server/cli.js).\n' +
      'Build where the dev dependencies are (npm ci && npm run build && npm run build:phone), then bring dist/,\n' +
      'dist-phone/ and dist-server/ here; or install them here with npm ci. See docs/workshop.md.',
  );
  process.exitCode = 1;
}
