import type { Page } from '@playwright/test';
import { gotoSlide, settle } from './fixtures.ts';

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
  /**
   * Up to 8 visible texts (their line boxes, after what their scrolling or clipping boxes cut off) that run off the
   * stage (reveal's scaled 1280×720 slide) or under the deck's chrome (the navigation arrows as drawn, the progress
   * bar, the slide number).
   */
  offStage: { text: string; where: string; box: string; off: string }[];
}

/** A box on the screen, in CSS pixels: left, top, right, bottom. */
export interface Box {
  x: number;
  y: number;
  r: number;
  b: number;
}

/** The stage and the deck's chrome drawn over it, as `stageAndChrome` finds them. */
export interface StageAndChrome {
  /** reveal's scaled 1280×720 slide; null when the page shows no deck */
  stage: Box | null;
  /** the navigation arrows as drawn (one box around the visible buttons), the progress bar and the slide number */
  chrome: { name: string; box: Box }[];
}

/**
 * Where the current page draws the stage and the chrome that text must stay clear of: one finder for every walk that
 * asks whether text is off the stage or under the arrows (`measureLegibility`, notes-shown.ts `findShown`).
 */
export async function stageAndChrome(page: Page): Promise<StageAndChrome> {
  return page.evaluate(() => {
    const boxOf = (r: DOMRect): Box => ({ x: r.x, y: r.y, r: r.right, b: r.bottom });
    const stageEl = document.querySelector('.reveal .slides');
    const stage = stageEl ? boxOf(stageEl.getBoundingClientRect()) : null;
    const drawn = (el: Element | null): Box[] => {
      if (!el) return [];
      const st = getComputedStyle(el);
      if (st.display === 'none' || st.visibility === 'hidden' || Number(st.opacity) <= 0.05) return [];
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? [boxOf(r)] : [];
    };
    // reveal keeps its up and down arrows, invisible: the arrows as drawn are the visible buttons.
    const arrows = [...document.querySelectorAll('.reveal > .controls > button')].flatMap(drawn);
    const chrome: { name: string; box: Box }[] = [
      ...(arrows.length
        ? [
            {
              name: 'the navigation arrows',
              box: {
                x: Math.min(...arrows.map((a) => a.x)),
                y: Math.min(...arrows.map((a) => a.y)),
                r: Math.max(...arrows.map((a) => a.r)),
                b: Math.max(...arrows.map((a) => a.b)),
              },
            },
          ]
        : []),
      ...drawn(document.querySelector('.reveal > .progress')).map((box) => ({ name: 'the progress bar', box })),
      ...drawn(document.querySelector('.reveal > .slide-number')).map((box) => ({ name: 'the slide number', box })),
    ];
    return { stage, chrome };
  });
}

/**
 * Measures every text node of the current slide that is rendered — the light DOM and open shadow roots, not the
 * speaker notes, not text hidden (display, visibility, opacity, inside a closed `<details>`: `checkVisibility`), not
 * text for screen readers only (clipped to a pixel), not text scrolled or clipped wholly out of its box, not the deck's
 * chrome outside the slide — its place (`offStage`: off the stage, or under the chrome), and its rendered
 * size: the computed font size times the deck's scale (reveal scales the 1280×720 slide with a transform), and in SVG
 * times the drawing's own scale to the screen. Text drawn on a canvas (chart labels) is not text to the DOM and is
 * not counted.
 */
