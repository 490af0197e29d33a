/**
 * The theme's chart series (assets/theme.css): in each theme, the four series are four colours; series 2–4 are not
 * the colour of "good" or "bad" (series 1 is bad's red), so that a series does not read as a verdict;
 * and each stands out from the deck's background as a graphic must (WCAG 2.1 non-text contrast, ≥ 3:1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../assets/theme.css', import.meta.url), 'utf8');

function block(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const body = css.slice(start, css.indexOf('}', start));
  return new Map([...body.matchAll(/(--hsw-[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe.each([
  ['dark', ":root[data-theme='dark']"],
  ['light', ":root[data-theme='light']"],
])('the %s theme', (_name, selector) => {
  const vars = block(selector);
  const series = [1, 2, 3, 4].map((n) => vars.get(`--hsw-series-${n}`)!);
  const verdicts = ['--hsw-good', '--hsw-good-text', '--hsw-bad', '--hsw-bad-text'].map((k) => vars.get(k)!);

  it('has four series colours, none of them a verdict colour', () => {
    expect(series.every(Boolean)).toBe(true);
    expect(new Set(series).size).toBe(4);
    for (const s of series.slice(1)) expect(verdicts).not.toContain(s);
  });

  it('draws every series readably on the background', () => {
    for (const s of series) expect(contrast(s, vars.get('--hsw-bg')!)).toBeGreaterThanOrEqual(3);
  });

  it('writes warning text (--hsw-warn-text) at 4.5:1 or more on the background and on panels', () => {
    const warn = vars.get('--hsw-warn-text')!;
    expect(warn).toBeDefined();
    expect(contrast(warn, vars.get('--hsw-bg')!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(warn, vars.get('--hsw-panel')!)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('orange text', () => {
  it('no component writes text in --hsw-warn (a fill and border colour, 3.5:1 on light panels): --hsw-warn-text', async () => {
    const { readdirSync } = await import('node:fs');
    const root = new URL('../../components/', import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('-styles.ts'));
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter((f) =>
      /(^|[^-])color:\s*var\(--hsw-warn\)/m.test(readFileSync(new URL(f, root), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});

describe('one colour per actor', () => {
  // The Okabe–Ito palette (the deck's staging note): the same fill on every slide and in both themes.
  const OKABE_ITO = {
    kernel: '#0072b2',
    thread: '#d55e00',
    loop: '#009e73',
    task: '#cc79a7',
    timer: '#e69f00',
    io: '#56b4e9',
    microtask: '#f0e442',
  } as const;
  // Declared once, in the theme's own :root block (not the two themes').
  const actors = new Map(
    [...css.matchAll(/(--hsw-actor-[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]),
  );
  const value = (name: string) => actors.get(name);

  it.each(Object.entries(OKABE_ITO))('%s is %s, with text on it at 4.5:1 or more', (actor, hex) => {
    expect(value(`--hsw-actor-${actor}`)).toBe(hex);
    const text = value(`--hsw-actor-${actor}-text`);
    expect(text, `--hsw-actor-${actor}-text`).toBeDefined();
    expect(contrast(text!, hex)).toBeGreaterThanOrEqual(4.5);
  });

  it('is not themed: neither theme redefines an actor', () => {
    for (const selector of [":root,\n:root[data-theme='dark']", ":root[data-theme='light']"]) {
      const start = css.indexOf(`${selector} {`);
      expect(start).toBeGreaterThan(-1);
      expect(css.slice(start, css.indexOf('}', start))).not.toContain('--hsw-actor-');
    }
  });

  it('is written only in the theme: no component spells an actor’s colour, it names the token', async () => {
    const { readdirSync } = await import('node:fs');
    const dir = new URL('../../components/', import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const hexes = Object.values(OKABE_ITO);
    const offenders = files.filter((f) => {
      const src = readFileSync(new URL(f, dir), 'utf8').toLowerCase();
      return hexes.some((h) => src.includes(h));
    });
    expect(offenders).toEqual([]);
  });
});
