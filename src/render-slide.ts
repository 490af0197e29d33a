import { html, noChange, nothing, type TemplateResult } from 'lit';
import { unsafeStatic, html as staticHtml } from 'lit/static-html.js';
import { speakerSteps, type SlideDef, type SlideTextDef } from '../slides/types.ts';
import type { Lang } from '../lib/i18n.ts';
import type { DemoMode } from '../lib/demo-contract.ts';
import { deckText } from './deck-text.ts';
import { blocks } from '../lib/render-text.ts';
import { chapterMap, slides, type ChapterEntry } from '../slides/index.ts';

/** The demo element of a slide, with the attributes every demo takes. Tags come from the manifest only. */
export function demoTemplate(
  slide: SlideDef,
  lang: Lang,
  extra: {
    active?: boolean;
    near?: boolean;
    mode?: DemoMode;
    /** A deep link's speaker step (embed page, `<hsw-slide>`); in the deck the lifecycle sets it. */
    step?: number;
    /** Where the demo keeps its state (demo-store.ts): the slide id unless two copies share a page. */
    key?: string;
    /** The chapters it shows, if it asks (`gets: ['chapters']`): a plan's (slides/plan.ts), else the deck's. */
    chapters?: readonly ChapterEntry[];
  } = {},
): TemplateResult {
  const demo = slide.demo;
  if (!demo) return html``;
  if (!/^hsw-[a-z0-9-]+$/.test(demo.tag)) throw new Error(`bad demo tag ${demo.tag}`);
  const tag = unsafeStatic(demo.tag);
  const gets = new Set(demo.gets ?? []);
  // What this demo gets besides what every demo takes, as its manifest entry says (DemoDef `gets`): the deck's
  // chapters in this language; every quiz of the deck in deck order (its id, and its slide's id, title and chapter).
  // A property not given (and a deep link's step, when there is none) is left as the element has it (`noChange`).
  const chapters = gets.has('chapters')
    ? (extra.chapters ?? chapterMap()).map((c) => ({
        chapter: c.chapter,
        title: deckText[lang].chapters[c.chapter],
        firstSlide: c.firstSlide,
        slides: c.slides.map((s) => ({ id: s.id, title: s.text[lang].title })),
      }))
    : noChange;
  const quizzes = gets.has('quizzes')
    ? slides.flatMap((s) =>
        (s.demo?.quizzes ?? []).map((id) => ({
          id,
          slide: s.id,
          title: s.title[lang],
          chapter: deckText[lang].chapters[s.chapter],
        })),
      )
    : noChange;
  const key = extra.key ?? slide.id;
  return staticHtml`<${tag} class="demo" key=${key} lang=${lang} .active=${extra.active ?? false} .near=${extra.near ?? false} .mode=${extra.mode ?? 'deck'} .step=${extra.step ?? noChange} .chapters=${chapters} .quizzes=${quizzes}></${tag}>`;
}

/**
 * A slide's words as the shell holds them: arrived, still loading (`undefined`), or failed to load (`'failed'`: the
 * slide says so instead of showing a blank space).
 */
export type TextState = SlideTextDef | 'failed' | undefined;

/**
 * Speaker notes: the spoken lines, then the appendix (provenance, checks; under its own heading) with the slide's
 * sources. `spoken` draws the spoken lines (the speaker view marks the current step's: src/speaker-notes.ts).
 */
export function notesTemplate(
  slide: SlideDef,
  lang: Lang,
  text: TextState,
  spoken: (notes: SlideTextDef['text'][Lang]['notes']) => TemplateResult = blocks,
): TemplateResult {
  if (!text || text === 'failed') return html``;
  const sources = text.sources ?? [];
  const { notes, appendix } = text.text[lang];
  if (!appendix.length && !sources.length) return spoken(notes);
  return html`${spoken(notes)}
    <div class="notes-appendix">
      <p class="notes-appendix-title"><strong>${deckText[lang].appendix}</strong></p>
      ${blocks(appendix)}
      ${
        sources.length
          ? html`<p><strong>${deckText[lang].sources}:</strong></p>
              <ul>
                ${sources.map((s) => html`<li><a href=${s.url} target="_blank" rel="noopener">${s.title}</a></li>`)}
              </ul>`
          : nothing
      }
    </div>`;
}

/** The body beside the demo: the slide's words, nothing while they load, or a message if they failed to. */
function bodyTemplate(lang: Lang, text: TextState, presenting: boolean): TemplateResult {
  if (text === 'failed') return html`<p class="slide-text-failed" role="alert">${deckText[lang].textFailed}</p>`;
  return text ? blocks(text.text[lang].body, { open: !presenting, detailsLabel: deckText[lang].more }) : html``;
}

/**
 * The inside of one reveal.js `<section>`: title, body, demo, notes, and the hidden fragments that carry the
 * demo's speaker sequence (reveal's fragments live in the light DOM and give the clicker and the URL the steps).
 * The title, the demo and the fragments come from the manifest, so a slide is whole but for its words before
 * `slides/text/<id>.ts` arrives; then it is rendered again with them.
 *
 * While presenting (`src/page-mode.ts`), the body's `{ details }` blocks are closed; otherwise (and in print) open.
 */
export function slideTemplate(
  slide: SlideDef,
  lang: Lang,
  text: TextState,
  presenting = false,
  chapters?: readonly ChapterEntry[],
): TemplateResult {
  const layout = slide.demo?.layout ?? 'side';
  const steps = Math.max(0, speakerSteps(slide) - 1);
  return html`
    <div class="slide-frame layout-${slide.demo ? layout : 'text'}">
      <header class="slide-head">
        <h2>${slide.title[lang]}</h2>
      </header>
      <div class="slide-body" aria-busy=${text ? 'false' : 'true'}>${bodyTemplate(lang, text, presenting)}</div>
      ${slide.demo ? html`<div class="slide-demo">${demoTemplate(slide, lang, chapters ? { chapters } : {})}</div>` : nothing}
    </div>
    ${Array.from({ length: steps }, (_, i) => html`<span class="fragment demo-step" data-fragment-index=${i} aria-hidden="true"></span>`)}
    <aside class="notes">${notesTemplate(slide, lang, text)}</aside>
  `;
}