export async function measureLegibility(page: Page, minPx: number): Promise<Legibility> {
  const { stage, chrome } = await stageAndChrome(page);
  return page.evaluate(
    ({ min, stage, chrome }) => {
      const deck = (window as unknown as { deck?: { getScale?: () => number } }).deck;
      const scale = deck?.getScale?.() ?? 1;
      const section = document.querySelector('.reveal .slides > section.present');
      const found: { px: number; n: number; text: string; where: string; body: boolean }[] = [];
      const boxOf = (r: DOMRect): Box => ({ x: r.x, y: r.y, r: r.right, b: r.bottom });
      const offStage: { text: string; where: string; box: string; off: string }[] = [];
      const meet = (a: Box, b: Box): Box => ({
        x: Math.max(a.x, b.x),
        y: Math.max(a.y, b.y),
        r: Math.min(a.r, b.r),
        b: Math.min(a.b, b.b),
      });
      const empty = (a: Box) => a.r - a.x < 0.5 || a.b - a.y < 0.5;
      /** The element's parent as laid out: its slot, its parent, or its shadow root's host. */
      const up = (el: Element): Element | null => {
        if (el.assignedSlot) return el.assignedSlot;
        if (el.parentElement) return el.parentElement;
        const root = el.getRootNode();
        return root instanceof ShadowRoot ? root.host : null;
      };
      /** What of a text's line boxes is left after the boxes that scroll or clip it (inside the slide) cut them. */
      const visibleBoxes = (node: Text, parent: Element): Box[] => {
        const range = document.createRange();
        range.selectNodeContents(node);
        let boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map(boxOf);
        if (boxes.length === 0) boxes = [boxOf(parent.getBoundingClientRect())];
        for (let el: Element | null = parent; el && el !== section; el = up(el)) {
          const st = getComputedStyle(el);
          if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
          const clip = boxOf(el.getBoundingClientRect());
          boxes = boxes.map((b) => meet(b, clip)).filter((b) => !empty(b));
          if (boxes.length === 0) break;
        }
        return boxes;
      };
      const round = (b: Box) => `${Math.round(b.x)},${Math.round(b.y)}–${Math.round(b.r)},${Math.round(b.b)}`;
      const checkPlace = (text: string, where: string, boxes: Box[]) => {
        for (const b of boxes) {
          const offs: string[] = [];
          if (stage && (b.x < stage.x - 1 || b.y < stage.y - 1 || b.r > stage.r + 1 || b.b > stage.b + 1))
            offs.push(`off the stage (${round(stage)})`);
          for (const c of chrome) if (!empty(meet(b, c.box))) offs.push(`under ${c.name} (${round(c.box)})`);
          if (offs.length) {
            offStage.push({ text, where, box: round(b), off: offs.join(', ') });
            return;
          }
        }
      };
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
            const boxes = visibleBoxes(node as Text, parent);
            // scrolled out of its box, or cut off by it: not seen
            if (boxes.length === 0) continue;
            checkPlace(text.slice(0, 40), describe(parent), boxes);
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
        offStage: offStage.slice(0, 8),
      };
    },
    { min: minPx, stage, chrome },
  );
}

/**
 * One row of the table a person reads: slide (and step), characters, body characters, share under the floor, smallest
 * and body sizes, and the texts off the stage or under the chrome.
 */
export function legibilityRow(id: string, lang: string, m: Legibility): string {
  const pct = m.chars ? Math.round((100 * m.charsUnder) / m.chars) : 0;
  const px = (v: number | null) => (v === null ? '   -' : v.toFixed(1).padStart(5));
  return `${(id + ' (' + lang + ')').padEnd(32)} ${String(m.chars).padStart(5)} ${String(m.bodyChars).padStart(5)} ${String(pct).padStart(4)} % ${px(m.smallestPx)} ${px(m.bodySmallestPx)} ${String(m.offStage.length).padStart(3)} off${m.offStage.length ? ': ' + m.offStage.map((o) => `“${o.text.slice(0, 20)}” ${o.off.replace(/ \(.*?\)/g, '')}`).join('; ') : ''}`;
}

/** How far down the stage the current slide's picture reaches. */
export interface Fill {
  /** The bottom of the lowest thing drawn, as a share of the stage's height from its top (0–1). */
  bottom: number;
  /** What it is. */
  where: string;
}

