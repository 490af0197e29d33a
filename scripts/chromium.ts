import { existsSync } from 'node:fs';

/**
 * The Chromium the browser runs here use, with the flags a root container without a GPU needs and no background
 * traffic. CHROMIUM_PATH wins when set; otherwise Debian's packages, else Playwright's own browser (undefined:
 * `npx playwright install chromium` on a laptop).
 */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const debian = (path: string): string | undefined => (existsSync(path) ? path : undefined);

/** Debian's full browser: what a person runs. */
const chromiumPath: string | undefined = process.env['CHROMIUM_PATH'] ?? debian('/usr/bin/chromium');

/**
 * Debian's headless shell (package `chromium-headless-shell`), the same engine without the browser's window layer:
 * what Playwright itself runs headless tests in with its own browsers. The browser tests, the screenshots and the
 * handout use it: the browser stage took 36 % less time in it (deck, a11y and csp: 130 s → 83 s, 2 workers).
 */
const chromiumShellPath: string | undefined =
  process.env['CHROMIUM_PATH'] ?? debian('/usr/lib/chromium/chromium-headless-shell') ?? chromiumPath;

/** For the tests, screenshots and the handout: the headless shell. */
export const chromiumLaunchOptions = { executablePath: chromiumShellPath, args: FLAGS };

/** For `npm run bench`: the full browser, whose figures are those a presenter's browser gives. */
export const fullChromiumLaunchOptions = { executablePath: chromiumPath, args: FLAGS };
