/**
 * `npm run bench`'s slide change: from a key press to the next slide on screen with its words and demo rendered.
 * The deck opens at the first slide; for each slide it goes to the slide's last step (fragments: a demo's speaker
 * sequence), waits until the page is idle (as a presenter talks before pressing), presses the key, and times from
 * the key event to the second animation frame after it (the first frame that shows the new slide has been
 * painted by then) once the new slide's demo has rendered. The first walk forward is cold (every slide shown for the
 * first time), the second, after going back to the start, warm. → and PageDown alternate. Timings are for a person
 * to read; tests never assert them.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

export interface SlideTimes {
  lang: string;
  cold: number[];
  warm: number[];
  /** the page's main thread's CPU time over the same span (ms): what a loaded machine does not inflate */
  coldCpu: number[];
  warmCpu: number[];
  /** slide id → time to it, cold */
  coldById: Map<string, number>;
  warmById: Map<string, number>;
  /** the page's JS heap after a full garbage collection, once every slide has been walked once, and twice (bytes) */
  heapOnce: number;
  heapTwice: number;
}

type DeckWindow = Window & {
  deck: {
    getIndices(): { h: number };
    getTotalSlides(): number;
    getCurrentSlide(): HTMLElement;
    slide(h: number, v?: number, f?: number): void;
    availableFragments(): { next: boolean };
    nextFragment(): boolean;
    isReady(): boolean;
  };
  __hswNext?: Promise<number>;
};

/** Waits until the page has been idle a while: every load the deck starts in idle time has run. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((ok) => {
        let quiet = 0;
        const tick = (d: IdleDeadline) => {
          quiet = d.timeRemaining() > 40 ? quiet + 1 : 0;
          if (quiet >= 3) ok();
          else requestIdleCallback(tick, { timeout: 2000 });
        };
        requestIdleCallback(tick, { timeout: 2000 });
      }),
  );
}

/** Arms the measurement of the next key press: resolves with its time (ms) once the new slide is on screen. */
export async function arm(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as DeckWindow;
    w.__hswNext = new Promise<number>((resolve) => {
      const from = w.deck.getIndices().h;
      window.addEventListener(
        'keydown',
        (e) => {
          const t0 = e.timeStamp;
          performance.mark('bench:key');
          const check = () => {
            if (w.deck.getIndices().h === from) return requestAnimationFrame(check);
            const section = w.deck.getCurrentSlide();
            const demo = section.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>('.demo');
            const rendered = async () => {
              if (demo) {
                await customElements.whenDefined(demo.localName);
                await demo.updateComplete;
              }
            };
            void rendered().then(() =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  performance.mark('bench:shown');
                  resolve(performance.now() - t0);
                }),
              ),
            );
            return 0;
          };
          check();
        },
        { capture: true, once: true },
      );
    });
  });
}

/** CPU time of the page's main thread so far (ms). */
async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000;
}

export async function walk(
  page: Page,
  cdp: CDPSession,
  count: number,
  keys: readonly string[],
  into: { ms: number[]; cpu: number[]; byId: Map<string, number> },
): Promise<void> {
  for (let i = 0; i < count - 1; i++) {
    await page.evaluate((h) => {
      const d = (window as unknown as DeckWindow).deck;
      d.slide(h, 0, 0);
      while (d.availableFragments().next) d.nextFragment();
    }, i);
    await settle(page);
    await arm(page);
    const cpu0 = await threadTime(cdp);
    await page.keyboard.press(keys[i % keys.length] ?? 'ArrowRight');
    const ms = (await page.evaluate(() => (window as unknown as DeckWindow).__hswNext)) ?? NaN;
    into.cpu.push((await threadTime(cdp)) - cpu0);
    const id = await page.evaluate(() => (window as unknown as DeckWindow).deck.getCurrentSlide().id);
    into.ms.push(ms);
    into.byId.set(id, ms);
  }
}

/** The JS heap in use after a full garbage collection, once the page is idle (bytes). */
async function heapAfterGc(page: Page, cdp: CDPSession): Promise<number> {
  await settle(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/** Both walks in one language, in a fresh page at 1280×720. */
export async function timeSlideChanges(browser: Browser, origin: string, lang: 'en' | 'ru'): Promise<SlideTimes> {
  return {
    lang,
    ...(await timeWalks(browser, origin, `${origin}/deck/index.html?lang=${lang}#/title`, async (page) => {
      await page.waitForSelector('html[data-deck-ready="true"]');
    })),
  };
}

/**
 * The same walks on reveal.js alone (scripts/bench-bare/: as many slides as ours, of text only, no plugin): the floor
 * of a slide change on any deck built on reveal.js, measured the same way.
 */
export async function timeBareSlideChanges(browser: Browser, origin: string): Promise<Omit<SlideTimes, 'lang'>> {
  return timeWalks(browser, origin, `${origin}/bare/index.html`, async (page) => {
    await page.waitForFunction(() => (window as unknown as DeckWindow).deck?.isReady());
  });
}

/**
 * A context at 1280×720 for a walk: nothing leaves `origin` (other hosts aborted), and the functions sent to the page
 * find tsx's `__name` helper (tsx names the functions it compiles: `__name(fn, "tick")`).
 */
export async function benchContext(browser: Browser, origin: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  );
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  return context;
}

async function timeWalks(
  browser: Browser,
  origin: string,
  address: string,
  ready: (page: Page) => Promise<void>,
): Promise<Omit<SlideTimes, 'lang'>> {
  const context = await benchContext(browser, origin);
  const page = await context.newPage();
  await page.goto(address);
  await ready(page);
  // The deck has the keyboard focus, as it does once a presenter has clicked it.
  await page.locator('.reveal').click({ position: { x: 5, y: 5 } });
  const count = await page.evaluate(() => (window as unknown as DeckWindow).deck.getTotalSlides());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const times: Omit<SlideTimes, 'lang'> = {
    cold: [],
    warm: [],
    coldCpu: [],
    warmCpu: [],
    coldById: new Map(),
    warmById: new Map(),
    heapOnce: NaN,
    heapTwice: NaN,
  };
  await walk(page, cdp, count, ['ArrowRight', 'PageDown'], {
    ms: times.cold,
    cpu: times.coldCpu,
    byId: times.coldById,
  });
  times.heapOnce = await heapAfterGc(page, cdp);
  await walk(page, cdp, count, ['PageDown', 'ArrowRight'], {
    ms: times.warm,
    cpu: times.warmCpu,
    byId: times.warmById,
  });
  times.heapTwice = await heapAfterGc(page, cdp);
  await context.close();
  return times;
}
