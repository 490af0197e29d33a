import { defineConfig, runnerImport, type Plugin } from 'vite';
import { resolve } from 'node:path';
import { cspPlugin, framingPlugin } from './scripts/csp.ts';
import { pyodideFiles } from './scripts/pyodide-files.ts';
import { pageHead } from './scripts/page-head.ts';
import { oembedPlugin } from './scripts/oembed-serve.ts';
import { precompress } from './scripts/precompress.ts';

/** A quiz's answer module (components/shared/quiz/quiz-answer.ts): `components/<demo>/<demo>-answer.ts`. */
const answerModule = /\/components\/([^/]+)\/\1-answer\.ts$/;
/** The figures that give a quiz's answer away, imported by its answer module alone: `<demo>-answer-figures.ts`. */
const answerFiguresModule = /\/components\/([^/]+)\/\1-answer-figures\.ts$/;
/** A slide's words: `slides/text/<id>.ts` (data, made by slides/types.ts's `slideText`). */
const slideTextModule = /\/slides\/text\/[^/]+\.ts$/;
/** What every answer module is in the phones' build: the QuizAnswer that says "withheld". */
export const WITHHELD_ANSWER = 'export const ANSWER = { correct: null, explanation: null };\n';

/**
 * The phones' build (`npm run build:phone`, `vite build --mode phone`): what a participant's phone downloads holds
 * no quiz's answer. Every `*-answer.ts` module becomes the withheld answer (so the `*-answer-figures.ts` it
 * imported is left out: anything else that imports one fails the build), and every slide's speaker notes and their
 * appendix (which name the answers; phones never show notes) are left out of its words. The answers reach a phone only in the
 * workshop server's revealed poll. tests/unit/phone-build.test.ts builds both and reads every file.
 */
export function withholdAnswers(): Plugin {
  return {
    name: 'hsw-withhold-answers',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (answerModule.test(file)) return WITHHELD_ANSWER;
      // The withheld answer imports nothing: a module that still reaches for the answer's figures is a leak.
      if (answerFiguresModule.test(file))
        this.error(`${file} holds a quiz's answer: only its <demo>-answer.ts may import it, and phones get none`);
      if (!slideTextModule.test(file)) return null;
      const { module: mod } = await runnerImport<{
        default: { text: Record<string, { notes: unknown[]; appendix: unknown[] }> };
      }>(file, { configFile: false, logLevel: 'error' });
      const content = mod.default;
      const text = Object.fromEntries(
        Object.entries(content.text).map(([lang, words]) => [lang, { ...words, notes: [], appendix: [] }]),
      );
      return `export default ${JSON.stringify({ ...content, text })};\n`;
    },
  };
}

/**
 * Modules the deck page and the embed page share (Lit, the library layer, the shell's text and preferences, the
 * slide renderer, the demo base class with its shared styles and the details block): one chunk, instead of one small
 * file each, so the first slide waits for fewer requests. Not the first slide's demo (the chapter map): it is in the
 * deck's own chunk (slides/title.ts), so that no embed carries it.
 */
const shell = new RegExp(
  [
    String.raw`node_modules/(lit|lit-html|lit-element|@lit/reactive-element)/`,
    // (not the workshop's protocol: valibot and the schemas load only in a workshop; not the axes' ticks: four
    // timelines use them, every embed carries the shell)
    String.raw`/lib/(?!workshop-protocol\.ts$|ticks\.ts$)[^/]+\.ts$`,
    String.raw`/src/(prefs|deck-text|page-mode|render-slide|toast)\.ts$`,
    String.raw`/components/ui/(demo-element|demo-store|demo-styles|breakpoints|theme|details)\.ts$`,
    String.raw`/components/shared/quiz/quiz-protocol\.ts$`,
  ].join('|'),
);
/**
 * The slides' manifest entries (`slides/<id>.ts`, `slides/index.ts`) and the speaker sequences they hold: one chunk.
 * Not the plans (`slides/plan.ts`, `slides/plans.ts` and its texts): only the deck and the speaker view read them.
 */
const manifest = /\/slides\/(?!plans?\.ts$)[^/]+\.ts$|\/components\/[^/]+\/[^/]+-sequence\.ts$/;

export default defineConfig(({ mode }) => ({
  // The head every page shares (scripts/page-head.ts); the Content Security Policy, as a meta tag in every built page
  // (scripts/csp.ts), and under `vite preview` and `vite dev` the headers that keep other sites from framing any page
  // but the embed pages (the same file); Pyodide's files under pyodide/, for "Your code"'s worker only, with the
  // worker's own policy (scripts/pyodide-files.ts); the phones' build without answers; every compressible file's
  // brotli and gzip copies beside it, which `vite preview` and the workshop server send (scripts/precompress.ts); and
  // under `vite preview` the oEmbed endpoint, oembed.json?url=… (scripts/oembed-serve.ts).
  plugins: [
    pageHead(),
    cspPlugin(),
    framingPlugin(),
    oembedPlugin(),
    pyodideFiles(),
    ...(mode === 'phone' ? [withholdAnswers()] : []),
    precompress(),
  ],
  // Relative base: the built deck works from any host and any sub-path.
  base: './',
  build: {
    target: 'es2022',
    manifest: true,
    // Every browser the deck targets preloads modules itself: no polyfill module in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        deck: resolve(import.meta.dirname, 'index.html'),
        embed: resolve(import.meta.dirname, 'embed.html'),
        // `<hsw-slide>`: one module at a fixed address, `embed.js`, for other pages to load (src/embed-element.ts).
        'embed-element': resolve(import.meta.dirname, 'src/embed-element.ts'),
        remote: resolve(import.meta.dirname, 'remote.html'),
        speaker: resolve(import.meta.dirname, 'speaker.html'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'embed-element' ? 'embed.js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            { name: 'manifest', test: manifest },
            { name: 'shell', test: shell },
            // The chapter's timeline and its styles, which five demos share: one file, not two.
            { name: 'timeline', test: /\/components\/shared\/timeline\// },
          ],
        },
      },
    },
  },
  // The simulator's Web Worker (components/shared/sim-runner/): an ES module, like the pages' scripts.
  worker: { format: 'es' as const },
  server: { port: 5173 },
  preview: { port: 4173 },
}));
