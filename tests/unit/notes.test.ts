import { describe, expect, it } from 'vitest';
import { slides } from '../../slides/index.ts';
import { speakerSteps, type SlideTextDef } from '../../slides/types.ts';
import type { Block } from '../../lib/text.ts';

/**
 * The speaker notes are a talk of about 40 minutes at one or two spoken lines a step (#21): what is said, not read.
 * Provenance (which test or probe checks a figure, where it was measured) goes in the notes' `appendix`.
 */
const slideTexts = import.meta.glob<SlideTextDef>('../../slides/text/*.ts', { import: 'default', eager: true });
const textOf = (id: string): SlideTextDef => {
  const t = slideTexts[`../../slides/text/${id}.ts`];
  if (!t) throw new Error(`no text for ${id}`);
  return t;
};

/** Two spoken lines of about 20 words a step, and as much again to open the slide. */
const WORDS_PER_STEP = 40;
const WORDS_TO_OPEN = 40;
/** 40 minutes at about 140 words a minute in English, 120 in Russian (its words are longer). */
const TALK_WORDS = { en: 5600, ru: 4800 } as const;

const countWords = (s: string): number => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
function spokenWords(blocks: readonly Block[]): number {
  let n = 0;
  for (const b of blocks) {
    if ('p' in b) n += countWords(b.p);
    else if ('ul' in b) n += b.ul.reduce((m, li) => m + countWords(li), 0);
    else if ('details' in b) n += spokenWords(b.details);
  }
  return n;
}
const plain = (blocks: readonly Block[]): string =>
  blocks.map((b) => ('p' in b ? b.p : 'ul' in b ? b.ul.join(' ') : 'details' in b ? plain(b.details) : '')).join(' ');

/** Slides whose notes are still the long self-paced kind (each is expected to fail; remove it once trimmed). */
const KNOWN_LONG = new Set<string>([]);

describe('speaker notes are spoken lines', () => {
  for (const slide of slides) {
    const limit = WORDS_TO_OPEN + WORDS_PER_STEP * speakerSteps(slide);
    const check = KNOWN_LONG.has(slide.id) ? it.fails : it;
    check(`${slide.id}: at most ${limit} words in each language, and no test files named`, () => {
      const t = textOf(slide.id);
      for (const lang of ['en', 'ru'] as const) {
        const notes = t.text[lang].notes;
        expect(spokenWords(notes), `${slide.id} (${lang}) notes' words`).toBeLessThanOrEqual(limit);
        expect(plain(notes), `${slide.id} (${lang}): provenance goes in the appendix`).not.toMatch(
          /tests\/|\.test\.ts|\.spec\.ts|\bthe [`\w-]+ test\b|тест/iu,
        );
      }
    });
  }

  it('add up to a talk of about 40 minutes', () => {
    const known = slides.filter((s) => KNOWN_LONG.has(s.id)).length;
    for (const lang of ['en', 'ru'] as const) {
      const total = slides.reduce((n, s) => n + spokenWords(textOf(s.id).text[lang].notes), 0);
      // Checked once no slide is left in KNOWN_LONG; until then it says how far the talk is.
      if (known === 0) expect(total, `${lang}: words of all the notes`).toBeLessThanOrEqual(TALK_WORDS[lang]);
      else expect(total).toBeGreaterThan(0);
    }
  });

  it('the known-long list names only slides of the deck', () => {
    const ids = new Set(slides.map((s) => s.id));
    expect([...KNOWN_LONG].filter((id) => !ids.has(id))).toEqual([]);
  });
});
