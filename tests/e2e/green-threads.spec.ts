import type { ScoreStore } from '../../components/shared/quiz/quiz-model.ts';
import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';
import { walkPresentedOnPhone } from './legibility.ts';
import { slides } from '../../slides/index.ts';
import { speakerSteps } from '../../slides/types.ts';

const KEY = 'how-servers-wait:quiz-score';

test.describe('green-threads', () => {
  test('the speaker sequence: Go hands its P on, preempts a loop; Java unmounts, then pins; Erlang counts reductions', async ({
    page,
  }) => {
    await gotoSlide(page, 'green-threads');
    const slide = currentSlide(page);
    const caption = slide.locator('[data-figure="caption"]');
    const threads = slide.locator('[data-figure="os-threads"]');
    await expect(caption).toContainText('G1 runs on the first thread; next: blocking syscall');
    await expect(threads).toHaveText('OS threads: 4');
    await expect(slide.getByRole('radio', { name: 'Go' })).toBeChecked();
    await expect(slide.getByRole('slider', { name: 'Ps, Go’s processors (GOMAXPROCS)' })).toHaveAttribute(
      'aria-valuetext',
      '4',
    );
    await expect(slide.locator('[data-figure="os-thread-compare"]')).toHaveText(
      'as 10,000 OS threads: 78 GB of address space reserved for stacks (8 MB each), 81 MB resident (8.3 KB each, measured)',
    );

    await page.locator('.reveal').focus();
    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/green-threads\/0$/);
    await expect(caption).toContainText(
      '20 µs later sysmon hands P1 to another OS thread, M5, which runs G5. M1 stays in the kernel with G1',
    );
    await expect(threads).toHaveText('OS threads: 5');
    await expect(slide.getByRole('listitem').filter({ hasText: 'M1 · no P' })).toContainText('blocked in the kernel');
    await expect(slide.getByRole('listitem').filter({ hasText: 'M5 · P1' })).toContainText('G5');

    await page.keyboard.press('PageDown');
    await expect(caption).toContainText('After 10 ms sysmon preempts G1');
    await expect(slide.locator('[data-figure="measured"]')).toContainText('at most 20.3 ms between turns');

    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('radio', { name: 'Java 21+' })).toBeChecked();
    await expect(caption).toContainText('V1 reads a socket with no data');
    await expect(caption).toContainText('Carrier 1 takes V5');
    await expect(slide.locator('[data-figure="parked"]')).toContainText('V1');

    await page.keyboard.press('PageDown');
    await expect(slide.getByRole('radio', { name: 'synchronized + I/O' })).toBeChecked();
    await expect(caption).toContainText('It pins carrier 1, which blocks in the kernel: 3 carriers are left');
    await expect(slide.getByRole('listitem').filter({ hasText: 'carrier 1' })).toContainText('pinned');

    await page.keyboard.press('PageDown');
    await expectHash(page, /^#\/green-threads\/4$/);
    await expect(slide.getByRole('radio', { name: 'Erlang/Elixir' })).toBeChecked();
    await expect(caption).toContainText('After 4,000, P1 is switched out to the end of the run queue and P5 runs');
    await expect(slide.locator('[data-figure="reductions"]')).toHaveText('reductions left in the slice: 0');
    await expect(slide.locator('[data-figure="memory"]')).toContainText('per process, with its own heap: 2,640 B');
  });

  test('runtime, action, step buttons and sliders change what a person reads', async ({ page }) => {
    await gotoSlide(page, 'green-threads');
    const slide = currentSlide(page);
    const caption = slide.locator('[data-figure="caption"]');
    await expect(slide.locator('[data-figure="memory-total"]')).toHaveText('10,000 tasks: 25 MB');
    await expect(slide.locator('[data-figure="queue"]')).toContainText('+ 9,986 more');

    // Go has no synchronized; Java has
    await expect(slide.getByRole('radio', { name: 'synchronized + I/O' })).toHaveCount(0);
    await slide.getByRole('radio', { name: 'Java 21+' }).check();
    await slide.getByRole('radio', { name: 'long CPU loop' }).check();
    await slide.getByRole('button', { name: 'Step forward' }).click();
    await expect(caption).toContainText('10 ms, 100 ms, a second: V1 keeps carrier 1');
    await expect(slide.locator('[data-figure="measured"]')).toContainText('JEP 444');

    // fewer tasks than threads: nobody waits, nobody takes over
    await slide.getByRole('radio', { name: 'Go' }).check();
    await slide.getByRole('radio', { name: 'blocking syscall' }).check();
    const tasks = slide.getByRole('slider', { name: 'Goroutines' });
    await tasks.focus();
    await page.keyboard.press('Home');
    await expect(tasks).toHaveAttribute('aria-valuetext', '1');
    await expect(slide.locator('[data-figure="queue"]')).toHaveText('none');
    const step = slide.getByRole('button', { name: 'Step forward' });
    await step.click();
    await step.click();
    await expect(caption).toContainText('No other goroutine waits, so sysmon leaves P1 with M1');
    await expect(slide.locator('[data-figure="os-threads"]')).toHaveText('OS threads: 4');

    const threads = slide.getByRole('slider', { name: 'Ps, Go’s processors (GOMAXPROCS)' });
    await threads.focus();
    await page.keyboard.press('End');
    await expect(threads).toHaveAttribute('aria-valuetext', '8');
    await expect(slide.locator('[data-figure="os-threads"]')).toHaveText('OS threads: 8');

    await expect(slide.getByRole('button', { name: 'Step back' })).toBeDisabled();
  });

  test('predict, then see: the measured answer, kept in the score', async ({ page }) => {
    await gotoSlide(page, 'green-threads');
    await page.evaluate((k) => localStorage.removeItem(k), KEY);
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: 'Predict' }).click();
    await expect(slide.getByRole('heading', { name: /10,000 goroutines blocked on a channel/ })).toBeVisible();
    await expect(slide.getByRole('status')).toHaveText('Choose an answer: then see the measured figure.');
    await slide.getByRole('button', { name: /one per goroutine/ }).click();
    await expect(slide.getByRole('status')).toHaveText('Not quite: the answer is 3.');
    await expect(slide.locator('[data-figure="quiz-explanation"]')).toContainText('Measured here: 4 threads');
    const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as ScoreStore | null, KEY);
    expect(stored?.answers['green-threads-predict']).toEqual({ choice: 0, correct: false, attempts: 1 });
    await slide.getByRole('button', { name: 'Try again' }).click();
    await slide.getByRole('button', { name: /a few/ }).click();
    await expect(slide.getByRole('status')).toHaveText('Right!');
    await slide.getByRole('button', { name: 'Scheduler' }).click();
    await expect(slide.locator('[data-figure="caption"]')).toBeVisible();
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'green-threads', { lang: 'ru', step: 4 });
    const slide = currentSlide(page);
    await expect(slide.locator('[data-figure="caption"]')).toContainText('закрепляет носитель 1');
    await expect(slide.locator('[data-figure="os-threads"]')).toHaveText('Потоков ОС: 4');
    await expect(slide.locator('[data-figure="os-thread-compare"]')).toContainText(
      '78 ГБ адресов зарезервировано под стеки (по 8 МБ), в памяти 81 МБ',
    );
    await expect(slide.getByRole('slider', { name: 'Виртуальных потоков' })).toHaveAttribute(
      'aria-valuetext',
      '10\u00a0000',
    );
  });

  test('presented in Russian: every lane’s name whole, clear of its chip; a lane’s status whole', async ({ page }) => {
    for (const step of [4, 5]) {
      await gotoSlide(page, 'green-threads', { lang: 'ru', query: 'present', step });
      const lanes = currentSlide(page).locator('li.lane');
      await expect(lanes).toHaveCount(4);
      for (const lane of await lanes.all()) {
        const name = lane.locator('.lane-name');
        await expect(name).toHaveText(/^(носитель|планировщик) \d$/);
        // not cut: the name's box holds all of its text, and the chip starts after it
        expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        const nameBox = await name.boundingBox();
        const chipBox = await lane.locator('.chip').boundingBox();
        expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(chipBox!.x);
      }
      const status = lanes.locator('.lane-status');
      for (const s of await status.all())
        expect(await s.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
  });

  test('presented: what moved, in a line; the first task drawn at the back of the queue it was sent to', async ({
    page,
  }) => {
    await gotoSlide(page, 'green-threads', { query: 'present', step: 5 });
    const slide = currentSlide(page);
    await expect(slide.locator('[data-figure="caption"]')).toContainText(
      '4,000 reductions: P1 to the back of the queue, P5 runs.',
    );
    const queue = slide.locator('[data-figure="queue"]');
    await expect(queue.locator('.chip').last()).toHaveText('P1');
    await expect(queue.locator('.more')).toHaveText('+ 9,991 more');
    // the action picker is in the one disclosure, closed
    await expect(slide.getByRole('radio', { name: 'long CPU loop' })).toBeHidden();
  });

  test('presented on a phone, every step in both languages: every text whole on the screen, no word cut', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const slide = slides.find((s) => s.id === 'green-threads')!;
    expect(await walkPresentedOnPhone(page, slide.id, speakerSteps(slide))).toEqual({});
  });
});
