import type { Page } from '@playwright/test';
import { stageAndChrome, type Box } from './legibility.ts';

/** Where a string the notes name (a notes paragraph's `shows`, slides/types.ts `NotesParagraph`) was found. */
export interface Shown {
  text: string;
  /** `shown`: seen; else why not (the best place found, when several hold it). */
  status: 'shown' | 'not found' | 'closed' | 'hidden' | 'clipped' | 'off stage' | 'under the chrome';
  /** Where it was found (the element), and for `off stage`/`under the chrome` its box. */
  where: string;
}

/**
 * Finds each string on the current slide (`.reveal .slides > section.present`, light DOM and open shadow roots at any
 * depth, not the speaker notes) and tells whether the hall sees it: in a rendered text (a text node, or an element's
 * text when the string spans several of its nodes: `<b>`, `<tspan>`), or — for what is drawn, not written: a chart on
 * a canvas — an element's `data-shows` or a canvas's `aria-label` (the chart's accessible name, which it draws as its
 * title or legend). Case and runs of white space do not count. Seen means: not inside a closed `<details>` (besides its
 * summary), `checkVisibility` true (display, visibility, opacity 0, content-visibility), not cut wholly off by a box
 * that scrolls or clips it, inside the 1280×720 stage (reveal's scaled slide) and not under the navigation arrows as
 * drawn, the progress bar or the slide number (legibility.ts `stageAndChrome` finds them).
 */
