import { defineConfig } from 'vite';
import { resolve } from 'node:path';

export default defineConfig({
  // Relative base: the built deck works from any host and any sub-path.
  base: './',
  build: {
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      input: {
        deck: resolve(import.meta.dirname, 'index.html'),
        embed: resolve(import.meta.dirname, 'embed.html'),
      },
    },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
});
