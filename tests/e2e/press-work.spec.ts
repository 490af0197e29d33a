import type { CDPSession, Page } from '@playwright/test';
import { test, expect, gotoSlide, settle } from './fixtures.ts';

/**
 * Issue #40 item 1: a clicker press costs the work of the step it shows, and no more. Counted, never timed: the deck
 * presented (`?present&plan=workshop`) is walked with PageDown through the steps of slides whose demos hold a chart,
 * code listings and lanes measured against the chart; for each press, from its keydown to the next animation frame
 * (the frame that shows it), what every Lit element's update (willUpdate, render, updated) did:
 *
 * - layout reads (`offsetWidth`/`Height`, `getBoundingClientRect`, …) inside an update: each forces a style and
 *   layout pass of the slide in the middle of the press, before the frame's own (heavy-task measured its lanes'
 *   names after every render: one forced layout a step);
 * - regular-expression matches inside a code listing's update: highlight.js ran over the whole listing again on
 *   every step, although a step changes only which line is current;
 * - how many elements rendered: the demo, its chart, listing, step counter and picture, at most 4 here (the sliders
 *   rendered again on every step, as their demo passed them a new, equal, `format`: 6 a step on c10k);
 * - asyncio runs simulated (calls of the asyncio model's `_run_once`, counted with V8's precise coverage from the
 *   press until the page settles): asyncio-loop ran the thousand sleepers' program (and the starving one, twice) on
 *   the press that first showed it, and highlighted each new listing then; both are now done in idle time while the
 *   slide is next or shown (the element's `readySteps`), so a press finds them ready.
 *
 * - layout reads before an element renders (in willUpdate), known elements included: such a read forces a layout of
 *   what the elements above it have just rendered, and a read after it renders one more (`hsw-loop-picture` read
 *   its chips' places both before and after: two forced layouts a step; it now keeps their places from the last
 *   update's read).
 *
 * KNOWN_READS: elements whose update still reads layout, left to their owners (`hsw-loop-picture` measures its
 * tokens' places, once an update after it renders, to animate them: components/shared/loop-picture).
 */
const KNOWN_READS = new Set(['hsw-loop-picture']);
const MAX_UPDATES = 4;
/** The slides whose steps are walked, from the slide shown to its last step. */
const WALKS = ['micro-macro', 'heavy-task', 'c10k', 'asyncio-loop'];

interface PressWork {
  updates: Record<string, number>;
  reads: Record<string, number>;
  /** Layout reads in an update before the element rendered (willUpdate): see `instrument`. */
  early: Record<string, number>;
  matches: Record<string, number>;
}

/** Counts, per element name, what Lit updates do during a press's frame (installed before the deck loads). */
function instrument(): void {
  const w = window as unknown as { __press: PressWork; __inPress: boolean };
  w.__press = { updates: {}, reads: {}, early: {}, matches: {} };
  w.__inPress = false;
  // the elements updating, innermost last, and whether each has rendered yet in this update
  const updating: { tag: string; rendered: boolean }[] = [];
  const bump = (what: keyof PressWork, n = 1) => {
    const top = updating[updating.length - 1];
    if (!w.__inPress || !top) return;
    w.__press[what][top.tag] = (w.__press[what][top.tag] ?? 0) + n;
    // a read before the element renders forces a layout of what the elements above it have just rendered, and
    // another read after it renders forces one more: hsw-loop-picture read its chips' places in both
    if (what === 'reads' && !top.rendered) w.__press.early[top.tag] = (w.__press.early[top.tag] ?? 0) + n;
  };
  const define = customElements.define.bind(customElements);
  customElements.define = (name: string, cls: CustomElementConstructor, options?: ElementDefinitionOptions) => {
    const proto = cls.prototype as { performUpdate?: () => void; update?: (changed: unknown) => void };
    const perform = proto.performUpdate;
    const update = proto.update;
    // performUpdate: the whole cycle (willUpdate … updated), to which reads are attributed; update: the element
    // renders (its shouldUpdate said yes)
    if (typeof perform === 'function' && typeof update === 'function') {
      Object.defineProperty(cls.prototype, 'performUpdate', {
        configurable: true,
        writable: true,
        value(this: HTMLElement) {
          updating.push({ tag: name, rendered: false });
          try {
            perform.call(this);
          } finally {
            updating.pop();
          }
        },
      });
      Object.defineProperty(cls.prototype, 'update', {
        configurable: true,
        writable: true,
        value(this: HTMLElement, changed: unknown) {
          bump('updates');
          const top = updating[updating.length - 1];
          if (top) top.rendered = true;
          update.call(this, changed);
        },
      });
    }
    define(name, cls, options);
  };
  const read = (proto: object, prop: string) => {
    const d = Object.getOwnPropertyDescriptor(proto, prop);
    if (d?.get) {
      const get = Reflect.get(d, 'get') as (this: Element) => unknown;
      Object.defineProperty(proto, prop, {
        ...d,
        get(this: Element): unknown {
          bump('reads');
          return get.call(this);
        },
      });
    } else if (typeof d?.value === 'function') {
      const fn = d.value as (...a: unknown[]) => unknown;
      Object.defineProperty(proto, prop, {
        ...d,
        value(this: Element, ...a: unknown[]) {
          bump('reads');
          return fn.apply(this, a);
        },
      });
    }
  };
  for (const p of ['offsetWidth', 'offsetHeight', 'offsetTop', 'offsetLeft', 'innerText'])
    read(HTMLElement.prototype, p);
  for (const p of [
    'clientWidth',
    'clientHeight',
    'scrollWidth',
    'scrollHeight',
    'getBoundingClientRect',
    'getClientRects',
  ])
    read(Element.prototype, p);
  const exec = Object.getOwnPropertyDescriptor(RegExp.prototype, 'exec')?.value as (
    this: RegExp,
    s: string,
  ) => RegExpExecArray | null;
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    bump('matches');
    return exec.call(this, s);
  };
  window.addEventListener(
    'keydown',
    () => {
      w.__inPress = true;
      requestAnimationFrame(() => (w.__inPress = false));
    },
    true,
  );
}

