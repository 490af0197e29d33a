import type { Locator } from '@playwright/test';
import { test, expect, gotoSlide, currentSlide, expectHash } from './fixtures.ts';

const ID = 'summary';
const KEY = 'how-servers-wait:quiz-score';

/** a quiz's row in the score list: two quizzes are called "Check yourself", told apart by their chapter */
const quizRow = (slide: Locator, chapter: string): Locator =>
  slide
    .getByRole('listitem')
    .filter({ has: slide.page().getByRole('link', { name: 'Check yourself' }) })
    .filter({ hasText: chapter });

test.describe('summary slide', () => {
  test('answer quiz-busy-wait in the deck, come back: the score counts it', async ({ page }) => {
    await gotoSlide(page, ID);
    await page.evaluate((k) => localStorage.removeItem(k), KEY);
    await gotoSlide(page, ID);
    let slide = currentSlide(page);
    const score = slide.getByRole('status');
    await expect(score).toHaveText('Your quizzes: 0 of 3 right at the first try · 0 of 3 answered');
    await expect(slide.getByText('You have not answered a quiz yet: open one below.')).toBeVisible();
    // three quizzes, two of them called "Check yourself": the busy-wait one is the event loop chapter's
    const row = quizRow(slide, 'The event loop');
    await expect(row.getByRole('link', { name: 'Check yourself' })).toBeVisible();
    await expect(row).toContainText('— not answered');
    await expect(quizRow(slide, 'Python asyncio')).toContainText('— not answered');
    await expect(slide.getByRole('link', { name: 'Green threads: M tasks on N threads' })).toBeVisible();

    // The quiz's link goes to its slide; answer it there (the server hangs: right).
    await row.getByRole('link', { name: 'Check yourself' }).click();
    await expectHash(page, /^#\/quiz-busy-wait$/);
    slide = currentSlide(page);
    await slide.getByRole('button', { name: /The server hangs/ }).click();
    await expect(slide.getByRole('status').first()).toHaveText('Right!');

    // Back to the summary in the same page: it reads the score again.
    await page.evaluate(() => (window.location.hash = '#/summary'));
    await expect(page.locator('section#summary')).toHaveClass(/present/);
    slide = currentSlide(page);
    await expect(slide.getByRole('status')).toHaveText('Your quizzes: 1 of 3 right at the first try · 1 of 3 answered');
    await expect(slide.getByRole('status')).toHaveAccessibleName('1 right of 3 quizzes; 1 answered');
    await expect(quizRow(slide, 'The event loop')).toContainText('✓ right');
    await expect(quizRow(slide, 'Python asyncio')).toContainText('— not answered');
    await expect(slide.getByText('You have not answered a quiz yet: open one below.')).toHaveCount(0);
  });

  test('a wrong first answer counts as wrong', async ({ page }) => {
    await gotoSlide(page, 'quiz-busy-wait');
    await page.evaluate((k) => localStorage.removeItem(k), KEY);
    await gotoSlide(page, 'quiz-busy-wait');
    await currentSlide(page)
      .getByRole('button', { name: /Nothing bad/ })
      .click();
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await expect(slide.getByRole('status')).toHaveText('Your quizzes: 0 of 3 right at the first try · 1 of 3 answered');
    await expect(quizRow(slide, 'The event loop')).toContainText('✗ wrong');
  });

  test('corrupt storage: a clear message and an empty score, never a blank', async ({ page }) => {
    await gotoSlide(page, ID);
    await page.evaluate((k) => localStorage.setItem(k, '{"version":1,"answers":{"x":'), KEY);
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    await expect(
      slide.getByText(
        'The saved answers could not be read (the stored data is damaged), so the score starts again from zero.',
      ),
    ).toBeVisible();
    await expect(slide.getByRole('status')).toHaveText('Your quizzes: 0 of 3 right at the first try · 0 of 3 answered');
    await expect(slide.getByRole('link', { name: 'Check yourself' })).toHaveCount(2);
  });

  test('links back to each chapter’s first slide', async ({ page }) => {
    await gotoSlide(page, ID);
    const slide = currentSlide(page);
    const nav = slide.getByRole('navigation', { name: 'Back to a chapter' });
    await expect(nav.getByRole('link')).toHaveText([
      '1I/O',
      '2The event loop',
      '3Python asyncio',
      '4Green threads',
      '5In production',
    ]);
    await nav.getByRole('link', { name: 'The event loop' }).click();
    // Reached backwards, reveal shows the slide with its steps done: the hash may name the last one.
    await expectHash(page, /^#\/event-loop(\/\d+)?$/);
    await page.evaluate(() => (window.location.hash = '#/summary'));
    await currentSlide(page)
      .getByRole('navigation', { name: 'Back to a chapter' })
      .getByRole('link', { name: 'I/O' })
      .click();
    await expectHash(page, /^#\/c10k(\/\d+)?$/);
  });

  test('in Russian', async ({ page }) => {
    await gotoSlide(page, ID, { lang: 'ru' });
    await page.evaluate((k) => localStorage.removeItem(k), KEY);
    await gotoSlide(page, ID, { lang: 'ru' });
    const slide = currentSlide(page);
    await expect(slide.getByRole('heading', { name: 'Главное' })).toBeVisible();
    await expect(
      // exact: the speaker's notes (hidden on the slide) end on the same line
      slide.getByText('Асинхронность не ускоряет работу — она позволяет не тратить ресурсы на ожидание.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(slide.getByRole('status')).toHaveText('Ваши ответы: 0 из 3 верно с первой попытки · отвечено 0 из 3');
    await expect(slide.getByRole('navigation', { name: 'Вернуться к главе' }).getByRole('link')).toHaveText([
      '1Ввод-вывод',
      '2Цикл событий',
      '3Python asyncio',
      '4Зелёные потоки',
      '5В продакшене',
    ]);
  });

  test('presented, the picture is the deck’s answer: the title’s questions, each with its answer', async ({ page }) => {
    const questions = [
      'Why not a thread for each connection?',
      'Who runs my callback?',
      'What does await do?',
      'Can we do without async?',
      'What should we measure?',
    ];
    // the title's map asks them, one row a chapter
    await gotoSlide(page, 'title', { query: 'present' });
    await expect(currentSlide(page).locator('hsw-chapter-map p.question')).toHaveText(questions);
    // the summary answers them, and is nothing else: the score and the chapter links are the self-paced view's
    await gotoSlide(page, ID, { query: 'present' });
    const slide = currentSlide(page);
    const rows = slide.getByRole('list', { name: 'Each chapter’s question and its answer' }).getByRole('listitem');
    await expect(rows).toHaveCount(5);
    await expect(rows.locator('.q')).toHaveText(questions);
    await expect(rows.locator('.a')).toHaveText([
      'Costly; epoll waits for all',
      'The loop, one at a time',
      'Pauses a state machine',
      'Yes: the runtime hides it',
      'Loop lag and syscalls',
    ]);
    await expect(slide.getByRole('status')).toHaveCount(0);
    await expect(slide.getByRole('navigation', { name: 'Back to a chapter' })).toHaveCount(0);
    // a question leads back to its chapter
    await rows.getByRole('link', { name: 'Who runs my callback?' }).click();
    await expectHash(page, /^#\/event-loop(\/\d+)?$/);
  });

  test('alone in embed.html, the links open the deck', async ({ page }) => {
    await page.goto('embed.html?slide=summary&lang=en');
    const links = page.getByRole('link', { name: 'Check yourself' });
    await expect(links).toHaveCount(2);
    // two links of one title: their names say which chapter's quiz each is
    await expect(links.nth(0)).toHaveAccessibleName('Check yourself (The event loop)');
    await expect(links.nth(1)).toHaveAccessibleName('Check yourself (Python asyncio)');
    await expect(links.nth(0)).toHaveAttribute('href', './index.html?lang=en#/quiz-busy-wait');
    await expect(links.nth(1)).toHaveAttribute('href', './index.html?lang=en#/quiz-fastapi');
    await expect(links.nth(0)).toHaveAttribute('target', '_blank');
  });
});
