import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { withSingleFilePolicy } from './scripts/single-file-csp.ts';
import { pageHead } from './scripts/page-head.ts';

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
 * Modules the single file carries in place of the served deck's:
 * - a page opened from `file://` cannot start a worker from a file: the simulator's worker runs from a `blob:` URL
 *   (components/shared/sim-runner/create-worker-inline.ts in place of create-worker.ts), as a classic script;
 * - nor can it reach a server (`connect-src 'none'`): workshop mode says so (src/workshop-start-single.ts in place of
 *   src/workshop-start.ts), and the QR codes only a workshop draws (components/ui/qr-code.ts, with its library) are
 *   left out.
 */
function substitutes(): Plugin {
  const root = import.meta.dirname;
  const NONE = '\0hsw-single:none';
  const map: Record<string, string> = {
    [resolve(root, 'components/shared/sim-runner/create-worker.ts')]: resolve(
      root,
      'components/shared/sim-runner/create-worker-inline.ts',
    ),
    [resolve(root, 'src/workshop-start.ts')]: resolve(root, 'src/workshop-start-single.ts'),
    [resolve(root, 'components/ui/qr-code.ts')]: NONE,
  };
  return {
    name: 'hsw:single-file-substitutes',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/(create-worker|workshop-start|qr-code)\.ts$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && map[resolved.id]) ?? null;
    },
    load: (id) => (id === NONE ? 'export {};\n' : null),
  };
}

/**
 * The simulator once: src/single-sim.ts is built on its own as a classic script and written into the page as
 * `<script id="hsw-sim">`. The page's imports of the simulator's API (js-sim's index.ts and sim-runner/sim-job.ts)
 * become modules that read what that script left on `globalThis.__hswSim`, and the worker runs the same script's
 * text (create-worker-inline.ts): one copy of the simulator (and of acorn) where there were two.
 */
function sharedSimulator(): Plugin {
  const root = import.meta.dirname;
  /** The modules the script exposes, by their key on `__hswSim` (src/single-sim.ts). */
  const api: Record<string, string> = {
    [resolve(root, 'components/shared/js-sim/index.ts')]: 'index',
    [resolve(root, 'components/shared/sim-runner/sim-job.ts')]: 'job',
  };
  const PREFIX = '\0hsw-sim:';
  let script = '';
  let names: Record<string, string[]> = {};
  return {
    name: 'hsw:single-file-simulator',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const out = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        build: {
          write: false,
          target: 'es2022',
          copyPublicDir: false,
          lib: { entry: resolve(root, 'src/single-sim.ts'), formats: ['iife'], name: 'hswSimScript' },
        },
      });
      const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
      const chunk = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk');
      if (!chunk) throw new Error('src/single-sim.ts built to nothing');
      // Inside a <script>, the text must not close it or open an HTML comment.
      script = chunk.code.replace(/<(\/?script|!--)/gi, '\\x3c$1');
      if (/<\/script|<!--/i.test(script)) throw new Error('the simulator script cannot be written into the page as is');
      // Which names each module exports, from the script itself (it is pure: nothing but definitions at load).
      const context: { __hswSim?: Record<string, Record<string, unknown>> } = {};
      runInNewContext(script, context);
      names = Object.fromEntries(Object.entries(context.__hswSim ?? {}).map(([k, m]) => [k, Object.keys(m)]));
    },
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(PREFIX)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const key = resolved && api[resolved.id];
      return key ? PREFIX + key : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const key = id.slice(PREFIX.length);
      const exported = names[key];
      if (!exported) throw new Error(`src/single-sim.ts does not expose ${key}`);
      return [
        `const m = globalThis.__hswSim.${key};`,
        ...exported.map((n) => (n === 'default' ? 'export default m.default;' : `export const ${n} = m.${n};`)),
      ].join('\n');
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { id: 'hsw-sim' }, children: script, injectTo: 'body' }],
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
      pageHead(),
      singleEntry(),
      substitutes(),
      sharedSimulator(),
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
