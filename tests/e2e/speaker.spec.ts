import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, gotoSlide, currentSlide, expectHash, planUnderTest } from './fixtures.ts';
import { slides } from '../../slides/index.ts';
import { speakerSteps, type Block } from '../../slides/types.ts';
import { planClicks } from '../../slides/plan.ts';
import eventLoopText from '../../slides/text/event-loop.ts';
import microMacroText from '../../slides/text/micro-macro.ts';

/**
 * The deck's own speaker view (speaker.html), under the Content Security Policy of the built deck: opened by S, it
 * mirrors the deck in two previews, shows the notes and the time, drives the deck with its keys, and paces the talk.
 */
async function openSpeaker(page: Page, context: BrowserContext): Promise<Page> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`),
    );
  });
  const popupPromise = context.waitForEvent('page');
  await page.keyboard.press('s');
  const popup = await popupPromise;
  const errors: string[] = [];
  popup.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  popup.on('pageerror', (e) => errors.push(e.message));
  speakerErrors.set(popup, errors);
  await popup.waitForLoadState();
  return popup;
}

const speakerErrors = new Map<Page, string[]>();
/** Closes the speaker view once it has logged no error (a CSP violation is one). */
async function closeSpeaker(popup: Page): Promise<void> {
  expect(speakerErrors.get(popup), 'the speaker view’s console errors').toEqual([]);
  await popup.close();
}

const index = (id: string) => slides.findIndex((s) => s.id === id);

/** A paragraph of notes as the page shows it: its inline marks (`code`, **strong**) drawn, not typed. */
const spoken = (b: Block | undefined): string => (b && 'p' in b ? b.p.replace(/`|\*\*/g, '') : '');

