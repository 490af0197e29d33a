/**
 * A slide's own words as plain text, for what describes a demo outside the deck: the alt text of its stills
 * (scripts/stills.ts) and the description of its oEmbed answer and embed page (scripts/oembed.ts).
 */
import type { Lang } from '../lib/i18n.ts';
import type { Block, SlideDef, SlideTextDef } from '../slides/types.ts';

/** A text's markup (`code`, **emphasis**) dropped: what a reader of the words alone sees. */
export const plain = (s: string): string =>
  s
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]*)\*\*/g, '$1')
    .trim();

/** The first paragraph among the blocks (inside disclosures too), as plain text. */
function firstParagraph(blocks: readonly Block[]): string | undefined {
  for (const b of blocks) {
    if ('p' in b) return plain(b.p);
    if ('details' in b) {
      const inner = firstParagraph(b.details);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** At most `max` characters, cut after a whole sentence where one fits, else after a word, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const sentence = /^[\s\S]*[.!?…](?=\s)/.exec(head)?.[0];
  if (sentence && sentence.length > max / 3) return sentence;
  return `${head.replace(/\s+\S*$/, '')}…`;
}

async function wordsOf(slide: SlideDef): Promise<SlideTextDef> {
  return ((await import(`../slides/text/${slide.id}.ts`)) as { default: SlideTextDef }).default;
}

/**
 * The slide's description: the first paragraph of what it says beside its demo, or, for a slide that leaves the
 * words to its demo (a quiz), of what the speaker says as it opens; at most 300 characters.
 */
export async function slideDescription(slide: SlideDef, lang: Lang): Promise<string> {
  const words = (await wordsOf(slide)).text[lang];
  return clip(firstParagraph(words.body) ?? firstParagraph(words.notes) ?? slide.title[lang], 300);
}

/**
 * A still's alt text: the slide's title and what the speaker says while that step is on screen (its notes are one
 * paragraph a step), at most 400 characters.
 */
export async function stepAlt(slide: SlideDef, lang: Lang, step: number): Promise<string> {
  const words = (await wordsOf(slide)).text[lang];
  const note = words.notes[step];
  const said = note && 'p' in note ? plain(note.p) : firstParagraph(words.body);
  return said ? `${slide.title[lang]} — ${clip(said, 400)}` : slide.title[lang];
}
