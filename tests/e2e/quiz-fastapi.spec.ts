import type { ScoreStore } from '../../components/shared/quiz/quiz-model.ts';
import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';
import { walkPresentedOnPhone } from './legibility.ts';
import { slides } from '../../slides/index.ts';
import { speakerSteps } from '../../slides/types.ts';

const KEY = 'how-servers-wait:quiz-score';
const TEN_SECONDS = /About 10 s/;

test.describe('quiz-fastapi', () => {
  test('the question, the answer and its explanation; the score counts it under quiz-fastapi', async ({ page }) => {
    await gotoSlide(page, 'quiz-fastapi');
    await page.evaluate((k) => localStorage.removeItem(k), KEY);
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: /50 requests arrive at once/ })).toBeVisible();
    await expect(slide.getByText('requests.get(RATES_URL)')).toBeVisible();
    const status = slide.getByRole('status').first();
    await expect(status).toHaveText('Choose with a click or the keys 1–4.');

    await slide.getByRole('button', { name: /About 400 ms/ }).click();
    await expect(status).toHaveText('Not quite. The right answer is 2.');
    await expect(slide.getByRole('button', { name: TEN_SECONDS })).toContainText('right answer');
    await expect(slide.getByRole('heading', { name: 'Why' })).toBeVisible();
    await expect(
      slide.getByText(/FastAPI runs the handler in its thread pool itself \(40 threads by default\)/),
    ).toBeVisible();
    await expect(
      slide.getByRole('region', { name: 'Quiz' }).getByText('await httpx.AsyncClient().get(...)'),
    ).toBeVisible();
    const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as ScoreStore | null, KEY);
    expect(stored?.answers['quiz-fastapi']).toEqual({ choice: 2, correct: false, attempts: 1 });

    await slide.getByRole('button', { name: 'Try again' }).click();
    await page.locator('.reveal').focus();
    await page.keyboard.press('2');
    await expect(status).toHaveText('Right!');
    await expectHash(page, /^#\/quiz-fastapi$/);
  });

  test('after the answer: the three handler kinds against the number of requests and the latency', async ({ page }) => {
    await gotoSlide(page, 'quiz-fastapi');
    const slide = currentSlide(page);
    await slide.getByRole('button', { name: TEN_SECONDS }).click();
    await slide.getByRole('button', { name: 'Three handlers, side by side' }).click();
    const row = (kind: string) => slide.locator(`[data-kind="${kind}"] .value`);
    await expect(row('async_blocking')).toHaveText('last answered at 10 s');
    await expect(row('def_pool')).toHaveText('last answered at 400 ms');
    await expect(row('async_client')).toHaveText('last answered at 200 ms');
    await expect(slide.getByRole('img', { name: /async def with requests.get at 10 s/ })).toBeVisible();

    // a focused slider keeps its keys
    const requests = slide.getByRole('slider', { name: 'Requests at once' });
    await requests.focus();
    await page.keyboard.press('End');
    await expect(requests).toHaveAttribute('aria-valuetext', '200');
    await expectHash(page, /^#\/quiz-fastapi$/);
    await expect(row('async_blocking')).toHaveText('last answered at 40 s');
    await expect(row('def_pool')).toHaveText('last answered at 1 s');
    await expect(row('async_client')).toHaveText('last answered at 200 ms');

    for (let i = 0; i < 160; i++) await page.keyboard.press('ArrowLeft');
    await expect(requests).toHaveAttribute('aria-valuetext', '40');
    await expect(row('def_pool')).toHaveText('last answered at 200 ms');

    await slide.getByRole('button', { name: 'Why' }).click();
    await expect(slide.getByRole('heading', { name: 'Why' })).toBeVisible();
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, 'quiz-fastapi', { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: /Одновременно пришло 50 запросов/ })).toBeVisible();
    // the listing's comment in Russian too
    await expect(slide.locator('hsw-code').first()).toContainText('# 200 мс');
    await expect(slide.locator('hsw-code').first()).not.toContainText('# 200 ms');
    await slide.getByRole('button', { name: /Около 10 с/ }).click();
    await expect(slide.getByRole('status').first()).toHaveText('Верно!');
    await slide.getByRole('button', { name: 'Три обработчика рядом' }).click();
    await expect(slide.locator('[data-kind="def_pool"] .value')).toHaveText('последний ответ в 400 мс');
    await expect(slide.getByRole('slider', { name: 'Задержка API курсов' })).toHaveAttribute(
      'aria-valuetext',
      '200 мс',
    );
  });

  test('presented on a phone, every step in both languages: every text whole on the screen, no word cut', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const slide = slides.find((s) => s.id === 'quiz-fastapi')!;
    expect(await walkPresentedOnPhone(page, slide.id, speakerSteps(slide))).toEqual({});
    // one column, as in the self-paced view: the choices under the question, not squeezed beside it
    await gotoSlide(page, slide.id, { query: 'present' });
    const question = (await currentSlide(page).locator('.question').boundingBox())!;
    const answers = (await currentSlide(page).locator('.answers').boundingBox())!;
    expect(answers.y).toBeGreaterThanOrEqual(question.y + question.height - 1);
  });
});
