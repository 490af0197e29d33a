import { describe, expect, it } from 'vitest';
import { slides } from '../../slides/index.ts';
import { speakerSteps, type SlideDef, type SlideTextDef } from '../../slides/types.ts';
import type { Block } from '../../lib/text.ts';
import { planFor } from '../../slides/plans.ts';
import { planText } from '../../src/plan-text.ts';

/**
 * The speaker notes follow the clicker (#36, item 6): one spoken paragraph per step of the slide's speaker sequence,
 * notes[i] said while step i is on screen, so the speaker view can light the current one and show the next. What is
 * said, not read: no code identifiers, no keyboard help; provenance (which test or probe checks a figure, where it
 * was measured) goes in the notes' `appendix`.
 */
const slideTexts = import.meta.glob<SlideTextDef>('../../slides/text/*.ts', { import: 'default', eager: true });
const textOf = (id: string): SlideTextDef => {
  const t = slideTexts[`../../slides/text/${id}.ts`];
  if (!t) throw new Error(`no text for ${id}`);
  return t;
};
const LANGS = ['en', 'ru'] as const;

/** A step is about 25 s of talk: up to about 60 spoken words, and as much again to open the slide. */
const WORDS_PER_STEP = 60;
const WORDS_TO_OPEN = 80;

const WORDS_PER_MINUTE = 130;
const PLAN_MINUTES = { min: 35, max: 45 } as const;

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

/** Keyboard help belongs to the deck's help, not to what the speaker says. */
const KEYBOARD =
  /PageDown|PageUp|\bEsc\b|\bTab\b|\bkeyboard\b|\barrow keys?\b|\bpress(es)? (the )?[A-Z]\b|клавиш|нажмите [A-Z]|\bпробел\b|[←→]/u;
/**
 * Code read aloud: a backticked identifier, a snake_case or dotted name, a call, an assignment, a command-line flag.
 * io_uring is the one snake_case word said as a name (the kernel's interface, as everyone calls it).
 */
const CODE = /`|\b(?!io_uring\b)[A-Za-z]+_\w+|\w\(|\b[a-z]\w*\.[a-z_]\w*\b|\w\s?=\s?\w|\s--?[a-z]/u;

describe('speaker notes follow the clicker', () => {
  const stepsOf = (slide: SlideDef): number => speakerSteps(slide);

  for (const slide of slides) {
    it(`${slide.id}: one spoken paragraph per step, in each language`, () => {
      const t = textOf(slide.id);
      for (const lang of LANGS) {
        const notes = t.text[lang].notes;
        expect(notes.length, `${slide.id} (${lang}): notes per step of its sequence`).toBe(stepsOf(slide));
        for (const [i, block] of notes.entries())
          expect(Object.keys(block), `${slide.id} (${lang}) step ${i}: a single paragraph`).toEqual(['p', 'shows']);
      }
    });

    // What each paragraph names that the hall must see at its step (#36): the browser walk finds each string visible
    // on the stage as presented (tests/e2e/legibility.spec.ts, tests/e2e/notes-shown.ts).
    it(`${slide.id}: each paragraph names 1–3 things the stage shows at its step, in each language`, () => {
      const t = textOf(slide.id);
      for (const lang of LANGS) {
        for (const [i, block] of t.text[lang].notes.entries()) {
          const where = `${slide.id} (${lang}) step ${i}`;
          const shows: unknown = (block as { shows?: unknown }).shows;
          expect(Array.isArray(shows), `${where}: a list of what it shows`).toBe(true);
          const list = shows as unknown[];
          expect(list.length, `${where}: 1–3 things it shows`).toBeGreaterThanOrEqual(1);
          expect(list.length, `${where}: 1–3 things it shows`).toBeLessThanOrEqual(3);
          for (const s of list) {
            expect(typeof s, `${where}: a string`).toBe('string');
            const str = s as string;
            expect(str.trim().length, `${where}: “${str}” names something`).toBeGreaterThan(0);
            expect(str.length, `${where}: “${str}” is short`).toBeLessThanOrEqual(60);
          }
        }
      }
    });

    it(`${slide.id}: spoken words, no code, no keyboard help, no provenance`, () => {
      const t = textOf(slide.id);
      for (const lang of LANGS) {
        for (const [i, block] of t.text[lang].notes.entries()) {
          const said = plain([block]);
          expect(said, `${slide.id} (${lang}) step ${i}: no code read aloud`).not.toMatch(CODE);
          expect(said, `${slide.id} (${lang}) step ${i}: no keyboard help`).not.toMatch(KEYBOARD);
          expect(said, `${slide.id} (${lang}) step ${i}: provenance goes in the appendix`).not.toMatch(
            /tests\/|\.test\.ts|\.spec\.ts|\bthe [\w-]+ test\b|тест|https?:|www\./iu,
          );
        }
      }
    });

    const limit = WORDS_TO_OPEN + WORDS_PER_STEP * speakerSteps(slide);
    it(`${slide.id}: at most ${limit} words in each language`, () => {
      for (const lang of LANGS)
        expect(spokenWords(textOf(slide.id).text[lang].notes), `${slide.id} (${lang})`).toBeLessThanOrEqual(limit);
    });
  }

  it(`the 40-minute plan reads in ${PLAN_MINUTES.min}–${PLAN_MINUTES.max} minutes at ${WORDS_PER_MINUTE} words a minute in each language`, () => {
    // The plan as the deck presents it (slides/plans/40.txt): its slides' notes, and each divider's question.
    const plan = planFor('40');
    expect(plan.problems).toEqual([]);
    for (const lang of LANGS) {
      const words = plan.entries.reduce(
        (n, e) =>
          e.kind === 'divider'
            ? n + countWords(planText[lang].questions[e.chapter])
            : e.inPlan
              ? n + spokenWords(textOf(e.id).text[lang].notes)
              : n,
        0,
      );
      expect(words, `${lang}: words of the plan's notes`).toBeGreaterThanOrEqual(PLAN_MINUTES.min * WORDS_PER_MINUTE);
      expect(words, `${lang}: words of the plan's notes`).toBeLessThanOrEqual(PLAN_MINUTES.max * WORDS_PER_MINUTE);
    }
  });
});
