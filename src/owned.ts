import type { RevealApi } from 'reveal.js';

type DeckHandler = Parameters<RevealApi['on']>[1];
type KeyBinding = Parameters<RevealApi['addKeyBinding']>[0];

/**
 * What one controller added to the page and to the deck, so that it can take all of it back at once, as reveal's own
 * controllers do in `unbind`: listeners on `window`, `document` or any element (through one AbortController's
 * signal), the deck's events (`on`/`off`), its key bindings, and subscriptions that return their own end.
 */
export class Owned {
  #abort = new AbortController();
  #undo: (() => void)[] = [];

  /** Adds a listener that `release` removes. */
  listen(
    target: EventTarget,
    type: string,
    fn: EventListenerOrEventListenerObject,
    options: AddEventListenerOptions = {},
  ): void {
    target.addEventListener(type, fn, { ...options, signal: this.#abort.signal });
  }

  /** Listens to one of the deck's events until `release`. */
  on(deck: RevealApi, type: string, fn: DeckHandler): void {
    deck.on(type, fn);
    this.#undo.push(() => deck.off(type, fn));
  }

  /** Adds a key binding to the deck until `release`. */
  key(deck: RevealApi, binding: KeyBinding, fn: () => void): void {
    deck.addKeyBinding(binding, fn);
    const keyCode = typeof binding === 'number' ? binding : binding.keyCode;
    this.#undo.push(() => deck.removeKeyBinding(keyCode));
  }

  /** Keeps the end of a subscription (the function a `subscribe` or `watch` returns) for `release`. */
  add(end: () => unknown): void {
    this.#undo.push(() => void end());
  }

  /** Takes back everything added so far; the object can be used again afterwards. */
  release(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    const undo = this.#undo;
    this.#undo = [];
    for (const fn of undo.reverse()) fn();
  }
}
