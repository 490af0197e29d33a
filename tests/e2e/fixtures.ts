import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parsePlanText, planEntries, type PlanEntry } from '../../slides/plan.ts';
import { test as base, expect as playwrightExpect, type Page, type Locator } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { slides } from '../../slides/index.ts';

type PollOptions = Exclude<Parameters<typeof playwrightExpect.poll>[1], string | undefined>;

/**
 * Playwright's `expect`, but `expect.poll` looks every 50 ms unless told otherwise. Its own default (100, 250, 500,
 * then every 1,000 ms) sees a condition that comes true at a moment of its own up to a second late: a step's address,
 * which reveal writes 0.9 s after a press, only at 1.85 s.
 */
const poll = ((actual: () => unknown, options?: string | PollOptions) =>
  playwrightExpect.poll(actual, {
    intervals: [50],
    ...(typeof options === 'string' ? { message: options } : options),
  })) as typeof playwrightExpect.poll;
export const expect: typeof playwrightExpect = new Proxy(playwrightExpect, {
  get: (target, key, receiver): unknown => (key === 'poll' ? poll : Reflect.get(target, key, receiver)),
});

/**
 * Every browser test fails on a console error or an uncaught page error: use `test` from here, not from
 * @playwright/test.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * For a spec whose tests only look (they change nothing a later test would see): one page for the tests a worker runs
 * of that file, in place of a browser context and a deck load per test. Move it with `showSlide`. A console error or
 * page error fails the test during which it came, as with `test`.
 */
export const readingTest = base.extend<{ sharedPage: Page }, { sharedPageState: SharedPageState }>({
  sharedPageState: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      const state: SharedPageState = { page: null, file: '', errors: [] };
      await use(state);
      await state.page?.context().close();
    },
    { scope: 'worker' },
  ],
  sharedPage: async ({ browser, sharedPageState: state }, use, testInfo) => {
    if (!state.page || state.page.isClosed() || state.file !== testInfo.file) {
      await state.page?.context().close();
      // Created during the test, so the project's options (base URL, viewport) apply as to the `page` fixture's.
      const page = await (await browser.newContext()).newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') state.errors.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (err) => state.errors.push(`pageerror: ${err.message}`));
      Object.assign(state, { page, file: testInfo.file });
    }
    state.errors.length = 0;
    await use(state.page!);
    expect(state.errors, 'console errors and page errors').toEqual([]);
  },
});

interface SharedPageState {
  page: Page | null;
  file: string;
  errors: string[];
}

/**
 * The slides the every-slide specs walk (a11y, chrome, csp, deck, legibility, narrow, type-scale): all of them, or only
 * those named in `SLIDES=<id>,<id>` (to check the slides one works on quickly; CI names none).
 */
export function slidesUnderTest(): typeof slides {
  const only = (process.env['SLIDES'] ?? '').split(',').filter(Boolean);
  const dividers = planUnderTest('workshop').map((e) => e.id);
  const unknown = only.filter((id) => !slides.some((s) => s.id === id) && !dividers.includes(id));
  if (unknown.length) throw new Error(`SLIDES names no such slide: ${unknown.join(', ')}`);
  return only.length ? slides.filter((s) => only.includes(s.id)) : slides;
}

/**
 * A built-in plan's entries as the deck builds them for `?plan=<name>` (slides/plan.ts), from its file
 * (slides/plans/<name>.txt): the plan's slides with their chapter dividers, then the slides outside it.
 */
export function planUnderTest(name: string): PlanEntry[] {
  const text = readFileSync(resolve(import.meta.dirname, `../../slides/plans/${name}.txt`), 'utf8');
  return planEntries(parsePlanText(text).ids, slides).entries;
}

/** The address's query that shows every chapter divider: the workshop plan (the full deck, each chapter opened). */
export const DIVIDERS_QUERY = 'plan=workshop';

/**
 * The chapter dividers every per-slide check walks besides the slides (shown with `DIVIDERS_QUERY`): all of them, or
 * those that `SLIDES=` names (`SLIDES=chapter-io,c10k`).
 */
