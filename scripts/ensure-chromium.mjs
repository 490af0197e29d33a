#!/usr/bin/env node
// Makes sure the browser tests have a Chromium: CHROMIUM_PATH, Debian's headless shell or /usr/bin/chromium (the
// order is scripts/chromium.ts's), or Playwright's own.
// When none is found and we run as root with apt-get, installs Debian's `chromium`; otherwise says how to get one.
import { existsSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';

const explicit = process.env.CHROMIUM_PATH;
if (explicit) {
  if (existsSync(explicit)) process.exit(0);
  console.error(`CHROMIUM_PATH is set to ${explicit}, which does not exist.`);
  process.exit(1);
}
/** Debian's headless shell and full browser, as scripts/chromium.ts looks for them. */
const debianChromium = () =>
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].some((path) => existsSync(path));
if (debianChromium()) process.exit(0);

let bundled = '';
try {
  bundled = chromium.executablePath();
} catch {
  // no browser of Playwright's own: bundled stays ''
}
if (bundled && existsSync(bundled)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt) {
  console.log('No Chromium found: installing Debian’s chromium with apt-get…');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
    stdio: 'inherit',
  });
  if (debianChromium()) process.exit(0);
}
console.error(`No Chromium found for the browser tests. Either:
  • install Playwright's own browser:   npx playwright install chromium
  • or, on Debian/Ubuntu:               sudo apt-get install chromium
  • or point CHROMIUM_PATH at a Chromium or Chrome binary.`);
process.exit(1);
