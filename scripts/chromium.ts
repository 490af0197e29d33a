import { existsSync } from 'node:fs';

/**
 * The Chromium every browser run here uses (the tests, `bench`, `screenshots`, `handout`): CHROMIUM_PATH if set, else
 * Debian's /usr/bin/chromium if present, else Playwright's own browser (undefined: `npx playwright install chromium`
 * on a laptop), with the flags a root container without a GPU needs and no background traffic.
 */
export const chromiumPath: string | undefined =
  process.env['CHROMIUM_PATH'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
