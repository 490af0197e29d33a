import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RevealApi } from 'reveal.js';
import {
  DeckPosition,
  positionFrom,
  speakerStep,
  type DeckReading,
  type PositionChange,
} from '../../src/deck-position.ts';
import { ConnectedQuizzes } from '../../src/connected-quizzes.ts';
import { DemoLifecycle } from '../../src/plugins/demo-lifecycle.ts';
import { QuizPresenter } from '../../src/plugins/quiz-presenter.ts';
import { SpeakerLink } from '../../src/plugins/speaker-link.ts';
import { SPEAKER_MESSAGE } from '../../src/speaker-protocol.ts';

const DECK = { mode: 'deck', print: false, presenting: false } as const;
const section = (id: string) => ({ id }) as HTMLElement;
const reading = (slideId: string, indexf: number | undefined, extra: Partial<DeckReading> = {}): DeckReading => ({
  state: { indexh: 4, indexv: 0, indexf },
  slide: section(slideId),
  slideId,
  index: 4,
  countedIndex: 3,
  countedCount: 20,
  ...extra,
});

describe('positionFrom: where the deck is, from what reveal says and the manifest', () => {
  it('reveal fragment f is speaker step f + 1; none shown is step 0', () => {
    expect([undefined, -1, 0, 6].map(speakerStep)).toEqual([0, 0, 1, 7]);
  });

  it('the step’s phase comes from the slide’s speaker sequence (quiz-busy-wait: question, voting, revealed)', () => {
    const at = (f: number | undefined) => positionFrom(reading('quiz-busy-wait', f), DECK, 'en');
    expect([at(undefined), at(0), at(1)].map((p) => [p.step, p.phase])).toEqual([
      [0, 'question'],
      [1, 'voting'],
      [2, 'revealed'],
    ]);
  });

  it('a plan’s divider has no demo: one step, no phase', () => {
    const p = positionFrom(reading('chapter-io', undefined), DECK, 'ru');
    expect([p.slideId, p.step, p.phase, p.lang]).toEqual(['chapter-io', 0, null, 'ru']);
  });

  it('a slide outside the plan: its place among all the slides, -1 among the counted ones', () => {
    const p = positionFrom(reading('c10k', 0, { index: 17, countedIndex: -1 }), DECK, 'en');
    expect([p.index, p.counted, p.step]).toEqual([17, { index: -1, count: 20 }, 1]);
  });

  it('reveal’s state as the speaker view has it: indexf only when reveal gives one, paused a boolean', () => {
    expect(positionFrom(reading('c10k', undefined), DECK, 'en').state).toEqual({ indexh: 4, indexv: 0, paused: false });
    expect(positionFrom(reading('c10k', 2), DECK, 'en').state).toEqual({
      indexh: 4,
      indexv: 0,
      indexf: 2,
      paused: false,
    });
  });

  it('no slide yet: index 0, id empty; the page’s mode passes through', () => {
    const page = { mode: 'speaker', print: false, presenting: true } as const;
    const p = positionFrom(reading('', undefined, { slide: undefined, index: -1, countedIndex: -1 }), page, 'en');
    expect([p.slideId, p.index, p.counted.index, p.mode, p.presenting, p.print]).toEqual([
      '',
      0,
      0,
      'speaker',
      true,
      false,
    ]);
  });
});

/** The reveal methods that say where the deck is: only the position module may call them. */
const ASKS = ['getIndices', 'getState', 'getCurrentSlide', 'availableFragments'] as const;