test.describe('speaker view', () => {
  test('S opens speaker.html under the policy: previews, notes, clock and timer, no “Loading”', async ({
    page,
    context,
  }) => {
    await gotoSlide(page, 'c10k');
    const popup = await openSpeaker(page, context);
    expect(new URL(popup.url()).pathname).toMatch(/\/speaker\.html$/);
    expect(await popup.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toContain(
      "script-src 'self'",
    );
    await expect(popup.locator('.speaker-controls-notes')).toContainText('Dan Kegel');
    await expect(popup.getByText(`Slide 2 of ${slides.length}`)).toBeVisible();
    await expect(popup.locator('#connection-status')).toHaveCount(0);
    const current = popup.frameLocator('#current-slide iframe');
    const upcoming = popup.frameLocator('#upcoming-slide iframe');
    await expect(current.locator('section#c10k')).toHaveClass(/present/);
    // The upcoming preview is one step on: c10k's first speaker step.
    await expect
      .poll(() =>
        popup.locator('#upcoming-slide iframe').evaluate((f: HTMLIFrameElement) => f.contentWindow?.location.hash),
      )
      .toBe('#/c10k/0');
    await expect(upcoming.locator('.deck-chrome')).toBeHidden();
    // The timer runs, and pauses.
    const timer = popup.locator('.timer .value');
    await expect(timer).toHaveText(/^0:0[1-9]$/, { timeout: 5000 });
    await popup.getByRole('button', { name: 'Pause the timer' }).click();
    const frozen = await timer.textContent();
    await popup.waitForTimeout(1500);
    await expect(timer).toHaveText(frozen ?? '');
    await popup.getByRole('button', { name: 'Resume the timer' }).click();
    await popup.getByRole('button', { name: 'Reset the timer' }).click();
    await expect(timer).toHaveText(/^0:0[0-2]$/);
    await expect(popup.locator('.clock .value')).toHaveText(/\d{1,2}:\d{2}/);
    await closeSpeaker(popup);
  });

  test('keys pressed in the speaker view move the deck; the deck’s moves move the previews', async ({
    page,
    context,
  }) => {
    await gotoSlide(page, 'title');
    const popup = await openSpeaker(page, context);
    const current = popup.frameLocator('#current-slide iframe');
    await expect(current.locator('section#title')).toHaveClass(/present/);
    await popup.locator('.speaker-controls-notes').click();
    await popup.keyboard.press('PageDown');
    await expectHash(page, /^#\/c10k$/);
    await popup.keyboard.press('ArrowRight');
    await expectHash(page, /^#\/c10k\/0$/);
    await expect(currentSlide(page)).toHaveAttribute('id', 'c10k');
    await popup.keyboard.press('PageUp');
    await popup.keyboard.press('PageUp');
    await expectHash(page, /^#\/title$/);
    // And the other way: the deck moves, the speaker view follows, notes included.
    await page.evaluate(
      (i) => (window as unknown as { deck: { slide(h: number): void } }).deck.slide(i),
      index('nonblocking'),
    );
    await expect(current.locator('section#nonblocking')).toHaveClass(/present/);
    await expect(popup.getByText(`Slide ${index('nonblocking') + 1} of ${slides.length}`)).toBeVisible();
    await expect(popup.locator('.speaker-controls-notes .value')).not.toContainText('loading');
    await closeSpeaker(popup);
  });

  test('Q and R pressed in the speaker view reach the projected quiz', async ({ page, context }) => {
    await gotoSlide(page, 'quiz-busy-wait');
    const popup = await openSpeaker(page, context);
    const copy = popup.frameLocator('#current-slide iframe').locator('section#quiz-busy-wait');
    // presenting (the speaker view is connected): the projected quiz and the copy are in presenter mode by themselves
    const status = currentSlide(page).getByRole('status').first();
    await expect(copy.getByRole('status').first()).toHaveText('Hands up: which one?');
    await expect(status).toHaveText('Think, then vote by hand.');
    await popup.locator('.speaker-controls-notes').click();
    await popup.keyboard.press('q');
    await expect(status).toHaveText('Choose with a click or the keys 1–4.');
    await popup.keyboard.press('q');
    await expect(status).toHaveText('Think, then vote by hand.');
    await popup.keyboard.press('r');
    // presented, the reveal is a picture (issue #36): the right choice is marked, the status line says nothing more
    const projected = currentSlide(page);
    await expect(projected.getByRole('button', { name: /whole server hangs/ })).toContainText('right answer');
    await expect(projected.getByRole('status').first()).toHaveText('');
    await closeSpeaker(popup);
  });

  test('pacing: ?minutes= gives ahead or behind per slide; a bad value is refused with a message', async ({
    page,
    context,
  }) => {
    // As many minutes as slides: a minute each. Opened on slide 7, the talk is planned to be 6 minutes in.
    await gotoSlide(page, slides[6]!.id, { query: `minutes=${slides.length}` });
    const popup = await openSpeaker(page, context);
    await expect(popup.getByText(/^Ahead by 5:5\d|^Ahead by 6:00/)).toBeVisible();
    await expect(popup.getByText(`Planned to be here at 6:00 of ${slides.length}:00`)).toBeVisible();
    await expect(popup.getByRole('spinbutton', { name: 'Planned length, minutes' })).toHaveValue(String(slides.length));
    await closeSpeaker(popup);

    await gotoSlide(page, 'title', { query: 'minutes=abc' });
    const second = await openSpeaker(page, context);
    await expect(second.getByRole('alert')).toHaveText('“abc” is not a length in minutes (1 to 600); it was ignored.');
    // A value typed here is checked the same way, and a good one is kept.
    const input = second.getByRole('spinbutton', { name: 'Planned length, minutes' });
    await input.fill('0');
    await input.press('Enter');
    await expect(second.getByRole('alert')).toContainText('“0” is not a length in minutes');
    await input.fill('45');
    await input.press('Enter');
    await expect(second.getByRole('alert')).toHaveCount(0);
    await expect(second.getByText('On time')).toBeVisible();
    await closeSpeaker(second);
    // Kept in localStorage: the next speaker view, without ?minutes=, has it.
    await gotoSlide(page, 'title');
    const third = await openSpeaker(page, context);
    await expect(third.getByRole('spinbutton', { name: 'Planned length, minutes' })).toHaveValue('45');
    await expect(third.getByText('On time')).toBeVisible();
    await closeSpeaker(third);
  });

  test('in Russian, with its layouts', async ({ page, context }) => {
    // as many minutes as slides: a minute each; on slide 2 the talk is planned to be a minute in
    await gotoSlide(page, 'c10k', { lang: 'ru', query: `minutes=${slides.length}` });
    const popup = await openSpeaker(page, context);
    await expect(popup.getByText(`Слайд 2 из ${slides.length}`)).toBeVisible();
    await expect(popup.getByText(/^Опережаете на (0:5\d|1:00)/)).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Остановить таймер' })).toBeVisible();
    const layout = popup.getByRole('combobox', { name: 'Раскладка' });
    await layout.selectOption({ label: 'Только заметки' });
    await expect(popup.locator('#current-slide')).toBeHidden();
    await expect(popup.locator('.speaker-controls-notes')).toContainText('Кегел');
    await layout.selectOption({ label: 'Широкая' });
    await expect(popup.locator('#current-slide')).toBeVisible();
    await closeSpeaker(popup);
  });

  test('the notes follow the clicker: the current step’s paragraph is marked, the next shown', async ({
    page,
    context,
  }) => {
    // The notes' contract (slides/types.ts): notes[i] is what is said at speaker step i.
    const notes = eventLoopText.text.en.notes;
    const steps = speakerSteps(slides[index('event-loop')]!);
    await gotoSlide(page, 'event-loop', { step: 3 });
    const popup = await openSpeaker(page, context);
    const current = popup.locator('.note-step.current');
    await expect(current).toHaveAttribute('aria-current', 'step');
    await expect(current).toHaveAttribute('data-step', '3');
    await expect(current).toContainText(`Now · step 4 of ${notes.length}`);
    await expect(current).toContainText(spoken(notes[3]));
    await expect(popup.locator('.note-step.next')).toContainText(spoken(notes[4]));
    await expect(popup.locator('[aria-current="step"]')).toHaveCount(1);
    // the clicker moves on in the deck: the mark follows
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAttribute('data-step', '4');
    await expect(current).toContainText(spoken(notes[4]));
    // at the slide's last step, the next slide's first paragraph
    for (let s = 5; s < steps; s++) await page.keyboard.press('ArrowRight');
    await expect(current).toHaveAttribute('data-step', String(steps - 1));
    const next = popup.locator('.next-slide');
    await expect(next).toContainText(`Next slide: ${slides[index('micro-macro')]!.title.en}`);
    await expect(next).toContainText(spoken(microMacroText.text.en.notes[0]));
    await closeSpeaker(popup);
  });

  test('the plan: shown and chosen in the speaker view, its slides counted and its length the pacing’s', async ({
    page,
    context,
  }) => {
    const entries = planUnderTest('40');
    const shown = entries.filter((e) => e.kind === 'divider' || e.inPlan);
    const clicks = planClicks({ name: '40', entries, problems: [] }, speakerSteps);
    await gotoSlide(page, 'c10k', { query: 'plan=40' });
    const popup = await openSpeaker(page, context);
    await expect(popup.getByRole('combobox', { name: 'Plan' })).toHaveValue('40');
    await expect(popup.locator('.plan-summary')).toHaveText(
      `${shown.filter((e) => e.kind === 'slide').length} slides · ${clicks} clicks`,
    );
    await expect(
      popup.getByText(`Slide ${shown.findIndex((e) => e.id === 'c10k') + 1} of ${shown.length}`),
    ).toBeVisible();
    await expect(popup.getByRole('spinbutton', { name: 'Planned length, minutes' })).toHaveValue('40');
    // the minutes shared by clicker steps: before c10k, the title (1 step) and the divider (1), of clicks + 1 shares
    const before = Math.floor((2 / (clicks + 1)) * 40 * 60);
    await expect(popup.getByText(`Planned to be here at 0:${String(before).padStart(2, '0')} of 40:00`)).toBeVisible();
    // the previews present the same plan
    await expect(popup.frameLocator('#current-slide iframe').locator('section.present')).toHaveId('c10k');
    expect(await popup.locator('#current-slide iframe').getAttribute('src')).toContain('plan=40');
    // a divider's notes are its question
    await page.keyboard.press('PageUp');
    await expect(popup.locator('.speaker-controls-notes .value')).toHaveText(
      'Chapter 1 · I/O: Why not a thread for each connection?',
    );
    // a slide outside the plan: reachable, and the pacing says it does not count it
    await page.evaluate(() => (window.location.hash = '#/io-uring'));
    await expect(
      popup.getByText('This slide is outside the plan: the pacing counts the plan’s slides only.'),
    ).toBeVisible();
    await expect(popup.getByText('Current slide · outside the plan')).toBeVisible();
    // another plan chosen here: the deck opens again with it, at its start, and the speaker view follows
    await popup.getByRole('combobox', { name: 'Plan' }).selectOption({ label: '20 minutes' });
    await expect.poll(() => new URL(page.url()).searchParams.get('plan')).toBe('20');
    await page.waitForSelector('html[data-deck-ready="true"]');
    const twenty = planUnderTest('20').filter((e) => e.kind === 'divider' || e.inPlan);
    await expect(popup.getByText(`Slide 1 of ${twenty.length}`)).toBeVisible();
    await expect(popup.getByRole('spinbutton', { name: 'Planned length, minutes' })).toHaveValue('20');
    await closeSpeaker(popup);
  });

  test('speaker.html opened without a deck says how to open it', async ({ page }) => {
    await page.goto('speaker.html?lang=en');
    await expect(page.getByRole('status')).toContainText('press S there', { timeout: 5000 });
  });
});
