import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { QuizAnswer } from '../../components/shared/quiz/quiz-answer.ts';
import type { SlideTextDef } from '../../slides/types.ts';
import { busyWaitQuizText } from '../../components/quiz-busy-wait/quiz-busy-wait-text.ts';
import { fastapiQuizText } from '../../components/quiz-fastapi/quiz-fastapi-text.ts';
import { greenThreadsText } from '../../components/green-threads/green-threads-text.ts';
import { WITHHELD_ANSWER, withholdAnswers } from '../../vite.config.ts';

/**
 * The answer never reaches a phone: the phones' build (`vite build --mode phone`, what the workshop server serves
 * to participants) holds no quiz's explanation and no slide's notes or their appendix (which name the answers), in either language,
 * in any file; the normal build, built the same way, still holds them all (so the search itself can find them).
 */
const answers = import.meta.glob<QuizAnswer>('../../components/*/*-answer.ts', { import: 'ANSWER', eager: true });
const answerSources = import.meta.glob<string>('../../components/*/*-answer.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
/** Every module of the demos' folders, to resolve what an answer module imports from its own folder. */
const demoModules = import.meta.glob<Record<string, unknown>>('../../components/*/*.ts', { eager: true });
const texts = import.meta.glob<SlideTextDef>('../../slides/text/*.ts', { import: 'default', eager: true });

/**
 * Pieces of a paragraph as they stand in a built file: a paragraph built from figures (`${…}`) is split around
 * them. Each piece is looked for as written and as a bundler writes it inside a template literal (\`code\`).
 */
function pieces(paragraph: string): string[] {
  return paragraph
    .split(/\d[\d,. \u00a0]*/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 30);
}
/** The questions and their choices are the phones' to see: a piece of an explanation that repeats a choice is not secret. */
const questions = JSON.stringify([
  busyWaitQuizText,
  fastapiQuizText,
  greenThreadsText.en.quiz,
  greenThreadsText.ru.quiz,
]);
const secret = (piece: string) => !questions.includes(piece);
const found = (haystack: string, piece: string) =>
  haystack.includes(piece) || haystack.includes(piece.replaceAll('`', '\\`'));

const root = resolve(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'hsw-phone-build-'));
const dirs = { deck: join(out, 'dist'), phone: join(out, 'dist-phone') };
const contents: Record<keyof typeof dirs, string> = { deck: '', phone: '' };

function readAll(dir: string): string {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

beforeAll(async () => {
  for (const [mode, dir] of [
    ['production', dirs.deck],
    ['phone', dirs.phone],
  ] as const) {
    await build({ root, mode, logLevel: 'silent', build: { outDir: dir, emptyOutDir: true } });
  }
  contents.deck = readAll(dirs.deck);
  contents.phone = readAll(dirs.phone);
}, 180_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

const explanations = Object.entries(answers).flatMap(([file, answer]) =>
  (['en', 'ru'] as const).flatMap((lang) =>
    (answer.explanation?.[lang] ?? []).map((p, i) => [`${file.split('/').pop()} ${lang} ${i + 1}`, p] as const),
  ),
);
const notes = Object.entries(texts)
  .filter(([file]) => /quiz|green-threads/.test(file))
  .flatMap(([file, def]) =>
    (['en', 'ru'] as const).flatMap((lang) =>
      (['notes', 'appendix'] as const).flatMap((part) =>
        def.text[lang][part].flatMap((b, i) =>
          'p' in b && typeof b.p === 'string'
            ? [[`${file.split('/').pop()} ${part} ${lang} ${i + 1}`, b.p] as const]
            : [],
        ),
      ),
    ),
  );

/**
 * The figures behind each quiz's right choice, as a bundler writes them (`key:value`): every number an answer module
 * reads from a module of its own folder (`MEASURED.go.parkedThreads` in `${…}`), and every number of a
 * `<demo>-answer-figures.ts`. An explanation built from figures keeps them outside its text, so the text's pieces
 * alone would miss them.
 */
function answerFigures(): [string, string, number][] {
  const out = new Map<string, [string, string, number]>();
  const add = (where: string, key: string, value: unknown) => {
    if (typeof value === 'number') out.set(`${key}:${value}`, [where, key, value]);
  };
  const leaves = (where: string, v: unknown, key = ''): void => {
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) leaves(`${where}.${k}`, x, k);
    else add(where, key, v);
  };
  for (const [file, source] of Object.entries(answerSources)) {
    const dir = file.slice(0, file.lastIndexOf('/'));
    for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.\/([^']+)'/g)) {
      const mod = demoModules[`${dir}/${m[2]}`];
      expect(mod, `${file} imports ./${m[2]}`).toBeDefined();
      for (const name of m[1]!
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean))
        for (const use of source.matchAll(new RegExp(`\\b${name}((?:\\.[A-Za-z_$][\\w$]*)+)`, 'g'))) {
          const path = use[1]!.slice(1).split('.');
          add(
            `${file.split('/').pop()}: ${name}.${path.join('.')}`,
            path.at(-1)!,
            path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], mod![name]),
          );
        }
    }
  }
  for (const [file, mod] of Object.entries(demoModules))
    if (/\/([^/]+)\/\1-answer-figures\.ts$/.test(file)) leaves(file.split('/').pop()!, mod);
  return [...out.values()];
}
/** `key: value` as written, as a minifier writes it (`key:value`), or with the key quoted. */
const figureIn = (haystack: string, key: string, value: number) =>
  new RegExp(`["'\`]?\\b${key}["'\`]?\\s*:\\s*${String(value).replace('.', '\\.')}(?![\\d.])`).test(haystack);