export async function findShown(page: Page, needles: readonly string[]): Promise<Shown[]> {
  const { stage, chrome } = await stageAndChrome(page);
  return page.evaluate(
    ({ wanted, stage, chrome }) => {
      const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
      const section = document.querySelector('.reveal .slides > section.present');
      const boxOf = (r: DOMRect): Box => ({ x: r.x, y: r.y, r: r.right, b: r.bottom });
      const meet = (a: Box, b: Box): Box => ({
        x: Math.max(a.x, b.x),
        y: Math.max(a.y, b.y),
        r: Math.min(a.r, b.r),
        b: Math.min(a.b, b.b),
      });
      const empty = (a: Box) => a.r - a.x < 0.5 || a.b - a.y < 0.5;
      const round = (b: Box) => `${Math.round(b.x)},${Math.round(b.y)}–${Math.round(b.r)},${Math.round(b.b)}`;
      /** The element's parent as laid out: its slot, its parent, or its shadow root's host. */
      const up = (el: Element): Element | null => {
        if (el.assignedSlot) return el.assignedSlot;
        if (el.parentElement) return el.parentElement;
        const root = el.getRootNode();
        return root instanceof ShadowRoot ? root.host : null;
      };
      const describe = (el: Element): string => {
        const root: Node = el.getRootNode();
        const demo = root instanceof ShadowRoot ? root.host.localName : '';
        return `${demo ? demo + ' › ' : ''}${el.localName}${el.classList.length ? '.' + [...el.classList].join('.') : ''}`;
      };
      /** A closed `<details>` the element is in (not in its summary), through slots and shadow hosts. */
      const closedIn = (el: Element): Element | null => {
        for (let e: Element | null = el, below: Element | null = null; e; below = e, e = up(e))
          if (
            e instanceof HTMLDetailsElement &&
            !e.open &&
            !(below instanceof HTMLElement && below.localName === 'summary')
          )
            return e;
        return null;
      };
      const judge = (el: Element, node: Text | null): Omit<Shown, 'text'> => {
        const where = describe(el);
        const closed = closedIn(el);
        if (closed) return { status: 'closed', where: `${where} in a closed ${describe(closed)}` };
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }))
          return { status: 'hidden', where };
        let boxes: Box[] = [];
        if (node) {
          const range = document.createRange();
          range.selectNodeContents(node);
          boxes = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map(boxOf);
        }
        if (boxes.length === 0) boxes = [boxOf(el.getBoundingClientRect())].filter((b) => !empty(b));
        if (boxes.length === 0) return { status: 'hidden', where: `${where} (no box)` };
        for (let e: Element | null = el; e && e !== section; e = up(e)) {
          const st = getComputedStyle(e);
          if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
          const clip = boxOf(e.getBoundingClientRect());
          boxes = boxes.map((b) => meet(b, clip)).filter((b) => !empty(b));
          if (boxes.length === 0) return { status: 'clipped', where: `${where} (cut off by ${describe(e)})` };
        }
        const b = boxes[0]!;
        if (stage && (b.x < stage.x - 1 || b.y < stage.y - 1 || b.r > stage.r + 1 || b.b > stage.b + 1))
          return { status: 'off stage', where: `${where} at ${round(b)}, the stage ${round(stage)}` };
        for (const c of chrome)
          if (!empty(meet(b, c.box))) return { status: 'under the chrome', where: `${where} under ${c.name}` };
        return { status: 'shown', where };
      };
      /** Every place that holds the string: text nodes, then elements whose text (split over nodes) or name holds it. */
      const places = (needle: string): [Element, Text | null][] => {
        const out: [Element, Text | null][] = [];
        const walk = (root: Node) => {
          for (const node of Array.from(root.childNodes)) {
            if (node.nodeType === Node.TEXT_NODE) {
              if (node.parentElement && norm(node.textContent ?? '').includes(needle))
                out.push([node.parentElement, node as Text]);
            } else if (node instanceof Element) {
              if (node.matches('aside.notes, script, style, template')) continue;
              const named =
                norm(node.getAttribute('data-shows') ?? '') === needle ||
                (node instanceof HTMLCanvasElement && norm(node.getAttribute('aria-label') ?? '').includes(needle));
              if (named) out.push([node, null]);
              // The string spans this element's nodes, and no child element holds it whole
              const own = norm(node.textContent ?? '');
              if (
                own.includes(needle) &&
                ![...node.childNodes].some((c) => norm(c.textContent ?? '').includes(needle)) &&
                !(node instanceof HTMLStyleElement)
              )
                out.push([node, null]);
              if (node.shadowRoot) walk(node.shadowRoot);
              walk(node);
            }
          }
        };
        if (section) walk(section);
        return out;
      };
      const rank = ['shown', 'under the chrome', 'off stage', 'clipped', 'hidden', 'closed'];
      return wanted.map((text) => {
        const found = places(norm(text)).map(([el, node]) => judge(el, node));
        if (found.length === 0) return { text, status: 'not found' as const, where: 'nowhere on the slide' };
        found.sort((a, b) => rank.indexOf(a.status) - rank.indexOf(b.status));
        return { text, ...found[0]! };
      });
    },
    { wanted: needles, stage, chrome },
  );
}

/**
 * Every visible text of the current slide, one line each (light DOM and shadow roots; what `findShown` would call
 * shown): to choose a paragraph's `shows` (NOTES_SHOWN_DUMP=1 in tests/e2e/legibility.spec.ts prints them).
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const section = document.querySelector('.reveal .slides > section.present');
    const out: string[] = [];
    const walk = (root: Node) => {
      for (const node of Array.from(root.childNodes)) {
        if (node.nodeType === Node.TEXT_NODE) {
          const t = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
          const p = node.parentElement;
          if (t && p && p.checkVisibility({ opacityProperty: true, visibilityProperty: true })) out.push(t);
        } else if (node instanceof Element) {
          if (node.matches('aside.notes, script, style, template')) continue;
          if (node instanceof HTMLCanvasElement && node.getAttribute('aria-label'))
            out.push(`[canvas] ${node.getAttribute('aria-label')}`);
          if (node.getAttribute('data-shows')) out.push(`[data-shows] ${node.getAttribute('data-shows')}`);
          if (node.shadowRoot) walk(node.shadowRoot);
          walk(node);
        }
      }
    };
    if (section) walk(section);
    return out;
  });
}