/** A deck of plain sections (a plan's dividers: no demo to load) that counts every question about its position. */
function fakeDeck(ids: string[]) {
  const sections = ids.map((id) => ({
    id,
    querySelector: () => null,
    querySelectorAll: () => [],
    contains: () => false,
  })) as unknown as HTMLElement[];
  const calls = Object.fromEntries(ASKS.map((k) => [k, 0])) as Record<(typeof ASKS)[number], number>;
  const handlers = new Map<string, Set<(e: unknown) => void>>();
  const keys = new Set<number>();
  let h = 0;
  let f = -1;
  const deck = {
    on: (type: string, fn: (e: unknown) => void) => void handlers.set(type, (handlers.get(type) ?? new Set()).add(fn)),
    off: (type: string, fn: (e: unknown) => void) => void handlers.get(type)?.delete(fn),
    isReady: () => true,
    isSpeakerNotes: () => false,
    isPrintView: () => false,
    isOverview: () => false,
    getHorizontalSlides: () => sections,
    getSlides: () => sections,
    getRevealElement: () => undefined,
    addKeyBinding: (b: number | { keyCode: number }) => void keys.add(typeof b === 'number' ? b : b.keyCode),
    removeKeyBinding: (keyCode: number) => void keys.delete(keyCode),
    registerKeyboardShortcut: () => undefined,
    getIndices: () => (calls.getIndices++, { h, v: 0, f: f < 0 ? undefined : f }),
    getState: () => (calls.getState++, { indexh: h, indexv: 0, indexf: f < 0 ? undefined : f, paused: false }),
    getCurrentSlide: () => (calls.getCurrentSlide++, sections[h]),
    availableFragments: () => (calls.availableFragments++, { prev: f >= 0, next: true }),
  };
  /** One press: reveal moves and tells its listeners, as it does. */
  const press = (type: 'slidechanged' | 'fragmentshown', to: { h?: number; f: number }) => {
    h = to.h ?? h;
    f = to.f;
    for (const fn of handlers.get(type) ?? []) fn({ type, fragments: [] });
  };
  const emit = (type: string) => {
    for (const fn of handlers.get(type) ?? []) fn({ type });
  };
  return { deck: deck as unknown as RevealApi & typeof deck, calls, press, emit, handlers, keys };
}

describe('DeckPosition: one module asks reveal where the deck is; the plugins subscribe', () => {
  beforeEach(() => {
    const win = Object.assign(new EventTarget(), {
      location: { search: '?present', origin: 'http://127.0.0.1', href: 'http://127.0.0.1/' },
      // the lifecycle prepares the next slides when idle: never here (no slide to prepare)
      requestIdleCallback: () => 0,
    });
    vi.stubGlobal('window', win);
    vi.stubGlobal(
      'document',
      Object.assign(new EventTarget(), { querySelectorAll: () => [], visibilityState: 'visible' }),
    );
    vi.stubGlobal('requestAnimationFrame', (fn: () => void) => setTimeout(fn, 0));
  });
  afterEach(async () => {
    // the lifecycle's work after a slide is ready (a promise, then the idle callback) reads the stubbed window: let
    // it run before the stubs go
    await new Promise((r) => setTimeout(r, 20));
    vi.unstubAllGlobals();
  });

  it('a press reaches the plugins through one reading of the deck', async () => {
    const { deck, calls, press, emit } = fakeDeck(['chapter-io', 'chapter-async', 'chapter-threads']);
    const position = new DeckPosition({ getLang: () => 'en' });
    const heard: PositionChange[] = [];
    position.init(deck);
    position.subscribe((change) => heard.push(change));
    void SpeakerLink({ position }).init?.(deck);
    void QuizPresenter(position, new ConnectedQuizzes()).init?.(deck);
    void DemoLifecycle({ position, onError: () => undefined, loadText: () => Promise.resolve() }).init?.(deck);
    // A speaker view connects: every move is sent on to it.
    const speaker = { closed: false, postMessage: vi.fn() };
    const hello = Object.assign(new Event('message'), {
      data: { type: SPEAKER_MESSAGE, kind: 'hello', fresh: true },
      source: speaker,
      origin: 'http://127.0.0.1',
    });
    emit('ready');
    window.dispatchEvent(hello);
    // The deck's neighbours are told a frame later: let that pass, then count from zero.
    await new Promise((r) => setTimeout(r, 5));
    for (const k of ASKS) calls[k] = 0;
    speaker.postMessage.mockClear();

    press('fragmentshown', { f: 0 });
    press('slidechanged', { h: 1, f: -1 });
    await new Promise((r) => setTimeout(r, 5));

    // Two presses, two readings: one getState and one getCurrentSlide each, whoever listens.
    expect(calls).toEqual({ getIndices: 0, getState: 2, getCurrentSlide: 2, availableFragments: 0 });
    // ... and every listener still heard of both: the speaker view got both moves.
    expect(speaker.postMessage.mock.calls.map(([m]) => (m as { state: unknown }).state)).toEqual([
      { indexh: 0, indexv: 0, indexf: 0, paused: false },
      { indexh: 1, indexv: 0, paused: false },
    ]);
    expect(heard.map((c) => [c.cause, c.now.slideId, c.now.step])).toEqual([
      ['ready', 'chapter-io', 0],
      ['fragmentshown', 'chapter-io', 1],
      ['slidechanged', 'chapter-async', 0],
    ]);
  });

  it('unbind removes every listener bind added', () => {
    const { deck, handlers } = fakeDeck(['chapter-io']);
    const position = new DeckPosition({ getLang: () => 'en' });
    const count = () => [...handlers.values()].reduce((n, s) => n + s.size, 0);
    position.bind(deck);
    expect(count()).toBeGreaterThan(0);
    position.unbind();
    expect(count()).toBe(0);
  });
});

