import { defineConfig, type Plugin } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withSingleFilePolicy } from './scripts/single-file-csp.ts';

/**
 * `npm run build:single`: the whole deck as one HTML file, `dist-single/how-servers-wait.html`, that opens from
 * `file://` with no request to anything. Every module, dynamic imports included (each slide's words and demo,
 * chart.js, highlight.js, the speaker view), is inlined by vite-plugin-singlefile, which turns Rolldown's
 * code splitting off (`codeSplitting: false`). The file then gets its own Content-Security-Policy, with the hash of
 * its inline script (scripts/single-file-csp.ts).
 */
const OUT_NAME = 'how-servers-wait.html';

/**
 * The single file's page is the deck's `index.html` with its one script swapped for `src/single.ts` (which is
 * `src/main.ts` plus the speaker view under `?speaker-view`), done before Vite reads the page's scripts: one page,
 * written once.
 */
function singleEntry(): Plugin {
  const deckScript = '<script type="module" src="./src/main.ts"></script>';
  return {
    name: 'hsw:single-file-entry',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(deckScript)) throw new Error(`index.html no longer loads ${deckScript}`);
        return html.replace(deckScript, '<script type="module" src="./src/single.ts"></script>');
      },
    },
  };
}

function singleFilePolicy(outDir: () => string): Plugin {
  return {
    name: 'hsw:single-file-policy',
    apply: 'build',
    enforce: 'post',
    closeBundle() {
      const dir = outDir();
      const built = join(dir, 'index.html');
      const html = withSingleFilePolicy(readFileSync(built, 'utf8'));
      const out = join(dir, OUT_NAME);
      writeFileSync(out, html);
      rmSync(built);
      rmSync(join(dir, '.vite'), { recursive: true, force: true });
      console.log(`single file: ${out} (${(statSync(out).size / 1000).toFixed(0)} KB)`);
    },
  };
}

/**
 * A page opened from `file://` cannot start a worker from a file: the simulator's worker is inlined and started from
 * a `blob:` URL (components/shared/sim-runner/create-worker-inline.ts in place of create-worker.ts), as a classic
 * script.
 */
function inlineSimWorker(): Plugin {
  const served = /\/components\/shared\/sim-runner\/create-worker\.ts$/;
  return {
    name: 'hsw:single-file-sim-worker',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('/create-worker.ts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !served.test(resolved.id)) return null;
      return resolved.id.replace(/create-worker\.ts$/, 'create-worker-inline.ts');
    },
  };
}

/**
 * "Your code" on the asyncio-loop slide needs CPython in WebAssembly (13 MB), which the single file does not inline:
 * its worker's maker becomes create-py-worker-single.ts (no worker: the tab says the deck must be served).
 */
function noPyWorker(): Plugin {
  const served = /\/components\/shared\/py-record\/create-py-worker\.ts$/;
  return {
    name: 'hsw:single-file-no-py-worker',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('/create-py-worker.ts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !served.test(resolved.id)) return null;
      return resolved.id.replace(/create-py-worker\.ts$/, 'create-py-worker-single.ts');
    },
  };
}

export default defineConfig(() => {
  let outDir = resolve(import.meta.dirname, 'dist-single');
  return {
    // src/plugins/speaker-link.ts and src/speaker.ts read it: the speaker view is this same file (src/single.ts).
    mode: 'single',
    base: './',
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: true,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: resolve(import.meta.dirname, 'index.html') },
    },
    // A classic worker: Chromium refuses a module worker from a blob: URL in a page opened from file:// (probed).
    worker: { format: 'iife' as const },
    plugins: [
      singleEntry(),
      inlineSimWorker(),
      noPyWorker(),
      viteSingleFile({ removeViteModuleLoader: true }),
      {
        name: 'hsw:single-file-outdir',
        configResolved(config) {
          outDir = resolve(config.root, config.build.outDir);
        },
      } satisfies Plugin,
      singleFilePolicy(() => outDir),
    ],
  };
});
