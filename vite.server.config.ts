import { defineConfig } from 'vite';

/**
 * The workshop server as plain JavaScript (`npm run build:server`, run by `npm run build`): `dist-server/cli.js`,
 * which `node` runs without tsx or Vite, so a room host needs only the project's `dependencies`
 * (`npm ci --omit=dev`; docs/workshop.md). The project's own modules (server/, lib/, the quizzes' pure modules) are
 * bundled in; every package stays an import, resolved from node_modules at run time. Not in dist/: that folder is
 * served to anyone, and this file holds the quizzes' answers.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'server/cli.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    copyPublicDir: false,
  },
});
