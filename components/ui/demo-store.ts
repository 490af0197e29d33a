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
