/**
 * The deck's addresses, `#/<id>` and `#/<id>/<fragment>` (speaker step N is fragment N − 1), checked before reveal
 * reads them: reveal drops a hash it cannot parse whole (`#/c10k/abc`, `#/c10k/1.5`, `#/c10k/1e3` land on the first
 * slide) and rewrites an unknown one to the current slide, both without a word. Pure: no DOM.
 */

import { indexFromText } from '../lib/stepping.ts';

export interface AddressSlide {
  id: string;
  /** The slide's speaker steps, step 0 included (1: none); its fragments are 0 … steps − 2. */
  steps: number;
}

export type AddressProblem =
  /** No slide has this id (or index). */
  | { kind: 'unknown-slide'; id: string }
  /** The slide exists; what follows it is not a step (not a whole number): the deck shows the slide's start. */
  | { kind: 'bad-step'; id: string; step: string; fragments: number }
  /** The slide exists; the step is past its last: the deck shows its last step. */
  | { kind: 'past-last'; id: string; step: string; fragments: number };

export interface AddressCheck {
  /** The slide the deck should show. */
  slideId: string;
  /** The address to show it at: `#/<id>` or `#/<id>/<fragment>`. */
  canonical: string;
  problem?: AddressProblem;
}

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * Pure: what a hash asks for. `null` when it names no slide at all (empty, `#`, `#/`, or not reveal's `#/…` form: an
 * anchor of some other kind), so the deck does what it always does. An unknown slide goes to `fallback` (the first
 * slide at load; the current one once the deck is open); a step past the slide's last to its last, and anything else
 * after the id to the slide's start (lib/stepping's `indexFromText`, the embeds' rule too).
 */
export function checkAddress(hash: string, slides: readonly AddressSlide[], fallback: string): AddressCheck | null {
  const m = /^#\/(.*)$/s.exec(hash);
  if (!m?.[1]) return null;
  const [rawId = '', ...rest] = m[1].split('/');
  const id = decode(rawId);
  const step = decode(rest.join('/'));
  let slide: AddressSlide | undefined;
  if (/^\d+$/.test(id)) slide = slides[Number(id)];
  else slide = slides.find((s) => s.id === id);
  if (!slide) return { slideId: fallback, canonical: `#/${fallback}`, problem: { kind: 'unknown-slide', id } };
  const canonical = `#/${slide.id}`;
  // A numeric address is reveal's `#/h/v/f`: leave its other parts to reveal (this deck has no vertical slides).
  if (/^\d+$/.test(id)) return { slideId: slide.id, canonical: hash };
  if (!rest.length || (rest.length === 1 && (rest[0] === '' || rest[0] === '-1')))
    return { slideId: slide.id, canonical };
  const fragments = Math.max(0, slide.steps - 1);
  const asked = rest.length === 1 ? indexFromText(step, fragments) : null;
  if (!asked) return { slideId: slide.id, canonical, problem: { kind: 'bad-step', id: slide.id, step, fragments } };
  const at = fragments ? `${canonical}/${asked.index}` : canonical;
  if (!asked.past) return { slideId: slide.id, canonical: at };
  return { slideId: slide.id, canonical: at, problem: { kind: 'past-last', id: slide.id, step, fragments } };
}

/** Pure: a name from an address, cut short for a message (the rest of a 128,000-character id helps nobody). */
export function shortened(text: string, max = 80): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/**
 * Pure: the folder of the deck that anyone may see, for a page at `href`: the page's own folder, or, on the
 * presenter's deck of a workshop (served by server/ at `/presenter/…`, for the presenter's cookie only), the
 * participants' deck at the root of the same server. What the page shows or copies (the embed snippets) starts from
 * here, so it never points at the presenter's deck.
 */
export function publicDeckUrl(href: string): string {
  const url = new URL(href);
  if (/^\/presenter\//.test(url.pathname)) return `${url.origin}/`;
  return new URL('./', url).href;
}
