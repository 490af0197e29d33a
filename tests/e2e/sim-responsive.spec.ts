import type { Locator, Page } from '@playwright/test';
import { test, expect, gotoSlide, currentSlide } from './fixtures.ts';

/**
 * "Your code" on the micro-macro slide runs in a Web Worker (components/shared/sim-runner/): the page answers while
 * a long snippet is simulated, a run past its time budget ends with a message, a new Run or Stop cancels, and an
 * empty snippet gets "nothing to run".
 */

/** 250 file reads, timers and immediates: tens of seconds of simulation (timing exploration re-runs it). */
const LONG = `const fs = require('fs');
for (let i = 0; i < 250; i++) {
  fs.readFile(__filename, () => console.log('r' + i));
  setTimeout(() => console.log('t' + i), 0);
  setImmediate(() => console.log('i' + i));
}`;

async function openYourCode(page: Page, lang: 'en' | 'ru' = 'en'): Promise<Locator> {
  await gotoSlide(page, 'micro-macro', { lang });
  const slide = currentSlide(page);
  await slide.getByRole('combobox', { name: lang === 'en' ? 'Example' : 'Пример' }).selectOption('custom');
  return slide;
}

/** The test hook the shell would use: the demo's time budget, as a property. */
async function setBudget(page: Page, ms: number): Promise<void> {
  await page.locator('hsw-micro-macro').evaluate((el, v) => {
    (el as HTMLElement & { budgetMs: number }).budgetMs = v;
  }, ms);
}

/** Long tasks on the page's thread (PerformanceObserver 'longtask': the browser's own record of > 50 ms tasks). */
async function watchLongTasks(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
  return () => page.evaluate(() => (window as unknown as { __long: number[] }).__long);
}

test.describe('your code off the page’s thread', () => {
  test('while a long snippet is simulated the page answers: language, a frame, Stop', async ({ page }) => {
    const slide = await openYourCode(page);
    await setBudget(page, 120_000);
    await slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' }).fill(LONG);
    const longTasks = await watchLongTasks(page);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    const status = slide.locator('.job.running');
    await expect(status).toContainText('Simulating…');
    await expect(status).toContainText('runs beside the page');
    // frames are painted while it runs: 30 of them, one after another
    const frames = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let n = 0;
          const tick = () => (++n === 30 ? resolve(n) : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
    );
    expect(frames).toBe(30);
    // … and no task held the page's thread for long meanwhile (a fact the browser records, not a clock of ours)
    expect((await longTasks()).filter((d) => d > 200)).toEqual([]);
    await expect(status).toBeVisible();
    // the deck's language button answers, and the demo re-renders in Russian while the run goes on
    await page.getByRole('button', { name: 'Switch to Russian' }).click();
    await expect(status).toContainText('Симуляция…');
    await expect(slide.getByRole('button', { name: 'Остановить' })).toBeVisible();
    // the person can still scroll through the examples list and edit the code
    await expect(slide.getByRole('textbox', { name: 'Свой код (подмножество JavaScript)' })).toBeEditable();
    await slide.getByRole('button', { name: 'Остановить' }).click();
    await expect(slide.getByRole('status').filter({ hasText: 'Остановлено' })).toBeVisible();
    await expect(status).toHaveCount(0);
  });

  test('past its time budget the run stops with a message, in both languages; a short run still works', async ({
    page,
  }) => {
    const slide = await openYourCode(page);
    await setBudget(page, 300);
    const editor = slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    await editor.fill(LONG);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    const alert = slide.getByRole('alert');
    await expect(alert).toContainText('The simulation took longer than 0.3 s and was stopped');
    await page.getByRole('button', { name: 'Switch to Russian' }).click();
    await expect(alert).toContainText('Симуляция заняла больше 0,3 с и была остановлена');
    // the next run gets a fresh worker
    await setBudget(page, 20_000);
    await slide
      .getByRole('textbox', { name: 'Свой код (подмножество JavaScript)' })
      .fill("setTimeout(() => console.log('later'), 0);\nconsole.log('now');");
    await slide.getByRole('button', { name: 'Запустить в симуляторе' }).click();
    await expect(slide.getByRole('list', { name: /Ваша догадка/ }).getByRole('listitem')).toHaveCount(2);
  });

  test('a new Run while one is pending replaces it', async ({ page }) => {
    const slide = await openYourCode(page);
    await setBudget(page, 120_000);
    const editor = slide.getByRole('textbox', { name: 'Your code (JavaScript subset)' });
    await editor.fill(LONG);
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await expect(slide.locator('.job.running')).toBeVisible();
    await editor.fill("console.log('a');\nPromise.resolve().then(() => console.log('b'));");
    await slide.getByRole('button', { name: 'Run in the simulator' }).click();
    await expect(slide.getByRole('button', { name: 'Check my order' })).toBeVisible();
    await slide.getByRole('button', { name: 'Skip the guess' }).click();
    await slide.getByRole('button', { name: 'To the end' }).click();
    await expect(slide.getByRole('group', { name: 'Output' }).getByRole('listitem')).toHaveText(['a', 'b']);
  });

  for (const lang of ['en', 'ru'] as const) {
    test(`an empty or comment-only snippet has nothing to run (${lang})`, async ({ page }) => {
      const slide = await openYourCode(page, lang);
      const editor = slide.getByRole('textbox', {
        name: lang === 'en' ? 'Your code (JavaScript subset)' : 'Свой код (подмножество JavaScript)',
      });
      const run = slide.getByRole('button', {
        name: lang === 'en' ? 'Run in the simulator' : 'Запустить в симуляторе',
      });
      const said = lang === 'en' ? 'Nothing to run' : 'Нечего запускать';
      for (const code of ['', '  \n\t', '// just a comment\n/* and another */']) {
        await editor.fill(code);
        await run.click();
        await expect(slide.getByRole('status').filter({ hasText: said })).toBeVisible();
        await expect(
          slide.getByText(lang === 'en' ? 'Press “Run in the simulator”.' : 'Нажмите «Запустить'),
        ).toHaveCount(0);
      }
    });
  }
});
