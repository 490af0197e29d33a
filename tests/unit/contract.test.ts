import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { slides } from '../../slides/index.ts';
import { speakerSteps } from '../../slides/types.ts';
import { resolvePageMode, setPresenting } from '../../src/page-mode.ts';
import * as stepping from '../../lib/stepping.ts';
import fc from 'fast-check';
import { shape } from './shape.ts';

/**
 * The demo contract (CONTRIBUTING.md, lib/demo-contract.ts), checked for every slide of the manifest: the files a
 * demo consists of, the names its model exports, one speaker sequence whose length is the slide's number of steps,
 * and an element that defines the slide's tag.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const models = import.meta.glob<Record<string, unknown>>('../../components/*/*-model.ts');
const sequences = import.meta.glob<Record<string, unknown>>('../../components/*/*-sequence.ts');
const demoTexts = import.meta.glob<Record<string, unknown>>('../../components/*/*-text.ts');
const slideTexts = import.meta.glob<{ default: { text: Record<string, { body: unknown; notes: unknown }> } }>(
  '../../slides/text/*.ts',
);

const demoSlides = slides.filter((s) => s.demo);
const table = demoSlides.map((s) => {
  const tag = s.demo!.tag;
  const folder = tag.replace(/^hsw-/, '');
  return { id: s.id, tag, folder, slide: s };
});