/**
 * Measures where the current slide's picture ends: the lowest thing drawn on it (a text's line box, an SVG shape, a
 * canvas or image, a box with a background or a border), light DOM and open shadow roots, after what scrolling or
 * clipping boxes cut off, as a share of the stage's height (reveal's scaled 1280×720 slide). The closed disclosures'
 * summaries ("More", "The code and the figures": secondary, one line each, wherever they sit) and the speaker notes
 * do not count: a slide whose picture ends at half the stage and puts its "More" at the bottom is still half empty.
 */
export async function measureFill(page: Page): Promise<Fill> {
  return page.evaluate(() => {
    const section = document.querySelector('.reveal .slides > section.present');
    const stage = document.querySelector('.reveal .slides')?.getBoundingClientRect();
    if (!section || !stage) return { bottom: 0, where: 'no slide' };
    let best = { b: stage.top, where: 'nothing' };
    const up = (el: Element): Element | null => {
      if (el.assignedSlot) return el.assignedSlot;
      if (el.parentElement) return el.parentElement;
      const root = el.getRootNode();
      return root instanceof ShadowRoot ? root.host : null;
    };
    /** The bottom of a box after the boxes that clip it, or null when nothing of it is left. */
    const clippedBottom = (r: DOMRect, from: Element): number | null => {
      let top = r.top;
      let bottom = r.bottom;
      for (let el: Element | null = from; el && el !== section; el = up(el)) {
        const st = getComputedStyle(el);
        if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
        const c = el.getBoundingClientRect();
        top = Math.max(top, c.top);
        bottom = Math.min(bottom, c.bottom);
        if (bottom - top < 0.5) return null;
      }
      return bottom;
    };
    const describe = (el: Element): string => {
      const root: Node = el.getRootNode();
      const demo = root instanceof ShadowRoot ? root.host.localName : '';
      return `${demo ? demo + ' › ' : ''}${el.localName}${el.classList.length ? '.' + [...el.classList].join('.') : ''}`;
    };
    const consider = (r: DOMRect, el: Element, what: string) => {
      if (r.width <= 0.5 || r.height <= 0.5) return;
      const b = clippedBottom(r, el);
      if (b !== null && b > best.b) best = { b, where: `${describe(el)} ${what}`.trim() };
    };
    const paints = (el: Element, st: CSSStyleDeclaration): boolean => {
      if (el instanceof SVGGraphicsElement && !(el instanceof SVGSVGElement) && !(el instanceof SVGGElement))
        return true;
      if (el instanceof HTMLCanvasElement || el instanceof HTMLImageElement) return true;
      const bg = st.backgroundColor;
      if (bg && !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(bg)) return true;
      return ['top', 'bottom', 'left', 'right'].some(
        (s) =>
          parseFloat(st.getPropertyValue(`border-${s}-width`)) > 0 &&
          st.getPropertyValue(`border-${s}-style`) !== 'none' &&
          !/rgba\(0, 0, 0, 0\)/.test(st.getPropertyValue(`border-${s}-color`)),
      );
    };
    const walk = (root: Node) => {
      for (const node of Array.from(root.childNodes)) {
        if (node.nodeType === Node.TEXT_NODE) {
          const parent = node.parentElement;
          if (!parent || !(node.textContent ?? '').trim()) continue;
          if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects())
            consider(r, parent, `“${(node.textContent ?? '').trim().slice(0, 30)}”`);
        } else if (node instanceof Element) {
          if (node.matches('aside.notes, script, style, template, summary')) continue;
          if (!node.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
          const st = getComputedStyle(node);
          if (paints(node, st)) consider(node.getBoundingClientRect(), node, '');
          if (node.shadowRoot) walk(node.shadowRoot);
          walk(node);
        } else if (node instanceof DocumentFragment) {
          walk(node);
        }
      }
    };
    walk(section);
    return { bottom: (best.b - stage.top) / stage.height, where: best.where };
  });
}

/**
 * On a narrow screen (a phone), the texts of the current slide that a person cannot read whole: a line box that runs
 * past the screen's left or right edge or past a box that clips it (`overflow: hidden` or `clip`; a box that scrolls
 * is readable), or a text squeezed to more lines than it has words (a word cut across lines, "p / i / n / n / e / d").
 * The light DOM and open shadow roots of the slide shown, hidden text and the speaker notes aside. Up to 8.
 */
