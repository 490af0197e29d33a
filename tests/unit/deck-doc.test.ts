import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { slides } from '../../slides/index.ts';

/**
 * docs/deck.md, the living plan of the deck (what each slide says and shows), follows the deck as it is: a section
 * for every slide, in the manifest's order (slides/index.ts, the one place that order is written).
 */
describe('docs/deck.md', () => {
  const doc = readFileSync(new URL('../../docs/deck.md', import.meta.url), 'utf8');

  it('has a section for every slide of the deck, in the deck’s order, and none for a slide it lacks', () => {
    const sections = [...doc.matchAll(/^### `([a-z0-9-]+)`$/gm)].map((m) => m[1]);
    expect(sections).toEqual(slides.map((s) => s.id));
  });

  it('is linked from the README', () => {
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain('(docs/deck.md)');
  });
});