/** Calls of functions named `name` since the last take (V8's precise coverage resets its counts on each take). */
async function calls(cdp: CDPSession, name: string): Promise<number> {
  const { result } = await cdp.send('Profiler.takePreciseCoverage');
  return result
    .flatMap((script) => script.functions)
    .filter((f) => f.functionName === name)
    .reduce((sum, f) => sum + (f.ranges[0]?.count ?? 0), 0);
}

/** Waits for `n` idle periods in a row: what the deck does in idle time (one piece a callback) has run. */
const idle = (page: Page, n = 20) =>
  page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        let left = count;
        const tick = () => (--left <= 0 ? done() : requestIdleCallback(tick, { timeout: 500 }));
        requestIdleCallback(tick, { timeout: 500 });
      }),
    n,
  );

async function press(page: Page, cdp: CDPSession): Promise<PressWork & { at: string; runs: number }> {
  await page.evaluate(() => {
    (window as unknown as { __press: PressWork }).__press = { updates: {}, reads: {}, early: {}, matches: {} };
  });
  await calls(cdp, '_run_once');
  await page.keyboard.press('PageDown');
  await settle(page);
  const runs = await calls(cdp, '_run_once');
  const work = await page.evaluate(() => {
    const d = (window as unknown as { deck: { getCurrentSlide(): HTMLElement; getIndices(): { f?: number } } }).deck;
    return {
      ...(window as unknown as { __press: PressWork }).__press,
      at: `${d.getCurrentSlide().id}/${d.getIndices().f ?? -1}`,
    };
  });
  return { ...work, runs };
}

for (const from of WALKS) {
  test(`a press through ${from}'s steps does the work of its step only`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.addInitScript(instrument);
    await gotoSlide(page, from, { query: 'present&plan=workshop' });
    await page.locator('.reveal').click({ position: { x: 5, y: 5 } });
    await settle(page);
    await idle(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const seen: string[] = [];
    const more = () =>
      page.evaluate(
        () =>
          (window as unknown as { deck: { availableFragments(): { next: boolean } } }).deck.availableFragments().next,
      );
    while (await more()) {
      const work = await press(page, cdp);
      const updates = Object.values(work.updates).reduce((s, n) => s + n, 0);
      const reads = Object.entries(work.reads).filter(([tag]) => !KNOWN_READS.has(tag));
      seen.push(`${work.at}: ${updates} updates ${JSON.stringify(work.updates)}`);
      expect(reads, `layout read inside an update, press to ${work.at}`).toEqual([]);
      expect(work.early, `layout read before an element renders, press to ${work.at}`).toEqual({});
      expect(work.matches['hsw-code'] ?? 0, `highlighting again, press to ${work.at}`).toBe(0);
      expect(work.runs, `asyncio runs simulated, press to ${work.at}`).toBe(0);
      expect(updates, `Lit updates, press to ${work.at}: ${JSON.stringify(work.updates)}`).toBeLessThanOrEqual(
        MAX_UPDATES,
      );
    }
    expect(seen.length, 'steps walked').toBeGreaterThan(1);
    test.info().annotations.push({ type: 'presses', description: seen.join('\n') });
  });
}
