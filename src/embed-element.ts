import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import { isLang, type Lang } from '../lib/i18n.ts';
import { isEmbeddable, type DemoDef, type SlideDef } from '../slides/types.ts';
import { demoTemplate } from './render-slide.ts';
import { deckText } from './deck-text.ts';
import { loadSlide, stepFromParam } from './slide-loader.ts';
import { styles } from './embed-element-styles.ts';
import { entryCount, putEntries, takeEntries, type StoreEntry } from '../components/ui/demo-store.ts';

/**
 * `<hsw-slide slide="c10k" lang="en" theme="light" step="2">`: one slide's demo in another page, without an iframe,
 * from one module (`embed.js` in the build). It loads only that slide's manifest entry and demo, into its own
 * shadow root, with the deck's theme. The module finds its chunks relative to its own address (the build's relative
 * base), so the page that loads it may be anywhere; a page on another origin needs the deck's host to allow it
 * (CORS: `Access-Control-Allow-Origin`), as for any module script.
 *
 * - `slide`: the slide's id; an unknown one shows a message inside the element (and throws nothing);
 * - `lang`: `ru` or `en` (anything else: the page's language if it is one of them, else English);
 * - `theme`: `dark` or `light` (anything else: the system's preference);
 * - `step`: the speaker step to open at (clamped; a bad value is the first step).
 */
export class HswSlide extends LitElement {
  static override properties = {
    slide: { reflect: true },
    lang: {},
    theme: { reflect: true },
    step: {},
    loaded: { state: true },
  };

  declare slide: string;
  declare lang: string;
  declare theme: string;
  /** As written in the attribute: `stepFromParam` reads it. */
  declare step: string;
  /** The slide once its entry (and demo) are in; undefined while loading. `slide` is undefined for an unknown id. */
  declare loaded: { id: string; slide: SlideDef | undefined; failed: boolean } | undefined;

  static override styles = styles;

  /** Two copies of one demo on a page keep their state apart (demo-store.ts keys it). */
  private static copies = 0;
  private readonly copy = ++HswSlide.copies;
  /** Its demo's state while the element is off the page (demo-store.ts holds it only while it is on). */
  private kept = new Map<string, StoreEntry<unknown>>();
  private readonly owns = (key: string) => key.startsWith(`hsw-slide:${this.copy}:`);

  /** How many demo states the store keeps for `<hsw-slide>` elements: one per element on the page (for tests). */
  static get keptStates(): number {
    return entryCount((key) => key.startsWith('hsw-slide:'));
  }

  constructor() {
    super();
    this.slide = '';
    this.lang = '';
    this.theme = '';
    this.step = '';
    this.loaded = undefined;
  }

  override connectedCallback(): void {
    // Before the demo inside connects again and reads its state.
    putEntries(this.kept);
    this.kept = new Map();
    super.connectedCallback();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Removed, the element takes its demo's state with it: a page that adds and removes copies by the hundred leaves
    // nothing in the store; moved (connected again), it puts it back.
    this.kept = takeEntries(this.owns);
  }

  private get language(): Lang {
    if (isLang(this.lang)) return this.lang;
    const page = document.documentElement.lang.slice(0, 2);
    return isLang(page) ? page : 'en';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('slide') && this.loaded?.id !== this.slide) void this.load(this.slide);
  }

  private async load(id: string): Promise<void> {
    this.loaded = undefined;
    let slide: SlideDef | undefined;
    let failed = false;
    try {
      slide = await loadSlide(id);
      if (isEmbeddable(slide)) await slide.demo.load();
    } catch (error) {
      console.warn(`<hsw-slide slide="${id}"> could not load its demo`, error);
      failed = true;
    }
    if (this.slide === id) this.loaded = { id, slide, failed };
  }

  override render(): TemplateResult {
    const lang = this.language;
    return html`<div class="root" lang=${lang}>${this.body(lang)}</div>`;
  }

  private body(lang: Lang): TemplateResult {
    const t = deckText[lang];
    const loaded = this.loaded;
    if (!loaded) return html`<p class="loading" role="status">${t.loadingDemo}</p>`;
    const { id, slide, failed } = loaded;
    if (failed) return html`<p class="message" role="alert">${t.demoFailed}</p>`;
    if (!isEmbeddable(slide)) {
      const reason = !id ? t.elementMissingSlide : slide ? t.notEmbeddable(id) : t.unknownSlide(id);
      return html`<p class="message" role="alert">${reason} ${t.elementValidIds}</p>`;
    }
    const demo: DemoDef = slide.demo;
    const deck = new URL(/* @vite-ignore */ `index.html?lang=${lang}#/${encodeURIComponent(slide.id)}`, import.meta.url)
      .href;
    return html`<div class="embed-head">
        <span class="title">${slide.title[lang]}</span>
        <a class="embed-open" href=${deck} target="_blank" rel="noopener">${t.openInDeck} ↗</a>
      </div>
      ${demoTemplate(slide, lang, {
        active: true,
        near: true,
        mode: 'embed',
        step: stepFromParam(this.step, demo.sequence.length),
        key: `hsw-slide:${this.copy}:${slide.id}`,
      })}`;
  }
}

// Loading the script twice (two snippets on one page, two addresses of it) must not throw.
if (!customElements.get('hsw-slide')) customElements.define('hsw-slide', HswSlide);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-slide': HswSlide;
  }
}
