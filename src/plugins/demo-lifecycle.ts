import { Owned } from '../owned.ts';
import type { RevealApi, RevealPlugin } from 'reveal.js';
import { slideById } from '../../slides/index.ts';
import type { DemoMode } from '../../lib/demo-contract.ts';
import { MOVES, type DeckPosition, type Position } from '../deck-position.ts';

interface DemoHost extends HTMLElement {
  step: number;
  active: boolean;
  near: boolean;
  mode: DemoMode;
  print: boolean;
  presenting: boolean;
}

const loaded = new Map<string, Promise<unknown>>();

/** Loads a demo's module once; a failure shows a message in its place instead of a blank slide. */
export function loadDemo(slideId: string, onError: (id: string) => void): Promise<unknown> {
  const def = slideById(slideId)?.demo;
  if (!def) return Promise.resolve();
  let p = loaded.get(def.tag);
  if (!p) {
    p = def.load().then(
      () => performance.mark(`demo-ready:${slideId}`),
      (error: unknown) => {
        loaded.delete(def.tag);
        console.warn(`demo ${def.tag} failed to load`, error);
        onError(slideId);
      },
    );
    loaded.set(def.tag, p);
  }
  return p;
}

/** Code blocks in slide text are `<hsw-code>`: highlight.js loads with the first slide that shows one. */
function defineCodePanel(section: Element | undefined): void {
  if (section?.querySelector('hsw-code') && !customElements.get('hsw-code'))
    void import('../../components/ui/code-panel.ts');
}

function demoOf(section: Element | undefined): DemoHost | null {
  return (section?.querySelector('.demo') as DemoHost | null) ?? null;
}

/** Runs work once the browser is idle, so that preparing the next slides never delays the one being shown. */
function whenIdle(fn: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 1500 });
  else setTimeout(fn, 300);
}

/** Runs work just after the next frame has been produced (a task queued from its animation frame callback). */
function afterFrame(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

export interface LifecycleOptions {
  /** A slide's demo failed to load. */
  onError: (slideId: string) => void;
  /** Loads a slide's words (body, notes, sources) and renders the slide with them; the shell does it once. */
  loadText: (slideId: string) => Promise<unknown>;
  /** Where the deck is (src/deck-position.ts): the lifecycle follows it and never asks reveal. */
  position: DeckPosition;
}

/**
 * Tells each demo where the deck is: `active` on the current slide, `near` within one slide, `step` from the
 * fragments that carry its speaker sequence. The current slide's words and demo load at once; its neighbours'
 * (and their charts) once the current one's demo is in and the browser is idle, so the first slide needs none of
 * the others' code (nor chart.js). In print, every demo loads and every chart draws. Each demo also gets `mode`
 * `print` and `presenting`. All of it comes from the published position (src/deck-position.ts): the lifecycle is
 * the one writer of a demo's inputs, and asks reveal only for the list of its slides.
 */
export const DemoLifecycle = (options: LifecycleOptions): RevealPlugin => {
  const owned = new Owned();
  return {
    id: 'demo-lifecycle',
    init: (deck: RevealApi) => initLifecycle(deck, options, owned),
    /** reveal's plugin exit: every listener it added goes. */
    destroy: () => owned.release(),
  };
};

/** Follows the published position and tells each slide's demo its inputs. */
function initLifecycle(deck: RevealApi, options: LifecycleOptions, owned: Owned): void {
  /**
   * What one slide's demo is told. `urgent` is the slide being shown (and, in print, every slide): the others
   * (the slide just left, the ones that come near or go away) learn it once the new slide is on screen
   * (`afterFrame`), so that a key press pays only for the slide it shows.
   */
  const syncSlide = (
    here: Position,
    section: HTMLElement,
    i: number,
    index: number,
    currentReady: Promise<unknown>,
  ) => {
    const { mode, print: printing, presenting } = here;
    const demo = demoOf(section);
    /** Loads what the slide shows: its words, its code panels, its demo, and (through `near`) its charts. */
    const prepare = () => {
      void options.loadText(section.id).then(() => defineCodePanel(section));
      void loadDemo(section.id, options.onError);
      if (demo) demo.near = true;
    };
    if (i === index || printing) {
      prepare();
    } else if (Math.abs(i - index) <= 1) {
      void currentReady.then(() =>
        whenIdle(() => {
          const now = options.position.current();
          if (now?.slide && Math.abs(now.index - i) <= 1) prepare();
        }),
      );
    } else if (demo) {
      demo.near = false;
    }
    if (!demo) return;
    demo.mode = mode;
    demo.print = printing;
    // Only a slide laid out for presenting takes its presented look (slides/types.ts `presented`).
    demo.presenting = presenting && slideById(section.id)?.presented === true;
    demo.active = !printing && i === index;
    if (i === index) {
      demo.step = here.step;
    }
  };
  let restPending = false;
  const syncRest = () => {
    restPending = false;
    const here = options.position.current();
    if (!here) return;
    const { slide: current, index } = here;
    const currentReady = current ? loadDemo(current.id, options.onError) : Promise.resolve();
    deck.getHorizontalSlides().forEach((section, i) => {
      if (i !== index) syncSlide(here, section, i, index, currentReady);
    });
  };
  const sync = (here: Position) => {
    const { slide: current, index } = here;
    if (current) syncSlide(here, current, index, index, loadDemo(current.id, options.onError));
    if (here.print) syncRest();
    else if (!restPending) {
      restPending = true;
      afterFrame(syncRest);
    }
  };
  const SYNCED = new Set(['ready', ...MOVES, 'pdf-ready', 'presenting']);
  owned.add(
    options.position.subscribe(({ now, cause }) => {
      if (SYNCED.has(cause)) sync(now);
    }),
  );
  owned.listen(document, 'visibilitychange', () => {
    const demo = demoOf(options.position.current()?.slide);
    if (demo) demo.active = document.visibilityState === 'visible';
  });
}
