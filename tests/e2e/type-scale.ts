import type { Page } from '@playwright/test';

export interface SmallText {
  /** Rendered size in CSS pixels of the viewport (computed font size × the deck's scale). */
  px: number;
  text: string;
  /** Where it is: the element's tag and classes, and the demo it is inside. */
  where: string;
}

export interface TypeScale {
  /** The smallest rendered text on the slide. */
  smallest: SmallText | null;
  /** Every text under `minPx`, smallest first (at most 12). */
  under: SmallText[];
  /** The smallest rendered size of the slide's body text (`.slide-body` paragraphs and list items). */
  bodySmallest: number | null;
}

/**
 * Measures the text a person sees on the current slide, inside demos' shadow roots too: each visible text node's
 * computed font size times the deck's scale. Text for screen readers only (clipped to a pixel), hidden text and
 * the deck's chrome outside the slide are left out.
 */
export async function measureTypeScale(page: Page, minPx: number): Promise<TypeScale> {
  return page.evaluate((min) => {
    const deck = (window as unknown as { deck?: { getScale?: () => number } }).deck;
    const scale = deck?.getScale?.() ?? 1;
    const section = document.querySelector('.reveal .slides > section.present');
    const found: { px: number; text: string; where: string }[] = [];
    let bodySmallest: number | null = null;
    const describe = (el: Element): string => {
      const host: Node | null = el.getRootNode();
      const demo = host instanceof ShadowRoot ? host.host.localName : '';
      return `${demo ? demo + ' › ' : ''}${el.localName}${el.classList.length ? '.' + [...el.classList].join('.') : ''}`;
    };
    const visible = (el: Element): boolean => {
      const rects = el.getClientRects();
      if (rects.length === 0) return false;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 && r.height <= 1) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') return false;
      return true;
    };
    const walk = (root: Node, inBody: boolean) => {
      for (const node of Array.from(root.childNodes)) {
        if (node.nodeType === Node.TEXT_NODE) {
          const text = (node.textContent ?? '').trim();
          const parent = node.parentElement;
          if (!text || !parent || !visible(parent)) continue;
          if (parent.closest('aside.notes, .fragment, script, style, template')) continue;
          const px = parseFloat(getComputedStyle(parent).fontSize) * scale;
          found.push({ px, text: text.slice(0, 40), where: describe(parent) });
          if (inBody && parent.closest('p, li')) bodySmallest = bodySmallest === null ? px : Math.min(bodySmallest, px);
        } else if (node instanceof Element) {
          if (node.matches('aside.notes, script, style, template')) continue;
          const body = inBody || node.classList.contains('slide-body');
          if (node.shadowRoot) walk(node.shadowRoot, false);
          walk(node, body);
        }
      }
    };
    if (section) walk(section, false);
    found.sort((a, b) => a.px - b.px);
    return {
      smallest: found[0] ?? null,
      under: found.filter((f) => f.px < min - 0.01).slice(0, 12),
      bodySmallest,
    };
  }, minPx);
}
