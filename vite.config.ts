import { defineConfig } from 'vite';
import { resolve } from 'node:path';
import { cspPlugin } from './scripts/csp.ts';

/**
 * Modules the deck page and the embed page share (Lit, the library layer, the shell's text and preferences, the
 * slide renderer, the demo base class with its shared styles) and the first slide's demo (the chapter map): one
 * chunk, instead of one small file each, so the first slide waits for fewer requests.
 */
const shell = new RegExp(
  [
    String.raw`node_modules/(lit|lit-html|lit-element|@lit/reactive-element)/`,
    String.raw`/lib/[^/]+\.ts$`,
    String.raw`/src/(prefs|deck-text|page-mode|render-slide|toast)\.ts$`,
    String.raw`/components/ui/(demo-element|demo-store|demo-styles|breakpoints|theme)\.ts$`,
    String.raw`/components/shared/quiz/quiz-protocol\.ts$`,
    String.raw`/components/chapter-map/`,
  ].join('|'),
);
/** The slides' manifest entries (`slides/<id>.ts`, `slides/index.ts`) and the speaker sequences they hold: one chunk. */
const manifest = /\/slides\/[^/]+\.ts$|\/components\/[^/]+\/[^/]+-sequence\.ts$/;

export default defineConfig({
  // Relative base: the built deck works from any host and any sub-path.
  base: './',
  // The Content Security Policy, as a meta tag in every built page (scripts/csp.ts).
  plugins: [cspPlugin()],
  build: {
    target: 'es2022',
    manifest: true,
    // Every browser the deck targets preloads modules itself: no polyfill module in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        deck: resolve(import.meta.dirname, 'index.html'),
        embed: resolve(import.meta.dirname, 'embed.html'),
        speaker: resolve(import.meta.dirname, 'speaker.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'manifest', test: manifest },
            { name: 'shell', test: shell },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