export function dividersUnderTest(): { id: string }[] {
  const only = (process.env['SLIDES'] ?? '').split(',').filter(Boolean);
  const dividers = planUnderTest('workshop').filter((e) => e.kind === 'divider');
  return only.length ? dividers.filter((d) => only.includes(d.id)) : dividers;
}

export interface GotoOptions {
  lang?: 'ru' | 'en';
  theme?: 'dark' | 'light';
  /** The demo's speaker-sequence step (0 = none). */
  step?: number;
  query?: string;
}

function slideAddress(id: string, options: GotoOptions): { search: string; hash: string } {
  const params = new URLSearchParams();
  params.set('lang', options.lang ?? 'en');
  if (options.theme) params.set('theme', options.theme);
  const extra = options.query ? `&${options.query}` : '';
  // Speaker-sequence step N is reveal's fragment N - 1.
  const hash = options.step ? `#/${id}/${options.step - 1}` : `#/${id}`;
  return { search: `?${params.toString()}${extra}`, hash };
}

/** Waits until the slide is the current one and its demo's element is defined. */
async function waitForSlide(page: Page, id: string): Promise<void> {
  await expect(page.locator(`section#${id}`)).toHaveClass(/present/);
  // A chapter's divider (slides/plan.ts) has no demo: asked for one, the locator would wait for it to the timeout.
  const demo = page.locator(`section#${id} .demo`);
  const tag = (await demo.count()) ? await demo.evaluate((el) => el.localName).catch(() => null) : null;
  if (tag) await page.waitForFunction((t) => customElements.get(t) !== undefined, tag);
}

/** Opens the deck at a slide and waits until reveal is ready and the slide's demo is defined. */
export async function gotoSlide(page: Page, id: string, options: GotoOptions = {}): Promise<void> {
  const { search, hash } = slideAddress(id, options);
  // A fresh document each time (a hash-only change would not reload the deck); a new page is already blank.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(`index.html${search}${hash}`);
  await page.waitForSelector('html[data-deck-ready="true"]');
  await waitForSlide(page, id);
}

/** The current slide's section: locate controls by role and name inside it. */
export function currentSlide(page: Page): Locator {
  return page.locator('.reveal .slides > section.present');
}

/**
 * Waits for the slide hash to be `#/<id>` (optionally with a fragment index). reveal writes a step's address at most
 * once a second (its location's `replaceState` throttle), so a walk of steps waits about a second a press.
 */
export async function expectHash(page: Page, pattern: RegExp): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(pattern);
}

/**
 * The options of a spec that walks the deck by address (`showSlide`) and reads what a slide shows, not how it moves:
 * `test.use(walkingOptions)`. Under reduced motion the deck moves between slides without reveal's transition (about
 * 0.8 s of frames a slide; src/main.ts): csp, narrow, legibility and type-scale took 43 s in place of 53.
 */
export const walkingOptions = { reducedMotion: 'reduce' } as const;

/**
 * Shows a slide as `gotoSlide` does, but when the page already shows the deck with the same language, theme and query,
 * moves to it by its address within that document (no reload): walking every slide then loads the deck once.
 */
