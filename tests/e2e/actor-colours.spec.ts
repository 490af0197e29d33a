import type { Page } from '@playwright/test';
import { readingTest, expect, showSlide, settle, slidesUnderTest, walkingOptions, demoStep } from './fixtures.ts';
import { speakerSteps } from '../../slides/types.ts';

/**
 * One colour per actor across the deck (issue #36 item 4; the staging note's table): whatever draws the kernel, a
 * thread, the loop, a task, a timer, I/O data or a microtask says so, `data-actor="<actor>"`, and paints in that
 * actor's colour (`--hsw-actor-<actor>`, assets/theme.css). At every clicker step of every slide, presented, in both
 * themes, each such element (the light DOM and the demos' shadow roots):
 * - has its actor's colour among its paints (text colour, background, a border that is drawn, SVG fill or stroke);
 * - has no other colour among them: a paint that is a colour at all (not a grey, not black or white: the theme's
 *   text, panels and lines) is the actor's fill or the text written on it, so a kernel painted green fails;
 * - writes text on its own fill at 4.5:1 or more.
 * `ACTORS` lists, for each slide, the actors it draws (at one step or another, presented; at its first state in the
 * self-paced view, its disclosures open): an attribute lost fails too, and so does an actor drawn but not listed.
 */
const ACTORS: Record<string, { presented: readonly string[]; selfPaced: readonly string[] }> = {
  'wake-up': { presented: ['io', 'kernel', 'thread'], selfPaced: ['io', 'kernel', 'thread'] },
  // the rings, with the kernel's box between them, on the stage too (#36)
  'io-uring': { presented: ['kernel'], selfPaced: ['kernel'] },
  'asyncio-responsiveness': { presented: ['loop', 'task'], selfPaced: ['loop', 'task'] },
  pitfalls: { presented: ['kernel'], selfPaced: ['kernel'] },
  comparison: { presented: ['thread', 'loop', 'task'], selfPaced: [] },
  // epoll_wait (the kernel), the bytes arriving and waiting in a socket (I/O data)
  nonblocking: { presented: ['io', 'kernel'], selfPaced: ['io', 'kernel'] },
  // Presented, these slides are the shared loop picture (components/shared/loop-picture/): its regions, chips,
  // sockets, threads and ring say their actor (the self-paced view shows the demo's own panels instead)
  'event-loop': { presented: ['io', 'kernel', 'loop', 'microtask', 'task', 'thread', 'timer'], selfPaced: [] },
  'libuv-pool': { presented: ['io', 'kernel', 'loop', 'microtask', 'task', 'thread', 'timer'], selfPaced: [] },
  'heavy-task': { presented: ['io', 'kernel', 'loop', 'microtask', 'task', 'thread', 'timer'], selfPaced: [] },
  'callbacks-promises-await': {
    presented: ['io', 'kernel', 'loop', 'microtask', 'task', 'thread', 'timer'],
    selfPaced: [],
  },
  // (asyncio has no microtask queue)
  'await-future': { presented: ['io', 'kernel', 'loop', 'task', 'thread', 'timer'], selfPaced: [] },
  // the OS threads' lanes and the tasks (goroutines, virtual threads, processes) on them and queued
  'green-threads': { presented: ['task', 'thread'], selfPaced: ['task', 'thread'] },
  // the calls' bars (tasks) and the handler awaiting them (a coroutine)
  'tasks-gather': { presented: ['task'], selfPaced: ['task'] },
  // presented, the loop picture of the run (its regions, the queued callbacks); the self-paced view's panels mark none
  'micro-macro': { presented: ['kernel', 'loop', 'microtask', 'task', 'thread', 'timer'], selfPaced: [] },
  // the descriptors (the kernel's), those whose data a call found (I/O data), and the legend's keys for them
  'select-epoll': { presented: ['io', 'kernel'], selfPaced: ['io', 'kernel'] },
  // the async functions (coroutines) and the plain ones they break; plain functions are no actor
  'function-coloring': { presented: ['task'], selfPaced: [] },
  // the loop picture (CPython's names) holding the recorded turns: tasks' steps, the loop's own callbacks, the
  // starving program's timer, with its regions' actors (the selector's kernel band, the stack's thread)
  'asyncio-loop': { presented: ['kernel', 'loop', 'task', 'thread', 'timer'], selfPaced: [] },
  // the threads a call occupies (the loop's, the pool's), the requests waiting and the heartbeat's ticks (tasks)
  'python-asyncio': { presented: ['task', 'thread'], selfPaced: ['task', 'thread'] },
  // presented: the state that runs or waits to resume and the heap object (the coroutine's), the stack (the thread's),
  // the microtask that resumes it, the call it waits for (I/O); the self-paced view's listings mark none
  'async-state-machine': { presented: ['io', 'microtask', 'task', 'thread'], selfPaced: [] },
};

const ACTOR_NAMES = ['kernel', 'thread', 'loop', 'task', 'timer', 'io', 'microtask'] as const;

interface Finding {
  actor: string;
  where: string;
  problem: string;
}

