import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { readingTest, expect, showSlide, settle, walkingOptions, demoStep, slidesUnderTest } from './fixtures.ts';
import { speakerSteps, type SlideTextDef } from '../../slides/types.ts';
import { findShown } from './notes-shown.ts';

/**
 * Nothing the notes name is closed (#36). The every-step walk of tests/e2e/legibility.spec.ts checks each notes
 * paragraph's `shows` on every slide as the full deck presents it; a plan changes what a slide shows only for the
 * slides that take the deck's chapters or quizzes from the shell (`demo.gets`: the title's chapter map, the summary),
 * so those are walked here under each built-in plan (slides/plans/<name>.txt) as well. And the check itself can fail:
 * a closed disclosure, a hidden string and a string the slide does not have are each reported as such.
 */
const plans = readdirSync(resolve(import.meta.dirname, '../../slides/plans'))
  .filter((f) => f.endsWith('.txt'))
  .map((f) => f.replace(/\.txt$/, ''));

readingTest.use(walkingOptions);

const words = async (id: string): Promise<SlideTextDef> =>
  ((await import(`../../slides/text/${id}.ts`)) as { default: SlideTextDef }).default;

for (const plan of plans)
  for (const lang of ['en', 'ru'] as const)
    for (const slide of slidesUnderTest().filter((s) => s.demo?.gets?.length))
      readingTest(`the notes' words are shown: ${slide.id} (${lang}, ?plan=${plan})`, async ({ sharedPage: page }) => {
        const notes = (await words(slide.id)).text[lang].notes;
        const problems: string[] = [];
        for (let step = 0; step < speakerSteps(slide); step++) {
          await showSlide(page, slide.id, { lang, query: `present&plan=${plan}`, step });
          await expect.poll(() => demoStep(page, slide.id)).toBe(step);
          await settle(page);
          for (const s of await findShown(page, notes[step]!.shows))
            if (s.status !== 'shown')
              problems.push(`${slide.id}/${step} (${lang}): the notes name “${s.text}”: ${s.status} (${s.where})`);
        }
        expect(problems).toEqual([]);
      });

readingTest(
  'the check fails on a closed disclosure, a hidden string and a missing one',
  async ({ sharedPage: page }) => {
    // asyncio-loop, presented, closes its body's disclosure ("More"); the chapter map's questions are on the title.
    await showSlide(page, 'asyncio-loop', { lang: 'en', query: 'present' });
    await expect(page.locator('section#asyncio-loop .slide-body')).toHaveAttribute('aria-busy', 'false');
    await settle(page);
    const closed = 'The loop is an object with three containers';
    expect((await findShown(page, [closed, 'no such words on this slide'])).map((s) => s.status)).toEqual([
      'closed',
      'not found',
    ]);
    await page.locator('section#asyncio-loop .slide-body summary').click();
    await settle(page);
    expect((await findShown(page, [closed]))[0]!.status).toBe('shown');

    await showSlide(page, 'title', { lang: 'en', query: 'present' });
    await settle(page);
    const question = 'Who runs my callback?';
    expect((await findShown(page, [question]))[0]!.status).toBe('shown');
    await page.evaluate(() => {
      const hide = (root: Document | ShadowRoot): void =>
        root.querySelectorAll('*').forEach((el) => {
          if (el.shadowRoot) hide(el.shadowRoot);
          if ([...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.includes('Who runs')))
            (el as HTMLElement).style.visibility = 'hidden';
        });
      hide(document);
    });
    expect((await findShown(page, [question]))[0]!.status).toBe('hidden');
  },
);