describe('the phones’ build withholds every answer', () => {
  it('knows the three quizzes’ answers, each with its explanation in both languages', () => {
    expect(Object.keys(answers).map((f) => f.split('/').pop())).toEqual([
      'green-threads-answer.ts',
      'quiz-busy-wait-answer.ts',
      'quiz-fastapi-answer.ts',
    ]);
    expect(explanations.length).toBeGreaterThanOrEqual(12);
    for (const [, p] of explanations) expect(pieces(p).filter(secret).length).toBeGreaterThan(0);
  });

  const check = (paragraph: string) => {
    expect(pieces(paragraph).filter((piece) => secret(piece) && found(contents.phone, piece))).toEqual([]);
    expect(pieces(paragraph).some((piece) => found(contents.deck, piece))).toBe(true);
  };
  it.each(explanations)('%s: in the deck’s files, in none of the phones’', (_name, paragraph) => check(paragraph));
  it.each(notes)('%s (speaker notes): in the deck’s files, in none of the phones’', (_name, p) => check(p));

  it.each(Object.entries(answers).map(([file, a]) => [file.split('/').pop()!, a.correct] as const))(
    '%s: the right choice (correct: %i) in the deck’s files, in none of the phones’',
    (_name, correct) => {
      const written = new RegExp(`\\bcorrect\\s*:\\s*${correct}\\b`);
      expect(contents.deck).toMatch(written);
      expect(contents.phone).not.toMatch(written);
      expect(contents.phone).toMatch(/\bcorrect\s*:\s*null\b/);
    },
  );

  const figures = answerFigures();
  it('knows the figures behind the green-threads quiz’s answer', () => {
    expect(figures.map(([, key, value]) => `${key}:${value}`)).toEqual(
      expect.arrayContaining(['parkedThreads:4', 'parkedGomaxprocs:2']),
    );
  });
  it.each(figures)('%s (%s: %d): in the deck’s files, in none of the phones’', (_where, key, value) => {
    expect(figureIn(contents.deck, key, value)).toBe(true);
    expect(figureIn(contents.phone, key, value)).toBe(false);
  });

  it('the phones’ build refuses a module that reaches for an answer’s figures', async () => {
    const plugin = withholdAnswers();
    const load = plugin.load as unknown as (this: { error: (m: string) => never }, id: string) => Promise<unknown>;
    const ctx = {
      error: (m: string): never => {
        throw new Error(m);
      },
    };
    await expect(load.call(ctx, `${root}/components/green-threads/green-threads-answer-figures.ts`)).rejects.toThrow(
      /holds a quiz's answer/,
    );
    expect(await load.call(ctx, `${root}/components/green-threads/green-threads-answer.ts`)).toBe(WITHHELD_ANSWER);
  });

  it('the phones still get every question and its choices', () => {
    expect(contents.phone).toContain('What happens to the server?');
    expect(contents.phone).toContain('How long does the last one wait?');
    expect(contents.phone).toContain('How many OS threads does the process have?');
  });
});