/** The current slide's elements that draw an actor, and what is wrong with their paint. */
function auditActors(page: Page): Promise<{ seen: string[]; problems: Finding[] }> {
  return page.evaluate(
    (names) => {
      type Rgba = [number, number, number, number];
      const parse = (c: string): Rgba | null => {
        const m = /^rgba?\(([^)]+)\)$/.exec(c.trim()) ?? /^color\(srgb ([^)]+)\)$/.exec(c.trim());
        if (!m) return null;
        const parts = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        const srgb = c.startsWith('color(');
        const [r, g, b] = parts.slice(0, 3).map((v) => (srgb ? v * 255 : v));
        return [r!, g!, b!, parts[3] ?? 1];
      };
      const hex = (h: string): Rgba => {
        const v = h.trim().replace('#', '');
        const full = v.length === 3 ? [...v].map((x) => x + x).join('') : v;
        return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1) as Rgba;
      };
      const rootStyle = getComputedStyle(document.documentElement);
      const tokens = new Map(
        names.map((n) => [
          n,
          {
            fill: hex(rootStyle.getPropertyValue(`--hsw-actor-${n}`)),
            text: hex(rootStyle.getPropertyValue(`--hsw-actor-${n}-text`)),
          },
        ]),
      );
      const same = (a: Rgba, b: Rgba) => [0, 1, 2].every((i) => Math.abs(a[i]! - b[i]!) <= 1.5);
      const chromatic = (c: Rgba) => c[3] > 0.05 && Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2]) >= 40;
      const lum = (c: Rgba) => {
        const [r, g, b] = [c[0], c[1], c[2]].map((v) => {
          const s = v / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const ratio = (a: Rgba, b: Rgba) => {
        const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
        return (hi! + 0.05) / (lo! + 0.05);
      };
      const section = document.querySelector('.reveal .slides > section.present');
      const all: Element[] = [];
      const deep = (root: Element | ShadowRoot) => {
        for (const el of root.querySelectorAll('*')) {
          all.push(el);
          if (el.shadowRoot) deep(el.shadowRoot);
        }
      };
      if (section) deep(section);
      const describe = (el: Element) => {
        const root = el.getRootNode();
        const host = root instanceof ShadowRoot ? root.host.localName + ' › ' : '';
        const cls = el.getAttribute('class');
        return `${host}${el.localName}${cls ? '.' + cls.trim().split(/\s+/).join('.') : ''}`;
      };
      const seen = new Set<string>();
      const problems: { actor: string; where: string; problem: string }[] = [];
      for (const el of all) {
        const actor = el.getAttribute('data-actor');
        if (actor === null) continue;
        const where = describe(el);
        const token = tokens.get(actor);
        if (!token) {
          problems.push({ actor, where, problem: `no such actor (${names.join(', ')})` });
          continue;
        }
        if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        seen.add(actor);
        const st = getComputedStyle(el);
        const paints: [string, string][] = [
          ['color', st.color],
          ['background', st.backgroundColor],
        ];
        for (const side of ['top', 'right', 'bottom', 'left'] as const) {
          const w = parseFloat(st.getPropertyValue(`border-${side}-width`));
          if (w > 0 && st.getPropertyValue(`border-${side}-style`) !== 'none')
            paints.push([`border-${side}`, st.getPropertyValue(`border-${side}-color`)]);
        }
        if (el instanceof SVGElement) {
          if (st.fill !== 'none') paints.push(['fill', st.fill]);
          if (st.stroke !== 'none') paints.push(['stroke', st.stroke]);
        }
        const parsed = paints.map(([what, c]) => [what, c, parse(c)] as const);
        const own = parsed.filter(([, , c]) => c && same(c, token.fill) && c[3] > 0.05);
        if (own.length === 0)
          problems.push({
            actor,
            where,
            problem: `none of its paints is the ${actor}'s colour: ${parsed.map(([w, c]) => `${w} ${c}`).join(', ')}`,
          });
        for (const [what, c, rgba] of parsed) {
          if (rgba && chromatic(rgba) && !same(rgba, token.fill) && !same(rgba, token.text))
            problems.push({ actor, where, problem: `${what} is ${c}, not the ${actor}'s colour` });
        }
        const bg = parse(st.backgroundColor);
        const fg = parse(st.color);
        const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (hasText && bg && fg && bg[3] > 0.99 && same(bg, token.fill) && ratio(fg, bg) < 4.5)
          problems.push({
            actor,
            where,
            problem: `text ${st.color} on ${st.backgroundColor}: ${ratio(fg, bg).toFixed(2)}:1`,
          });
      }
      return { seen: [...seen], problems };
    },
    ACTOR_NAMES as readonly string[],
  );
}

readingTest.use(walkingOptions);

/**
 * Presented, every clicker step; in the self-paced view (its disclosures open: io_uring's rings), the first state.
 * The loops go theme, then view, then slide, so that one page walks the deck in one document at a time.
 */
for (const theme of ['dark', 'light'] as const) {
  for (const view of ['presented', 'self-paced'] as const) {
    for (const slide of slidesUnderTest()) {
      readingTest(`one colour per actor: ${slide.id} (${view}, ${theme})`, async ({ sharedPage: page }) => {
        const steps = view === 'presented' ? speakerSteps(slide) : 1;
        const seen = new Set<string>();
        for (let step = 0; step < steps; step++) {
          if (step === 0)
            await showSlide(page, slide.id, { theme, ...(view === 'presented' ? { query: 'present' } : {}) });
          else {
            await page.keyboard.press('PageDown');
            await expect.poll(() => demoStep(page, slide.id), `${slide.id} at step ${step}`).toBe(step);
          }
          await expect(page.locator(`section#${slide.id} .slide-body`)).toHaveAttribute('aria-busy', 'false');
          await settle(page);
          const found = await auditActors(page);
          for (const a of found.seen) seen.add(a);
          const problems = found.problems.map((p) => `step ${step}: ${p.where} (${p.actor}): ${p.problem}`);
          expect(problems, `${slide.id} at step ${step}`).toEqual([]);
        }
        const expected = ACTORS[slide.id]?.[view === 'presented' ? 'presented' : 'selfPaced'] ?? [];
        expect([...seen].sort(), `the actors ${slide.id} draws, ${view}`).toEqual([...expected].sort());
      });
    }
  }
}
