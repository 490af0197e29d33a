import { html, nothing, type TemplateResult } from 'lit';
import { unsafeStatic, html as staticHtml } from 'lit/static-html.js';
import { speakerSteps, type SlideDef } from '../slides/types.ts';
import type { Lang } from '../lib/i18n.ts';
import type { DemoMode } from '../lib/demo-contract.ts';
import { deckText } from './deck-text.ts';
import { blocks } from '../lib/render-text.ts';

/** The demo element of a slide, with the attributes every demo takes. Tags come from the manifest only. */
export function demoTemplate(
  slide: SlideDef,
  lang: Lang,
  extra: { active?: boolean; near?: boolean; mode?: DemoMode } = {},
): TemplateResult {
  const demo = slide.demo;
  if (!demo) return html``;
  if (!/^hsw-[a-z0-9-]+$/.test(demo.tag)) throw new Error(`bad demo tag ${demo.tag}`);
  const tag = unsafeStatic(demo.tag);
  return staticHtml`<${tag} class="demo" key=${slide.id} locale=${lang} .active=${extra.active ?? false} .near=${extra.near ?? false} .mode=${extra.mode ?? 'deck'}></${tag}>`;
}

/** Speaker notes, with the slide's sources. */
export function notesTemplate(slide: SlideDef, lang: Lang): TemplateResult {
  const text = slide.text[lang];
  return html`${blocks(text.notes)}
  ${slide.sources?.length
    ? html`<p><strong>${deckText[lang].sources}:</strong></p>
        <ul>
          ${slide.sources.map((s) => html`<li><a href=${s.url} target="_blank" rel="noopener">${s.title}</a></li>`)}
        </ul>`
    : nothing}`;
}

/**
 * The inside of one reveal.js `<section>`: title, body, demo, notes, and the hidden fragments that carry the
 * demo's speaker sequence (reveal's fragments live in the light DOM and give the clicker and the URL the steps).
 */
export function slideTemplate(slide: SlideDef, lang: Lang): TemplateResult {
  const text = slide.text[lang];
  const layout = slide.demo?.layout ?? 'side';
  const steps = Math.max(0, speakerSteps(slide) - 1);
  return html`
    <div class="slide-frame layout-${slide.demo ? layout : 'text'}">
      <header class="slide-head">
        <h2>${text.title}</h2>
      </header>
      <div class="slide-body">${blocks(text.body)}</div>
      ${slide.demo ? html`<div class="slide-demo">${demoTemplate(slide, lang)}</div>` : nothing}
    </div>
    ${Array.from({ length: steps }, (_, i) => html`<span class="fragment demo-step" data-fragment-index=${i} aria-hidden="true"></span>`)}
    <aside class="notes">${notesTemplate(slide, lang)}</aside>
  `;
}
