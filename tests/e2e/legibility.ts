import type { Page } from '@playwright/test';

/** What a person at the back of the hall sees on the current slide: how much text, and how small. */
export interface Legibility {
  /** Visible characters (runs of white space count as one). */
  chars: number;
  /** Of those, the slide's body text's (the rest is the heading's and the demo's). */
  bodyChars: number;
  /** Of those, the characters rendered under `minPx`. */
  charsUnder: number;
  /** The smallest rendered size of any visible text, in CSS pixels of the viewport. */
  smallestPx: number | null;
  /** Where the smallest text is, and what it says (its first 40 characters). */
  smallestWhere: string;
  /** The smallest rendered size of the slide's body text (`.slide-body` paragraphs, list items, captions). */
  bodySmallestPx: number | null;
  /** Up to 8 texts under `minPx`, smallest first. */
  under: { px: number; text: string; where: string }[];
}

/**
 * Measures every text node of the current slide that is rendered — the light DOM and open shadow roots, not the
 * speaker notes, not text hidden (display, visibility, opacity, inside a closed `<details>`: `checkVisibility`), not
 * text for screen readers only (clipped to a pixel), not the deck's chrome outside the slide — and its rendered
 * size: the computed font size times the deck's scale (reveal scales the 1280×720 slide with a transform), and in SVG
 * times the drawing's own scale to the screen. Text drawn on a canvas (chart labels) is not text to the DOM and is
 * not counted.
 */
export async function measureLegibility(page: Page, minPx: number): Promise<Legibility> {
  return page.evaluate((min) => {
    const deck = (window as unknown as { deck?: { getScale?: () => number } }).deck;
    const scale = deck?.getScale?.() ?? 1;
    const section = document.querySelector('.reveal .slides > section.present');
    const found: { px: number; n: number; text: string; where: string; body: boolean }[] = [];
    const describe = (el: Element): string => {
      const root: Node = el.getRootNode();
      const demo = root instanceof ShadowRoot ? root.host.localName : '';
      return `${demo ? demo + ' › ' : ''}${el.localName}${el.classList.length ? '.' + [...el.classList].join('.') : ''}`;
    };
    const shown = (el: Element): boolean => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }))
        return false;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1) return false;
      return true;
    };
    const renderedPx = (el: Element): number => {
      const computed = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) {
        const svg = el instanceof SVGSVGElement ? el : el.ownerSVGElement;
        const m = (el as SVGGraphicsElement).getScreenCTM?.() ?? svg?.getScreenCTM();
        if (m) return computed * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      }
      return computed * scale;
    };
    const walk = (root: Node, inBody: boolean) => {
      for (const node of Array.from(root.childNodes)) {
        if (node.nodeType === Node.TEXT_NODE) {
          const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
          const parent = node.parentElement;
          if (!text || !parent || !shown(parent)) continue;
          if (parent.closest('aside.notes, script, style, template, option')) continue;
          found.push({
            px: renderedPx(parent),
            n: text.length,
            text: text.slice(0, 40),
            where: describe(parent),
            body: inBody,
          });
        } else if (node instanceof Element) {
          if (node.matches('aside.notes, script, style, template')) continue;
          const body = inBody || node.classList.contains('slide-body');
          if (node.shadowRoot) walk(node.shadowRoot, false);
          walk(node, body);
        } else if (node instanceof DocumentFragment) {
          walk(node, inBody);
        }
      }
    };
    if (section) walk(section, false);
    found.sort((a, b) => a.px - b.px);
    const bodyTexts = found.filter((f) => f.body);
    const under = found.filter((f) => f.px < min - 0.01);
    return {
      chars: found.reduce((s, f) => s + f.n, 0),
      bodyChars: bodyTexts.reduce((s, f) => s + f.n, 0),
      charsUnder: under.reduce((s, f) => s + f.n, 0),
      smallestPx: found[0]?.px ?? null,
      smallestWhere: found[0] ? `${found[0].where} “${found[0].text}”` : '',
      bodySmallestPx: bodyTexts[0]?.px ?? null,
      under: under.slice(0, 8).map(({ px, text, where }) => ({ px, text, where })),
    };
  }, minPx);
}

/** One row of the table a person reads: slide, characters, share under the floor, smallest and body sizes. */
export function legibilityRow(id: string, lang: string, m: Legibility): string {
  const pct = m.chars ? Math.round((100 * m.charsUnder) / m.chars) : 0;
  const px = (v: number | null) => (v === null ? '   -' : v.toFixed(1).padStart(5));
  return `${(id + ' (' + lang + ')').padEnd(30)} ${String(m.chars).padStart(5)} ${String(m.bodyChars).padStart(5)} ${String(pct).padStart(4)} % ${px(m.smallestPx)} ${px(m.bodySmallestPx)}`;
}
