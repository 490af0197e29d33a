import { html, type TemplateResult } from 'lit';
import type { Lang } from '../lib/i18n.ts';
import type { ChapterId } from '../slides/types.ts';
import { deckText } from './deck-text.ts';
import { planText } from './plan-text.ts';

/**
 * A chapter's divider (a plan opens each chapter on one: slides/plan.ts): the chapter's number and name, and its
 * question, big. Generated from the deck's own words (src/plan-text.ts, src/deck-text.ts), no demo, no steps; the notes say the
 * question too, for the speaker view.
 */
export function dividerTemplate(chapter: ChapterId, number: number, lang: Lang): TemplateResult {
  const t = planText[lang];
  const kicker = t.chapterOf(number, deckText[lang].chapters[chapter]);
  const question = t.questions[chapter];
  return html`
    <div class="slide-frame layout-divider">
      <header class="slide-head">
        <p class="divider-chapter">${kicker}</p>
        <h2 class="divider-question">${question}</h2>
      </header>
    </div>
    <aside class="notes"><p>${kicker}: ${question}</p></aside>
  `;
}
