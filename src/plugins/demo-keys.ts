import type { RevealApi, RevealPlugin } from 'reveal.js';

/** Keys a focused native control uses itself. */
const RANGE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);
const SELECT_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  ' ',
  'Enter',
]);
const BUTTON_KEYS = new Set([' ', 'Enter']);
/** A radio group moves its choice with the arrows only: PageDown (a clicker's "next") stays the deck's. */
const RADIO_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * Pure: does this key belong to the control the event came from? `path` is the event's composed path, so a
 * control deep inside a demo's shadow root is seen (reveal only looks at `document.activeElement`, the host).
 */
export function controlOwnsKey(path: readonly EventTarget[], key: string): boolean {
  for (const target of path) {
    if (!(target instanceof Element)) continue;
    const owned = target.getAttribute('data-owns-keys');
    if (owned !== null && owned.split(/\s+/).includes(key)) return true;
    const tag = target.localName;
    if (tag === 'textarea' || (target as HTMLElement).isContentEditable) return true;
    if (tag === 'input') {
      const type = (target as HTMLInputElement).type;
      if (type === 'range') return RANGE_KEYS.has(key);
      if (type === 'checkbox' || type === 'radio') return key === ' ' || (type === 'radio' && RADIO_KEYS.has(key));
      return true;
    }
    if (tag === 'select') return SELECT_KEYS.has(key);
    if (tag === 'button' || tag === 'summary' || tag === 'a') return BUTTON_KEYS.has(key);
  }
  return false;
}

/** The innermost focused element, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

/**
 * While a slider, button or field inside a demo has focus, its keys belong to it: an arrow moves the slider,
 * not the slide. Esc inside a demo gives focus back to the deck (instead of opening the overview).
 */
export const DemoKeys = (): RevealPlugin => ({
  id: 'demo-keys',
  init(deck: RevealApi) {
    deck.configure({
      keyboardCondition: (event: KeyboardEvent) => {
        // Keys forwarded from the speaker view arrive as a bare { keyCode }: they are always for the deck.
        if (typeof event.composedPath !== 'function') return true;
        const path = event.composedPath();
        const inDemo = path.some((t) => t instanceof Element && t.classList.contains('demo'));
        if (!inDemo) return !controlOwnsKey(path, event.key);
        if (event.key === 'Escape') {
          (deepActiveElement() as HTMLElement | null)?.blur();
          deck.getRevealElement()?.focus({ preventScroll: true });
          return false;
        }
        return !controlOwnsKey(path, event.key);
      },
    });
  },
});
