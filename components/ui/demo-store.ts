/**
 * Where demos keep their state, keyed by slide id. It outlives the element: reveal.js re-creates elements
 * (scroll view, print), and a person who comes back to a slide finds the demo as they left it.
 */
export interface StoreEntry<S> {
  state: S;
  /** The speaker-sequence step last applied, so that returning at the same step keeps the person's changes. */
  appliedStep: number | undefined;
}

const entries = new Map<string, StoreEntry<unknown>>();

export function getEntry<S>(key: string): StoreEntry<S> | undefined {
  return entries.get(key) as StoreEntry<S> | undefined;
}

export function setEntry<S>(key: string, entry: StoreEntry<S>): void {
  entries.set(key, entry);
}

/**
 * Takes every entry whose key `owns` accepts out of the store and returns them: an element that holds demos of its
 * own (`<hsw-slide>`) releases their state when it leaves the page, and puts it back with `putEntries` if the same
 * element comes back (moved in the page), so that copies created and removed by the hundred leave nothing behind.
 */
export function takeEntries(owns: (key: string) => boolean): Map<string, StoreEntry<unknown>> {
  const taken = new Map<string, StoreEntry<unknown>>();
  for (const [key, entry] of entries)
    if (owns(key)) {
      taken.set(key, entry);
      entries.delete(key);
    }
  return taken;
}

export function putEntries(kept: ReadonlyMap<string, StoreEntry<unknown>>): void {
  for (const [key, entry] of kept) entries.set(key, entry);
}

/** How many entries the store holds whose key `owns` accepts (all of them without it). */
export function entryCount(owns: (key: string) => boolean = () => true): number {
  let n = 0;
  for (const key of entries.keys()) if (owns(key)) n++;
  return n;
}
