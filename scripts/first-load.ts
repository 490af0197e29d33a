/**
 * The first load, measured in a real browser: the JavaScript and CSS files the page fetched before its first slide
 * was usable (reveal ready, and the slide's demo defined), with the gzipped size of each (from the build, so the
 * sum does not depend on the server's compression). Used by `tests/e2e/budgets.spec.ts` and `npm run bench`.
 */
import type { Page } from '@playwright/test';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize } from './budget.ts';

export interface FirstLoad {
  /** Output files, relative to the build folder (`assets/deck-….js`). */
  files: string[];
  gzipBytes: number;
  /** The same files' sizes as built, uncompressed. */
  rawBytes: number;
}

/** Opens `url` (a deck address with `#/<id>`) and returns what was fetched before that slide was usable. */
export async function firstLoad(page: Page, url: string, dist: string): Promise<FirstLoad> {
  await page.goto(url);
  await page.waitForSelector('html[data-deck-ready="true"]');
  const names = await page.evaluate(async () => {
    const section = document.querySelector('.reveal .slides > section.present');
    const mark = section?.querySelector('.demo') ? `demo-ready:${section.id}` : 'deck-ready';
    while (performance.getEntriesByName(mark).length === 0) await new Promise((r) => setTimeout(r, 20));
    const usable = Math.max(
      performance.getEntriesByName('deck-ready')[0]?.startTime ?? 0,
      performance.getEntriesByName(mark)[0]?.startTime ?? 0,
    );
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= usable)
      .map((e) => new URL(e.name).pathname);
  });
  const files = [
    ...new Set(names.filter((p) => /\.(js|css)$/.test(p)).map((p) => p.slice(p.indexOf('/assets/') + 1))),
  ].sort();
  return {
    files,
    gzipBytes: files.reduce((sum, f) => sum + gzipSize(dist, f), 0),
    rawBytes: files.reduce((sum, f) => sum + statSync(join(dist, f)).size, 0),
  };
}
