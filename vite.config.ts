import { defineConfig } from 'vite';
import { resolve } from 'node:path';

/**
 * Modules the deck page and the embed page share (Lit, the shell's text and preferences, the slide renderer): one
 * chunk, instead of one small file each, so the first slide waits for fewer requests.
 */
const shell =
  /(node_modules\/(lit|lit-html|lit-element|@lit\/reactive-element)\/|\/lib\/(i18n|storage|motion|text|render-text)\.ts$|\/src\/(prefs|deck-text|page-mode|render-slide|toast)\.ts$)/;
/** The slides' manifest entries (`slides/<id>.ts`, `slides/index.ts`) and the speaker sequences they hold: one chunk. */
const manifest = /\/slides\/[^/]+\.ts$|\/components\/[^/]+\/[^/]+-sequence\.ts$/;

export default defineConfig({
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
