/**
 * `npm run bench`'s clicker presses, as the browser itself measures them: Chromium's Event Timing API gives each
 * keydown and keyup of a press its duration, from the input to the frame that shows what it changed (rounded to
 * 8 ms; an event under 16 ms is not reported at all, so it counts here as 8 ms, "under 16"). A walk presses PageDown
 * through every step of the full deck as presented (`?present&plan=workshop`, 1280×720; a plan's figures are the
 * presses that lead to its slides), waiting between presses until the page is idle, as a speaker talks before pressing; reveal.js alone (scripts/bench-bare/, 27 slides of text with two
 * fragments each) is walked the same way in the same run. Field INP tools report the worst interaction of a visit,
 * keyup included: a keyup changes nothing on screen, yet Chromium counts it until the next frame with anything new.
 */
import type { Browser, Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { benchContext, settle } from './bench-slides.ts';
import { parsePlanText } from '../slides/plan.ts';

/** One press: the slide it led to, and its keydown's and keyup's durations (ms). */
export interface Press {
  slideId: string;
  keydown: number;
  keyup: number;
}

const PLANS = join(import.meta.dirname, '..', 'slides', 'plans');

/**
 * The built-in plans (slides/plans/<name>.txt), each with its slide ids (null: `*`, every slide), in the order 40, 20,
 * …, workshop. A press belongs to a plan when the slide it leads to is one of the plan's.
 */
export function plans(): { name: string; ids: ReadonlySet<string> | null }[] {
  return readdirSync(PLANS)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => {
      const { ids } = parsePlanText(readFileSync(join(PLANS, f), 'utf8'));
      return { name: f.slice(0, -'.txt'.length), ids: ids.includes('*') ? null : new Set(ids) };
    })
    .sort((a, b) => (Number(b.name) || 0) - (Number(a.name) || 0) || a.name.localeCompare(b.name));
}

type Deck = {
  isReady(): boolean;
  isLastSlide(): boolean;
  availableFragments(): { next: boolean };
  getCurrentSlide(): HTMLElement;
};
type Timed = { name: string; duration: number; interactionId: number; startTime: number };

/**
 * Walks every step of the deck at `address` with PageDown (at most `limit` presses); the Event Timing of each press.
 */
export async function timePresses(browser: Browser, origin: string, address: string, limit = 400): Promise<Press[]> {
  const context = await benchContext(browser, origin);
  await context.addInitScript(() => {
    const seen: Timed[] = [];
    (window as unknown as { __hswTimed: Timed[] }).__hswTimed = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (e.name === 'keydown' || e.name === 'keyup')
          seen.push({ name: e.name, duration: e.duration, interactionId: e.interactionId, startTime: e.startTime });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  const page: Page = await context.newPage();
  await page.goto(address);
  await page.waitForFunction(() => (window as unknown as { deck?: Deck }).deck?.isReady() === true);
  await page.locator('.reveal').click({ position: { x: 5, y: 5 } });
  await settle(page);
  const marks: number[] = [];
  const ids: string[] = [];
  for (let i = 0; i < limit; i++) {
    const atEnd = await page.evaluate(() => {
      const d = (window as unknown as { deck: Deck }).deck;
      return d.isLastSlide() && !d.availableFragments().next;
    });
    if (atEnd) break;
    marks.push(await page.evaluate(() => performance.now()));
    await page.keyboard.press('PageDown');
    await settle(page);
    ids.push(await page.evaluate(() => (window as unknown as { deck: Deck }).deck.getCurrentSlide().id));
  }
  const timed = await page.evaluate(() => (window as unknown as { __hswTimed: Timed[] }).__hswTimed);
  await context.close();
  // each press's events: the ones that started after its mark and before the next press's
  const of = (name: string, i: number) => {
    const next = marks[i + 1] ?? Infinity;
    const hit = timed.find((e) => e.name === name && e.startTime >= marks[i]! && e.startTime < next);
    return hit ? hit.duration : 8;
  };
  return marks.map((_, i) => ({ slideId: ids[i] ?? '', keydown: of('keydown', i), keyup: of('keyup', i) }));
}
