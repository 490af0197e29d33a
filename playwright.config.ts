import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

/**
 * Browser tests run against the built site (`dist/`, or DIST_DIR) served by `vite preview`.
 * Chromium: CHROMIUM_PATH if set, else Debian's /usr/bin/chromium if present, else Playwright's own browser
 * (`npx playwright install chromium` on a laptop).
 */
const port = Number(process.env['PORT'] ?? 4173);
const distDir = process.env['DIST_DIR'] ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three: a test waits on its page often enough that two left a core idle (383 tests: 7.0 min with 2, 5.7 with 3).
  workers: process.env['CI'] ? 3 : undefined,
  // One retry in CI, so that a rare race (recorded on the issue) does not sink a run; Playwright still reports it as flaky.
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    viewport: { width: 1280, height: 720 },
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    command: `npx vite preview --outDir ${distDir} --port ${port} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: !process.env['CI'],
    timeout: 60_000,
  },
});
