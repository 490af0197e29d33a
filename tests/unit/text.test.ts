import { describe, expect, it } from 'vitest';
import { slides } from '../../slides/index.ts';
import type { Block } from '../../lib/text.ts';
import { shape } from './shape.ts';
import type { SlideTextDef } from '../../slides/types.ts';
import { ruPlural } from '../../lib/i18n.ts';

/** Each slide's words, `slides/text/<id>.ts`. */
const slideTexts = import.meta.glob<SlideTextDef>('../../slides/text/*.ts', { import: 'default', eager: true });
const textOf = (id: string) => slideTexts[`../../slides/text/${id}.ts`];

/** Every text table in the project: `components/<demo>/<demo>-text.ts` and the shell's `src/*-text.ts` (the deck's own, the speaker view's, the plans', the Embed dialog's, the workshop's and the remote's). */
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../components/*/*-text.ts', '../../src/*-text.ts', '../../src/plugins/*-text.ts'],
  { eager: true },
);

function isBilingual(v: unknown): v is { en: unknown; ru: unknown } {
  return !!v && typeof v === 'object' && 'en' in v && 'ru' in v && Object.keys(v).length === 2;
}

describe('text tables', () => {
  const tables = Object.entries(modules).flatMap(([file, mod]) =>
    Object.entries(mod)
      .filter(([, v]) => isBilingual(v))
      .map(([name, v]) => [`${file}#${name}`, v as { en: unknown; ru: unknown }] as const),
  );

  it('exist', () => {
    expect(tables.length).toBeGreaterThanOrEqual(3);
  });

  it.each(tables)('%s has the same keys in Russian and English', (_name, table) => {
    expect(shape(table.ru)).toEqual(shape(table.en));
  });

  it.each(tables)('%s has no empty string in either language', (_name, table) => {
    const empties: string[] = [];
    const walk = (v: unknown, path: string) => {
      if (typeof v === 'string' && v.trim() === '') empties.push(path);
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
    };
    walk(table, '');
    expect(empties).toEqual([]);
  });
});

describe('slides', () => {
  const kinds = (blocks: readonly Block[]) => blocks.map((b) => Object.keys(b).sort().join('+'));

  it('have unique, URL-safe ids', () => {
    const ids = slides.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
  });

  it.each(slides.map((s) => [s.id, s] as const))('%s says the same things in both languages', (_id, slide) => {
    const text = textOf(slide.id)?.text;
    expect(text, `slides/text/${slide.id}.ts`).toBeDefined();
    if (!text) return;
    expect(slide.title.ru.trim()).not.toBe('');
    expect(slide.title.en.trim()).not.toBe('');
    expect(kinds(text.ru.body)).toEqual(kinds(text.en.body));
    expect(kinds(text.ru.notes)).toEqual(kinds(text.en.notes));
    expect(text.ru.notes.length).toBeGreaterThan(0);
  });

  it('start with the title slide and end with the summary', () => {
    expect(slides[0]?.id).toBe('title');
    expect(slides.at(-1)?.id).toBe('summary');
  });
});

describe('slide files', () => {
  const files = import.meta.glob<Record<string, unknown>>(
    ['../../slides/*.ts', '!../../slides/index.ts', '!../../slides/types.ts'],
    { eager: true },
  );

  it('each slide lives in a file named after its id (the embed page loads it by name)', () => {
    for (const s of slides) {
      const mod = files[`../../slides/${s.id}.ts`];
      expect(mod, `slides/${s.id}.ts`).toBeDefined();
      expect(Object.values(mod ?? {})).toContain(s);
    }
  });

  it('each slide has its words in slides/text/<id>.ts, and every text file belongs to a slide', () => {
    const ids = new Set(slides.map((s) => s.id));
    for (const s of slides) expect(textOf(s.id), `slides/text/${s.id}.ts`).toBeDefined();
    for (const file of Object.keys(slideTexts))
      expect(ids.has(file.replace(/^.*\//, '').replace(/\.ts$/, '')), file).toBe(true);
  });

  it('a manifest entry carries no body, notes or sources (they load with the slide)', () => {
    for (const s of slides) {
      // `presented` and `bookend` (slides/types.ts) are flags of the slide's layout and place, not its words
      const keys = Object.keys(s).filter((k) => k !== 'presented' && k !== 'bookend');
      expect(keys.sort()).toEqual(s.demo ? ['chapter', 'demo', 'id', 'title'] : ['chapter', 'id', 'title']);
    }
  });
});

describe('Russian plurals (lib/i18n ruPlural, by Intl.PluralRules)', () => {
  const word = (n: number) => ruPlural(n, 'слайд', 'слайда', 'слайдов');

  it('the three forms, and the teens and twenties that trip a hand-written rule', () => {
    const cases: [number, string][] = [
      [0, 'слайдов'],
      [1, 'слайд'],
      [2, 'слайда'],
      [4, 'слайда'],
      [5, 'слайдов'],
      [11, 'слайдов'],
      [12, 'слайдов'],
      [14, 'слайдов'],
      [21, 'слайд'],
      [22, 'слайда'],
      [111, 'слайдов'],
      [112, 'слайдов'],
      [1001, 'слайд'],
      [1.5, 'слайда'],
    ];
    for (const [n, form] of cases) expect(word(n), String(n)).toBe(form);
  });

  it('for every count to 10,000: the school rule (n % 10 and n % 100)', () => {
    for (let n = 0; n <= 10_000; n++) {
      const [d, h] = [n % 10, n % 100];
      const school = d === 1 && h !== 11 ? 'слайд' : d >= 2 && d <= 4 && (h < 12 || h > 14) ? 'слайда' : 'слайдов';
      if (word(n) !== school) expect(word(n), String(n)).toBe(school);
    }
  });
});

describe('the words a person reads', () => {
  /** Every string of a value, functions called with placeholder arguments (a template's fixed words included). */
  function strings(v: unknown, out: string[] = []): string[] {
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'function') {
      try {
        strings((v as (...a: unknown[]) => unknown)('1', '2', '3', '4'), out);
      } catch {
        /* a template that needs more than placeholders: its fixed words are checked where it is used */
      }
    } else if (Array.isArray(v)) for (const x of v) strings(x, out);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
    return out;
  }

  it('name no source file by the project’s own word for it ("seed 000"): the slide’s words and notes, every text table', () => {
    const all = [...Object.values(slideTexts), ...Object.values(modules)].flatMap((t) => strings(t));
    expect(all.length).toBeGreaterThan(1000);
    expect(all.filter((s) => /\bseeds? ?\d{3}\b/i.test(s))).toEqual([]);
  });
});