/** An EventTarget that knows how many listeners it holds now (one removed, or aborted through its signal, is gone). */
class CountingTarget extends EventTarget {
  #live = new Set<string>();
  #ids = new WeakMap<object, number>();
  #next = 0;
  get live(): number {
    return this.#live.size;
  }
  #key(type: string, fn: EventListenerOrEventListenerObject | null, capture: boolean): string {
    if (!fn) return '';
    if (!this.#ids.has(fn)) this.#ids.set(fn, this.#next++);
    return `${type}/${this.#ids.get(fn)}/${capture}`;
  }
  override addEventListener(
    type: string,
    fn: EventListenerOrEventListenerObject | null,
    options?: AddEventListenerOptions | boolean,
  ): void {
    const capture = typeof options === 'boolean' ? options : !!options?.capture;
    const signal = typeof options === 'object' ? options.signal : undefined;
    if (signal?.aborted) return;
    const key = this.#key(type, fn, capture);
    this.#live.add(key);
    signal?.addEventListener('abort', () => this.#live.delete(key));
    super.addEventListener(type, fn, options);
  }
  override removeEventListener(
    type: string,
    fn: EventListenerOrEventListenerObject | null,
    options?: EventListenerOptions | boolean,
  ): void {
    const capture = typeof options === 'boolean' ? options : !!options?.capture;
    this.#live.delete(this.#key(type, fn, capture));
    super.removeEventListener(type, fn, options);
  }
}

describe('the plugins own their listeners: destroy takes back all that init added', () => {
  let win: CountingTarget;
  let doc: CountingTarget;
  beforeEach(() => {
    win = Object.assign(new CountingTarget(), {
      location: { search: '', origin: 'http://127.0.0.1', href: 'http://127.0.0.1/' },
      requestIdleCallback: () => 0,
    });
    doc = Object.assign(new CountingTarget(), { querySelectorAll: () => [], visibilityState: 'visible' });
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', doc);
    vi.stubGlobal('requestAnimationFrame', (fn: () => void) => setTimeout(fn, 0));
  });
  afterEach(async () => {
    await new Promise((r) => setTimeout(r, 20));
    vi.unstubAllGlobals();
  });

  it('the position, the speaker link, the quiz presenter and the lifecycle leave nothing behind', () => {
    const { deck, handlers, keys } = fakeDeck(['chapter-io']);
    const position = new DeckPosition({ getLang: () => 'en' });
    const quizzes = new ConnectedQuizzes();
    const plugins = [
      position,
      SpeakerLink({ position }),
      QuizPresenter(position, quizzes),
      DemoLifecycle({ position, onError: () => undefined, loadText: () => Promise.resolve() }),
    ];
    const count = () => ({
      window: win.live,
      document: doc.live,
      deck: [...handlers.values()].reduce((n, s) => n + s.size, 0),
      keys: keys.size,
      subscribers: position.subscriberCount(),
    });
    for (const p of plugins) void p.init?.(deck);
    // each of them listens somewhere (so the count below can fail)
    expect(Object.values(count()).every((n) => n > 0)).toBe(true);
    for (const p of plugins.slice(1)) p.destroy?.();
    position.destroy();
    expect(count()).toEqual({ window: 0, document: 0, deck: 0, keys: 0, subscribers: 0 });
  });

  it('a preview inside the speaker view (?receiver) leaves nothing behind either', () => {
    Object.assign(win, {
      location: { search: '?receiver', origin: 'http://127.0.0.1', href: 'http://127.0.0.1/?receiver' },
      parent: {},
    });
    const { deck } = fakeDeck(['chapter-io']);
    const position = new DeckPosition({ getLang: () => 'en' });
    const link = SpeakerLink({ position });
    void link.init?.(deck);
    expect([win.live, position.subscriberCount()]).toEqual([1, 1]);
    link.destroy?.();
    expect([win.live, position.subscriberCount()]).toEqual([0, 0]);
  });
});