describe('the demo contract, slide by slide', () => {
  it('every slide but none has a demo', () => {
    expect(table.length).toBe(slides.length);
  });

  describe.each(table)('$id ($tag)', ({ tag, folder, slide }) => {
    const dir = join(ROOT, 'components', folder);
    const file = (kind: string) => join(dir, `${folder}-${kind}.ts`);

    it('has its folder, named after its tag, with model, sequence, element, styles and text', () => {
      for (const kind of ['model', 'sequence', 'element', 'styles', 'text']) {
        expect(existsSync(file(kind)), `${folder}-${kind}.ts`).toBe(true);
      }
      // and whatever else it keeps apart is named after it too (CONTRIBUTING.md: `<demo>-<what>.ts`)
      for (const name of readdirSync(dir)) expect(name).toMatch(new RegExp(`^${folder}-[a-z-]+\\.(ts|json)$`));
    });

    it('its element defines the tag, takes its model and keeps its CSS in the styles module', () => {
      const src = readFileSync(file('element'), 'utf8');
      expect(src).toContain(`customElements.define('${tag}'`);
      expect(src).toMatch(/import \* as model from '\.\/[a-z0-9-]+-model\.ts'/);
      expect(src).toMatch(/super\(model\)/);
      expect(src, 'no CSS block inside the element file').not.toMatch(/\bcss`/);
      expect(src, 'no initialState/stateForStep of its own').not.toMatch(/override (initialState|stateForStep)\(/);
      expect(src, 'Player drives animation').not.toMatch(/requestAnimationFrame\(/);
      expect(src, 'modes come from the shell').not.toMatch(/window\.deck|location\.(search|href|hash)/);
    });

    it('its model exports initialState, SPEAKER_SEQUENCE (from its sequence module) and stateForStep', async () => {
      const model = await models[`../../components/${folder}/${folder}-model.ts`]!();
      const sequence = await sequences[`../../components/${folder}/${folder}-sequence.ts`]!();
      expect(typeof model['initialState']).toBe('function');
      expect(typeof model['stateForStep']).toBe('function');
      expect(Array.isArray(model['SPEAKER_SEQUENCE'])).toBe(true);
      expect(model['SPEAKER_SEQUENCE']).toBe(sequence['SPEAKER_SEQUENCE']);
      expect((model['SPEAKER_SEQUENCE'] as unknown[]).length).toBeGreaterThanOrEqual(1);
    });

    it('the slide takes its number of steps from that sequence, and nowhere else', async () => {
      const sequence = await sequences[`../../components/${folder}/${folder}-sequence.ts`]!();
      expect(slide.demo!.sequence).toBe(sequence['SPEAKER_SEQUENCE']);
      expect('steps' in slide.demo!, 'no hand-copied count').toBe(false);
      expect(speakerSteps(slide)).toBe((sequence['SPEAKER_SEQUENCE'] as unknown[]).length);
    });

    it('its words exist in both languages: the demo’s text table and the slide’s body and notes', async () => {
      // its text table, and any other words it loads apart (micro-macro's "Your code": -code-text.ts)
      const modules = Object.keys(demoTexts).filter((path) => path.startsWith(`../../components/${folder}/`));
      expect(modules).toContain(`../../components/${folder}/${folder}-text.ts`);
      for (const path of modules) {
        const texts = await demoTexts[path]!();
        const tables = Object.values(texts).filter(
          (v): v is { en: unknown; ru: unknown } => !!v && typeof v === 'object' && 'en' in v && 'ru' in v,
        );
        expect(tables.length, `${path}: a Bilingual text table`).toBeGreaterThanOrEqual(1);
        for (const t of tables) expect(shape(t.ru)).toEqual(shape(t.en));
      }
      expect(slide.title.ru.length).toBeGreaterThan(0);
      expect(slide.title.en.length).toBeGreaterThan(0);
      const words = (await slideTexts[`../../slides/text/${slide.id}.ts`]!()).default;
      expect(Object.keys(words.text).sort()).toEqual(['en', 'ru']);
      for (const lang of ['en', 'ru']) {
        expect(Array.isArray(words.text[lang]!.body)).toBe(true);
        expect(Array.isArray(words.text[lang]!.notes)).toBe(true);
      }
    });

    it('step 0 is the initial state, and every step (and odd ones) gives a state', async () => {
      const model = await models[`../../components/${folder}/${folder}-model.ts`]!();
      const initialState = model['initialState'] as () => unknown;
      const stateForStep = model['stateForStep'] as (step: number, current: unknown) => unknown;
      const seq = model['SPEAKER_SEQUENCE'] as unknown[];
      expect(stateForStep(0, initialState())).toEqual(initialState());
      for (let step = 0; step < seq.length; step++) expect(stateForStep(step, initialState())).toBeDefined();
      for (const odd of [-1, seq.length, 1e9, Number.NaN]) expect(stateForStep(odd, initialState())).toBeDefined();
    });
  });
});

describe('lib/stepping', () => {
  it('never leaves 0..length-1, and back undoes forward', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.constantFrom('f', 'b', 'r', 'e', 'g'), { maxLength: 60 }),
        fc.integer(),
        (length, moves, to) => {
          let s = { index: 0, other: 'kept' };
          for (const m of moves) {
            const before = s.index;
            if (m === 'f') {
              s = stepping.forward(s, length);
              if (before < length - 1) expect(stepping.back(s).index).toBe(before);
            } else if (m === 'b') s = stepping.back(s);
            else if (m === 'r') s = stepping.reset(s);
            else if (m === 'e') s = stepping.toEnd(s, length);
            else s = stepping.goTo(s, to, length);
            expect(s.index).toBeGreaterThanOrEqual(0);
            expect(s.index).toBeLessThanOrEqual(length - 1);
            expect(s.other).toBe('kept');
          }
        },
      ),
    );
  });

  it('stepTo makes the move it names: forward, back, reset, end or a frame', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer(),
        (length, from, to) => {
          const s = { index: Math.min(from, length - 1), other: 'kept' };
          expect(stepping.stepTo(s, 'forward', length)).toEqual(stepping.forward(s, length));
          expect(stepping.stepTo(s, 'back', length)).toEqual(stepping.back(s));
          expect(stepping.stepTo(s, 'reset', length)).toEqual(stepping.reset(s));
          expect(stepping.stepTo(s, 'end', length)).toEqual(stepping.toEnd(s, length));
          expect(stepping.stepTo(s, to, length)).toEqual(stepping.goTo(s, to, length));
        },
      ),
    );
    expect(stepping.stepTo({ index: 1 }, 'end', 4).index).toBe(3);
    expect(stepping.stepTo({ index: 1 }, 'reset', 4).index).toBe(0);
    expect(stepping.stepTo({ index: 1 }, 2, 4).index).toBe(2);
  });

  it('returns the same object when nothing moves', () => {
    const s = { index: 0 };
    expect(stepping.back(s)).toBe(s);
    expect(stepping.forward({ index: 2 }, 3).index).toBe(2);
    expect(stepping.goTo(s, Number.NaN, 5)).toBe(s);
  });
});

describe('page mode: one module decides', () => {
  it('deck, speaker view and print from the address and reveal', () => {
    expect(resolvePageMode('')).toEqual({ mode: 'deck', print: false, presenting: false });
    expect(resolvePageMode('?receiver')).toEqual({ mode: 'speaker', print: false, presenting: true });
    expect(resolvePageMode('?print-pdf')).toEqual({ mode: 'deck', print: true, presenting: false });
    expect(resolvePageMode('?present')).toEqual({ mode: 'deck', print: false, presenting: true });
    expect(resolvePageMode('?present&print-pdf')).toEqual({ mode: 'deck', print: true, presenting: false });
    expect(resolvePageMode('', { isSpeakerNotes: () => true })).toEqual({
      mode: 'speaker',
      print: false,
      presenting: true,
    });
    expect(resolvePageMode('', { isSpeakerNotes: () => false, isPrintView: () => true })).toEqual({
      mode: 'deck',
      print: true,
      presenting: false,
    });
  });

  it('presenting: switched on by the shell, never in print', () => {
    try {
      setPresenting(true);
      expect(resolvePageMode('').presenting).toBe(true);
      expect(resolvePageMode('?print-pdf').presenting).toBe(false);
      setPresenting(false);
      expect(resolvePageMode('').presenting).toBe(false);
    } finally {
      setPresenting(false);
    }
  });

  it('a deck that throws does not break it', () => {
    const deck = {
      isSpeakerNotes: () => {
        throw new Error('not ready');
      },
    };
    expect(resolvePageMode('?lang=en', deck)).toEqual({ mode: 'deck', print: false, presenting: false });
  });
});

describe('small files', () => {
  it('no source file in components/, src/, lib/ or slides/ is over 700 lines', () => {
    const files = import.meta.glob<string>(
      ['../../components/**/*.ts', '../../src/**/*.ts', '../../lib/*.ts', '../../slides/**/*.ts'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    );
    expect(Object.keys(files).length).toBeGreaterThan(50);
    const long = Object.entries(files)
      .map(([file, text]) => [file, text.split('\n').length] as const)
      .filter(([, lines]) => lines > 700);
    expect(long).toEqual([]);
  });
});