export async function showSlide(page: Page, id: string, options: GotoOptions = {}): Promise<void> {
  const { search, hash } = slideAddress(id, options);
  const here = new URL(page.url());
  const same =
    here.pathname.endsWith('/index.html') &&
    here.search === search &&
    (await page.evaluate(() => document.documentElement.dataset['deckReady'] === 'true').catch(() => false));
  if (!same) return gotoSlide(page, id, options);
  // reveal writes the slide's address late (its `replaceState` throttle: up to a second after a slide change). That
  // write, for the slide being left, can land between this new address and its `hashchange` event, which then reads
  // the old address: reveal stays where it was and the slide never comes (type-scale.spec.ts failed so, once in a
  // loaded CI). So the address is set again until the slide is the current one.
  await expect(async () => {
    await page.evaluate((h) => {
      if (window.location.hash !== h) window.location.hash = h;
    }, hash);
    await expect(page.locator(`section#${id}`)).toHaveClass(/present/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await waitForSlide(page, id);
}

/** The current slide's demo's speaker step, or null when the slide is elsewhere or has no demo. */
export const demoStep = (page: Page, id: string) =>
  page.evaluate((i) => {
    const demo = document.querySelector<HTMLElement & { step?: number }>(
      `.reveal .slides > section.present#${i} .demo`,
    );
    return demo ? (demo.step ?? 0) : null;
  }, id);

/**
 * Waits until the current slide has settled, in place of a fixed pause: the fonts loaded, the slide's words loaded
 * (no `aria-busy="true"`), no chart still loading, every Lit element in it (shadow roots included) updated, nothing
 * in it (elements, text, attributes, sizes) changed over two animation frames, and no animation or transition of
 * finite length still running or waiting for its delay in the document (a chip fading in, a colour changing):
 * contrast measured half-way through a fade is a contrast nobody sees. A slide that keeps moving (an animation
 * playing) is taken as it is after `timeoutMs`; an endless animation is not waited for.
 */
export async function settle(page: Page, timeoutMs = 3_000): Promise<void> {
  await page.evaluate(async (limit) => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const section = () => document.querySelector('.reveal .slides > section.present') ?? document.body;
    const deep = (root: Element): Element[] => {
      const out: Element[] = [];
      const walk = (node: Element | ShadowRoot) => {
        for (const el of Array.from(node.children)) {
          out.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
          walk(el);
        }
      };
      walk(root);
      return out;
    };
    const signature = (root: Element, els: Element[]) => {
      let s = `${root.scrollWidth}x${root.scrollHeight}`;
      for (const el of els) {
        s += `|${el.localName}`;
        for (const a of Array.from(el.attributes)) s += ` ${a.name}=${a.value.length}`;
        for (const n of Array.from(el.childNodes)) if (n.nodeType === Node.TEXT_NODE) s += `:${n.textContent?.length}`;
      }
      return s;
    };
    const busy = (els: Element[]) =>
      els.some(
        (el) =>
          el.getAttribute('aria-busy') === 'true' ||
          (el.classList.contains('loading') && el.checkVisibility({ visibilityProperty: true })),
      );
    // Web Animations, CSS animations and transitions, in shadow roots too: those that will end and have not
    const moving = () =>
      document.getAnimations().some((a) => {
        const t = a.effect?.getComputedTiming();
        return a.playState === 'running' && t !== undefined && Number.isFinite(t.endTime) && (t.progress ?? 0) < 1;
      });
    await document.fonts.ready;
    const deadline = performance.now() + limit;
    let last = '';
    let quiet = 0;
    while (performance.now() < deadline) {
      const root = section();
      let els = deep(root);
      const updates = els.flatMap((el) => {
        const pending = (el as Partial<{ updateComplete: Promise<unknown> }>).updateComplete;
        return pending ? [pending] : [];
      });
      await Promise.all(updates);
      await frame();
      els = deep(root);
      const now = signature(root, els);
      quiet = now === last && !busy(els) && !moving() ? quiet + 1 : 0;
      last = now;
      if (quiet >= 2) return;
    }
  }, timeoutMs);
}

/**
 * axe-core's serious and critical violations inside `include` (a CSS selector), one line each: rule, then the
 * elements. `exclude` leaves a part out (say why where it is used); `every: true` keeps violations of any impact.
 * The one axe filter of the browser tests.
 */
export async function seriousViolations(
  page: Page,
  include: string,
  exclude?: string,
  { every = false }: { every?: boolean } = {},
): Promise<string[]> {
  // axe.run in the page itself ("legacy mode"): the default runs axe.runPartial in each frame and axe.finishRun in a
  // blank page the builder opens for each call, half a second and more a call here. Legacy mode gives up only
  // cross-origin frames (same-origin ones are still read), and no page checked here has one.
  let builder = new AxeBuilder({ page }).setLegacyMode().include(include);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => every || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** No serious or critical axe-core violation in a slide (its section) as it is now, after it settled. */
export async function expectAccessible(page: Page, id: string): Promise<void> {
  await settle(page);
  expect(await seriousViolations(page, `section#${id}`), `${id}: serious accessibility violations`).toEqual([]);
}
