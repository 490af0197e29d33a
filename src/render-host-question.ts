import { html, type TemplateResult } from 'lit';
import type { Lang } from '../lib/i18n.ts';
import { planText } from './plan-text.ts';

/**
 * A host's own question placed in a plan (`question: <id>`, slides/plan.ts): generated, like a divider. Its words
 * come from the workshop room (src/workshop-start.ts renders them into `.host-question`, which this template leaves
 * empty); without a room it says where they come from. One step fragment: the question first, the next press opens
 * the vote (as a quiz slide's sequence does), so a jump to it by address lands on its question, not on an open vote.
 */
export function hostQuestionSlideTemplate(qid: string, lang: Lang): TemplateResult {
  const t = planText[lang];
  return html`
    <div class="slide-frame layout-divider">
      <header class="slide-head">
        <p class="divider-chapter">${t.hostQuestion}</p>
        <p class="host-question-away">${t.hostQuestionAway(qid)}</p>
        <div class="host-question" data-host-question=${qid}></div>
      </header>
    </div>
    <span class="fragment demo-step" data-fragment-index="0" aria-hidden="true"></span>
    <aside class="notes"><p>${t.hostQuestionAway(qid)}</p></aside>
  `;
}