export async function measureNarrow(page: Page): Promise<{ text: string; where: string; why: string }[]> {
  return page.evaluate(() => {
    const section = document.querySelector('.reveal .slides > section.present');
    const out: { text: string; where: string; why: string }[] = [];
    const width = document.documentElement.clientWidth;
    const up = (el: Element): Element | null => el.parentElement ?? (el.parentNode as ShadowRoot | null)?.host ?? null;
    const clipOf = (el: Element): { l: number; r: number } => {
      let l = 0;
      let r = width;
      for (let a: Element | null = el; a; a = up(a)) {
        const ox = getComputedStyle(a).overflowX;
        if (ox === 'hidden' || ox === 'clip') {
          const b = a.getBoundingClientRect();
          l = Math.max(l, b.left);
          r = Math.min(r, b.right);
        }
      }
      return { l, r };
    };
    const scrollerOf = (el: Element): DOMRect | null => {
      for (let a: Element | null = el; a; a = up(a)) {
        const ox = getComputedStyle(a).overflowX;
        if (ox === 'auto' || ox === 'scroll') return a.getBoundingClientRect();
      }
      return null;
    };
    const walk = (root: Node): void => {
      for (const node of root.childNodes) {
        if (node.nodeType === Node.TEXT_NODE) {
          const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
          const parent = node.parentElement;
          if (!text || !parent || !parent.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
            continue;
          if (parent.closest('aside.notes, script, style, template, option, .sr-only')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
          if (rects.length === 0) continue;
          const where = `${parent.localName}${parent.className && typeof parent.className === 'string' ? `.${parent.className.trim().split(/\s+/).join('.')}` : ''}`;
          const clip = clipOf(parent);
          // a text in a box that scrolls sideways (a listing) is read by scrolling it: only what the box shows counts
          const scroller = scrollerOf(parent);
          const seen = rects.map((r) =>
            scroller ? { left: Math.max(r.left, scroller.left), right: Math.min(r.right, scroller.right) } : r,
          );
          const cut = seen.find((r) => r.left < clip.l - 1 || r.right > clip.r + 1);
          const lines = new Set(rects.map((r) => Math.round(r.top))).size;
          const words = text.split(' ').length;
          if (cut)
            out.push({
              text: text.slice(0, 40),
              where,
              why: `${cut.left.toFixed(0)}–${cut.right.toFixed(0)} px, seen ${clip.l.toFixed(0)}–${clip.r.toFixed(0)}`,
            });
          else if (lines > words)
            out.push({ text: text.slice(0, 40), where, why: `${lines} lines for ${words} words` });
        } else if (node instanceof Element) {
          if (node.matches('aside.notes, script, style, template')) continue;
          if (node.shadowRoot) walk(node.shadowRoot);
          walk(node);
        } else if (node instanceof DocumentFragment) walk(node);
      }
    };
    if (section) walk(section);
    return out.slice(0, 8);
  });
}

/**
 * Every clicker step of slide `id`, presented on a phone (390×844) in both languages, reached as the presenter reaches
 * it (the step before by its address, then the clicker's "next"): what `measureNarrow` finds at each, by step.
 */
export async function walkPresentedOnPhone(
  page: Page,
  id: string,
  steps: number,
): Promise<Record<string, { text: string; where: string; why: string }[]>> {
  await page.setViewportSize({ width: 390, height: 844 });
  const found: Record<string, { text: string; where: string; why: string }[]> = {};
  for (const lang of ['en', 'ru'] as const) {
    for (let step = 0; step < steps; step++) {
      await gotoSlide(page, id, { lang, query: 'present', step: Math.max(0, step - 1) });
      if (step > 0) await page.keyboard.press('PageDown');
      await settle(page);
      const m = await measureNarrow(page);
      if (m.length) found[`${id}/${step} (${lang})`] = m;
    }
  }
  return found;
}
