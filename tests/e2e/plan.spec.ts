import type { Page } from '@playwright/test';
import { test, expect, gotoSlide, currentSlide, planUnderTest, settle } from './fixtures.ts';
import { slides } from '../../slides/index.ts';
import type { PlanEntry } from '../../slides/plan.ts';

/**
 * Plans (slides/plan.ts, `?plan=`): the deck presents a plan's slides in its order, each chapter opened by its
 * divider; the slides outside it stay reachable by address and the overview, uncounted; a plan that names an
 * unknown slide says so and goes on without it. Without `?plan=` the deck is the manifest, as it always was.
 */

/** What the clicker walks in a plan: its slides and dividers. */
const walked = (entries: readonly PlanEntry[]) =>
  entries.filter((e) => e.kind === 'divider' || e.inPlan).map((e) => e.id);

type DeckApi = {
  getCurrentSlide(): HTMLElement;
  getTotalSlides(): number;
  getSlidePastCount(): number;
  next(): void;
  availableFragments(): { next: boolean };
  toggleOverview(on: boolean): void;
  isOverview(): boolean;
};

/** The deck's sections in order; those outside the plan (uncounted) marked with a star. */
const sections = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.reveal .slides > section')).map(
      (s) => s.id + (s.dataset['visibility'] === 'uncounted' ? '*' : ''),
    ),
  );

test.describe('plans', () => {
  test('?plan=40 presents exactly its slides in its order, with a divider opening each chapter', async ({ page }) => {
    const plan = planUnderTest('40');
    const ids = walked(plan);
    await gotoSlide(page, 'title', { query: 'plan=40' });
    const all = await sections(page);
    expect(all.filter((id) => !id.endsWith('*'))).toEqual(ids);
    // every slide of the deck is still there: the rest after the plan, uncounted
    expect(all.map((id) => id.replace('*', '')).sort()).toEqual(
      [...slides.map((s) => s.id), ...ids.filter((id) => id.startsWith('chapter-'))].sort(),
    );
    expect(await page.evaluate(() => (window as unknown as { deck: DeckApi }).deck.getTotalSlides())).toBe(ids.length);
    // the clicker walks the plan, slide after divider after slide, to the summary's last step
    const walk = await page.evaluate((last) => {
      const deck = (window as unknown as { deck: DeckApi }).deck;
      const seen: string[] = [];
      let presses = 0;
      for (;;) {
        const id = deck.getCurrentSlide().id;
        if (seen.at(-1) !== id) seen.push(id);
        if ((id === last && !deck.availableFragments().next) || presses > 300) break;
        deck.next();
        presses += 1;
      }
      return { seen, presses };
    }, ids.at(-1));
    expect(walk.seen).toEqual(ids);
    expect(walk.presses).toBeLessThanOrEqual(100);
    // the title's map shows the plan's chapters, each from its divider, with the plan's slides
    await gotoSlide(page, 'title', { query: 'plan=40' });
    const map = currentSlide(page).getByRole('navigation', { name: 'Chapters' });
    const perChapter = (chapter: string) =>
      plan.filter((e) => e.kind === 'slide' && e.inPlan && e.slide.chapter === chapter && !e.slide.bookend).length;
    await expect(map.locator('a.head')).toHaveText([
      new RegExp(`^1\\s*I/O\\s*${perChapter('io')} slides$`),
      new RegExp(`^2\\s*The event loop\\s*${perChapter('event-loop')} slides$`),
      new RegExp(`^3\\s*Python asyncio\\s*${perChapter('asyncio')} slides$`),
      new RegExp(`^4\\s*Green threads\\s*${perChapter('green')} slides$`),
    ]);
    await expect(map.locator('a.head').first()).toHaveAttribute('href', '#/chapter-io');
    // a divider: the chapter's question, big, in the language of the page
    await gotoSlide(page, 'chapter-event-loop', { query: 'plan=40' });
    await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText('Who runs my callback?');
    await expect(currentSlide(page)).toContainText('Chapter 2 · The event loop');
    await gotoSlide(page, 'chapter-event-loop', { query: 'plan=40', lang: 'ru' });
    await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText('Кто вызывает мой колбэк?');
  });

  test('a slide outside the plan is reachable by its address and the overview, and the plan stays as it was', async ({
    page,
  }) => {
    const ids = walked(planUnderTest('40'));
    expect(ids).not.toContain('io-uring');
    await gotoSlide(page, 'io-uring', { query: 'plan=40' });
    await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText(/io_uring/);
    await expect(currentSlide(page).locator('.demo')).toBeVisible();
    await expect(page.locator('.deck-toast')).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { deck: DeckApi }).deck.getTotalSlides())).toBe(ids.length);
    // the overview shows it with the plan's slides; a plan's slide chosen there has its place in the plan
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => (window as unknown as { deck: DeckApi }).deck.isOverview())).toBe(true);
    await expect(page.locator('section#io-uring')).toBeVisible();
    await page.locator('section#comparison').click();
    await expect(page.locator('section#comparison')).toHaveClass(/present/);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { deck: DeckApi }).deck.isOverview()))
      .toBe(false);
    expect(await page.evaluate(() => (window as unknown as { deck: DeckApi }).deck.getSlidePastCount())).toBe(
      ids.indexOf('comparison'),
    );
    await expect(page.locator('.slide-number')).toHaveText(`${ids.indexOf('comparison') + 1} / ${ids.length}`);
  });

  for (const [lang, message, plans] of [
    [
      'en',
      'There is no slide “nope” in this deck: the plan goes on without it.',
      'There is no plan “45” (the plans: 40, 20, workshop; or slide ids separated by commas): here is the full deck.',
    ],
    [
      'ru',
      'Слайда «nope» в презентации нет: план показан без него.',
      'Плана «45» нет (планы: 40, 20, workshop; или идентификаторы слайдов через запятую): показываем презентацию целиком.',
    ],
  ] as const) {
    test(`a plan of one’s own with an unknown id says so and shows the rest; an unknown plan, the full deck (${lang})`, async ({
      page,
    }) => {
      await gotoSlide(page, 'title', { lang, query: 'plan=title,c10k,nope,summary' });
      await expect(page.locator('.deck-toast')).toHaveText(message);
      await expect(page.locator('.deck-toast')).toHaveAttribute('role', 'status');
      expect((await sections(page)).filter((id) => !id.endsWith('*'))).toEqual([
        'title',
        'chapter-io',
        'c10k',
        'summary',
      ]);
      // no blank slide: the title is shown, whole
      await expect(currentSlide(page).getByRole('heading', { level: 2 })).toHaveText(slides[0]!.title[lang]);
      await expect(currentSlide(page).locator('hsw-chapter-map')).toBeVisible();

      await gotoSlide(page, 'c10k', { lang, query: 'plan=45' });
      await expect(page.locator('.deck-toast')).toHaveText(plans);
      expect(await sections(page)).toEqual(slides.map((s) => s.id));
      await settle(page);
    });
  }

  test('without ?plan the deck is the manifest as it always was: no dividers, nothing uncounted', async ({ page }) => {
    await gotoSlide(page, 'c10k');
    expect(await sections(page)).toEqual(slides.map((s) => s.id));
    expect(await page.evaluate(() => (window as unknown as { deck: DeckApi }).deck.getTotalSlides())).toBe(
      slides.length,
    );
  });
});
