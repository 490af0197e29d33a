import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { makeHandout } from '../../scripts/handout.ts';
import { slides } from '../../slides/index.ts';
import { deckText } from '../../src/deck-text.ts';
import type { Block, SlideTextDef } from '../../slides/types.ts';

/**
 * `npm run handout`: the PDF, read back with pdftotext (Debian's poppler-utils): one page a slide, each with its
 * title in the handout's language; with `--notes`, the slide's notes on the page(s) after it.
 */
const dist = process.env['DIST_DIR'] ?? 'dist';
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Compared without spaces, line breaks and hyphens (pdftotext joins a word hyphenated at a line's end). */
const norm = (s: string) => s.replace(/[\s\-‐‑­]/g, '').toLowerCase();

function pagesOf(pdf: string): string[] {
  const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
  return Array.from({ length: count }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), pdf, '-'], { encoding: 'utf8' }),
  );
}

const firstWords = (block: Block | undefined) => {
  if (block && 'details' in block) return firstWords(block.details[0]);
  const raw = !block ? '' : 'p' in block ? block.p : 'ul' in block ? (block.ul[0] ?? '') : block.code;
  return raw.replace(/`|\*\*/g, '').slice(0, 30);
};

test.describe('the handout (npm run handout)', () => {
  test.skip(
    !hasPdftotext,
    'pdftotext is missing (Debian: apt-get install poppler-utils): the handout is not read back',
  );
  let dir = '';
  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hsw-handout-'));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('English: one page a slide, each with its title', async () => {
    test.setTimeout(200_000);
    const out = join(dir, 'en.pdf');
    await makeHandout({ lang: 'en', notes: false, out, dist });
    const pages = pagesOf(out);
    expect(pages).toHaveLength(slides.length);
    slides.forEach((slide, i) => expect(norm(pages[i] ?? ''), `page ${i + 1}`).toContain(norm(slide.title.en)));
    // The quiz prints with its answer.
    const quiz = slides.findIndex((s) => s.id === 'quiz-busy-wait');
    expect(pages[quiz]).toContain('Answer: 3');
    // Micro- and macrotasks print explained, not as the guess to make (its lines in source order read as the answer).
    const micro = norm(pages[slides.findIndex((s) => s.id === 'micro-macro')] ?? '');
    expect(micro).toContain(norm('The timer is a macrotask, so B is last'));
    expect(micro).not.toContain(norm('Your guess'));
    expect(micro).not.toContain(norm('Check my order'));
  });

  test('Russian with notes: each slide’s page, then its notes in Russian', async () => {
    test.setTimeout(200_000);
    const out = join(dir, 'ru-notes.pdf');
    await makeHandout({ lang: 'ru', notes: true, out, dist });
    const pages = pagesOf(out);
    const label = norm(deckText.ru.speakerNotes);
    // Each slide's page, then its notes page (labelled), then any page its notes ran onto, then the next slide's.
    let at = 0;
    for (const [i, slide] of slides.entries()) {
      expect(norm(pages[at] ?? ''), `${slide.id}'s page`).toContain(norm(slide.title.ru));
      if (slide.id === 'micro-macro') {
        // printed explained (and whole on its page), not as the guess to make
        expect(norm(pages[at] ?? '')).toContain(norm('Таймер — макрозадача, поэтому B последний'));
        expect(norm(pages[at] ?? '')).not.toContain(norm('Ваша догадка'));
      }
      at++;
      const words = ((await import(`../../slides/text/${slide.id}.ts`)) as { default: SlideTextDef }).default;
      expect(norm(pages[at] ?? '').startsWith(label), `${slide.id}'s notes page`).toBe(true);
      expect(norm(pages[at] ?? ''), `${slide.id}'s notes`).toContain(norm(firstWords(words.text.ru.notes[0])));
      at++;
      const next = slides[i + 1];
      while (at < pages.length && next && !norm(pages[at] ?? '').includes(norm(next.title.ru))) at++;
    }
    const overflow = pages.length - 2 * slides.length;
    console.log(`handout with notes: ${pages.length} pages, ${overflow} of them notes running onto a second page`);
    expect(overflow).toBeGreaterThanOrEqual(0);
    // A notes page prints the spoken lines and their appendix (sources and provenance, written to be read): at most
    // a third of the slides' notes run onto a second page.
    expect(overflow).toBeLessThanOrEqual(slides.length / 3);
  });
});
