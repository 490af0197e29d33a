import type { SlideDef } from '../slides/types.ts';
import { indexFromText } from '../lib/stepping.ts';

/**
 * Each slide's manifest entry on its own, loaded on demand: the embed page and `<hsw-slide>` fetch one slide's entry
 * (its title and demo) and that demo, not the whole deck's. They show the title only, so they need none of the
 * slide's other words (`slides/text/<id>.ts`). A slide's file is named after its id (a unit test holds every slide
 * to that).
 */
const slideModules = import.meta.glob<Record<string, unknown>>([
  '../slides/*.ts',
  '!../slides/index.ts',
  '!../slides/types.ts',
]);

function isSlide(value: unknown): value is SlideDef {
  return !!value && typeof value === 'object' && 'id' in value && 'title' in value && 'chapter' in value;
}

/** The slide with this id, or undefined for an id that names none (or is not an id at all). */
export async function loadSlide(slideId: string): Promise<SlideDef | undefined> {
  if (!/^[a-z0-9-]+$/.test(slideId)) return undefined;
  const loader = slideModules[`../slides/${slideId}.ts`];
  if (!loader) return undefined;
  return Object.values(await loader()).find(isSlide);
}

/**
 * Pure: the speaker step a deep link asks for (`?step=<n>`, `<hsw-slide step="n">`), in a sequence of `length`
 * states, by the deck's rule for a step in an address (lib/stepping's `indexFromText`): a whole number, and one past
 * the last is the last; anything else (missing, `abc`, `1.5`, `1e3`) is the first step. Step 0 is the demo's initial
 * state, as in the speaker sequence.
 */
export function stepFromParam(value: string | null | undefined, length: number): number {
  return indexFromText(value ?? '', length)?.index ?? 0;
}
