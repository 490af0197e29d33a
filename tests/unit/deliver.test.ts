import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { simSeed } from './sim-seed.ts';
import { stepFromParam } from '../../src/slide-loader.ts';
import { themeForShadowRoot } from '../../src/shadow-theme.ts';
import { elementSnippet, embedSnippet } from '../../src/plugins/deck-chrome.ts';
import { publicDeckUrl } from '../../src/address.ts';

describe('a deep link’s step (?step=, <hsw-slide step>)', () => {
  it('takes a whole number, clamped into the sequence', () => {
    expect(stepFromParam('2', 4)).toBe(2);
    expect(stepFromParam(' 3 ', 4)).toBe(3);
    expect(stepFromParam('99', 4)).toBe(3);
    expect(stepFromParam('9'.repeat(400), 4)).toBe(3);
    expect(stepFromParam('0', 1)).toBe(0);
  });

  it('gives the first step for anything else', () => {
    for (const bad of [null, undefined, '', 'abc', '-1', '1.5', '1e3', '0x2', '2px', 'Infinity', 'NaN', '１'])
      expect(stepFromParam(bad, 4), String(bad)).toBe(0);
  });

  it('is always a step of the sequence, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 50 }), (text, length) => {
        const step = stepFromParam(text, length);
        return Number.isInteger(step) && step >= 0 && step < length;
      }),
      { seed: simSeed() },
    );
  });
});

describe('the deck’s theme inside <hsw-slide>’s shadow root', () => {
  const source = readFileSync(new URL('../../assets/theme.css', import.meta.url), 'utf8');
  const names = (css: string) => new Set([...css.matchAll(/(--hsw-[\w-]+)\s*:/g)].map((m) => m[1]));

  it('carries every --hsw- property of the deck, inside the element, both themes, and nothing for the page itself', () => {
    const out = themeForShadowRoot(source);
    expect(names(out)).toEqual(new Set([...names(source), '--hsw-page-font']));
    expect(out).not.toMatch(/:root|html|body|\.embed/);
    expect(out).toContain(":host([theme='light']) .root");
    expect(out).toContain("@media (prefers-color-scheme: light) { :host(:not([theme='dark'])) .root");
    // The dark background on the element's root (the default), the light one only in the light theme's two blocks.
    const firstLight = out.indexOf(":host([theme='light'])");
    expect(out.indexOf('#0f1419')).toBeGreaterThan(-1);
    expect(out.indexOf('#0f1419')).toBeLessThan(firstLight);
    expect(out.indexOf('#fbfcfd')).toBeGreaterThan(firstLight);
    expect(out.match(/#fbfcfd/g)).toHaveLength(2);
  });

  it('reads the minified form the build gives it', () => {
    const minified =
      ':root{--hsw-font:system-ui}:root,:root[data-theme=dark]{color-scheme:dark;--hsw-bg:#0f1419}' +
      ':root[data-theme=light]{color-scheme:light;--hsw-bg:#fbfcfd}html,body{background:var(--hsw-bg)}' +
      '@media (prefers-reduced-motion:reduce){*{scroll-behavior:auto!important}}';
    const out = themeForShadowRoot(minified);
    expect(out).toContain(":host([theme='light']) .root {color-scheme:light;--hsw-bg:#fbfcfd}");
    expect(out).toContain('.root {color-scheme:dark;--hsw-bg:#0f1419}');
    expect(out).not.toContain('scroll-behavior');
    // Only the font comes from the page (the host's --hsw-font, else the deck's); the colours are the theme's alone.
    expect(out).toContain(':host {--hsw-page-font: var(--hsw-font, system-ui)}');
    expect(out).toContain('.root {--hsw-font:var(--hsw-page-font)}');
    expect(out).not.toMatch(/:host \{[^}]*--hsw-bg/);
  });
});

describe('the Embed dialog’s two snippets', () => {
  const page = 'https://example.org/talks/deck/index.html?lang=en';

  it('the frame carries the step on screen, escaped', () => {
    expect(embedSnippet(page, 'c10k', 'en', 'T', 2)).toContain(
      'src="https://example.org/talks/deck/embed.html?slide=c10k&amp;lang=en&amp;step=2"',
    );
    expect(embedSnippet(page, 'c10k', 'en', 'T')).not.toContain('step');
  });

  it('the web component loads embed.js beside the deck and names the slide, language and step', () => {
    expect(elementSnippet(page, 'c10k', 'ru', 3)).toBe(
      '<script type="module" src="https://example.org/talks/deck/embed.js"></script>\n' +
        '<hsw-slide slide="c10k" lang="ru" step="3"></hsw-slide>',
    );
    expect(elementSnippet(page, 'a"b', 'en')).toContain('slide="a&quot;b" lang="en"></hsw-slide>');
  });

  it('from the presenter’s deck of a workshop, start at the participants’ deck: never the secret', () => {
    const secret = 'EonFKTtje6GpA4zzpPw3Kr_QR_-E1FCG';
    const presenter = `http://192.168.1.20:8080/presenter/?workshop=ABCDE&role=presenter&lang=en#/c10k/1`;
    expect(publicDeckUrl(presenter)).toBe('http://192.168.1.20:8080/');
    expect(publicDeckUrl('http://192.168.1.20:8080/presenter/index.html')).toBe('http://192.168.1.20:8080/');
    // The address the server prints (it leaves the cookie and moves on): the participants' deck too.
    expect(publicDeckUrl(`http://192.168.1.20:8080/presenter/${secret}/`)).toBe('http://192.168.1.20:8080/');
    for (const s of [
      embedSnippet(publicDeckUrl(presenter), 'c10k', 'en', 'T', 2),
      elementSnippet(publicDeckUrl(presenter), 'c10k', 'en', 2),
    ]) {
      expect(s).not.toContain(secret);
      expect(s).toContain('http://192.168.1.20:8080/embed.');
    }
    // Any other page: its own folder, without its query or hash.
    expect(publicDeckUrl(page)).toBe('https://example.org/talks/deck/');
    expect(publicDeckUrl('https://example.org/talks/presenter-notes/index.html#/c10k')).toBe(
      'https://example.org/talks/presenter-notes/',
    );
  });
});
