import { html, nothing, type TemplateResult } from 'lit';
import type { Lang } from '../lib/i18n.ts';
import { blocks } from '../lib/render-text.ts';
import type { Block } from '../slides/types.ts';
import { speakerText } from './speaker-text.ts';

/**
 * The spoken notes in the speaker view, following the clicker. The notes' contract (slides/types.ts `notes`): one
 * paragraph a clicker step, in step order, so `notes[i]` is what is said at step i of the slide's speaker sequence.
 * The current step's paragraph is marked (`aria-current="step"`), the one after it labelled "Next", the ones before
 * it quieter; past the last paragraph (a slide whose notes have fewer blocks than steps) none is marked. At the
 * slide's last step, `next` is what the next slide of the plan opens with.
 */
export function stepNotesTemplate(
  notes: readonly Block[],
  step: number,
  lang: Lang,
  next?: { title: string; first: Block | undefined },
): TemplateResult {
  const t = speakerText[lang];
  const last = step >= notes.length - 1;
  return html`<div class="note-steps">
      ${notes.map((b, i) => {
        const where = i === step ? 'current' : i === step + 1 ? 'next' : i < step ? 'past' : 'later';
        return html`<div class="note-step ${where}" data-step=${i} aria-current=${i === step ? 'step' : 'false'}>
          ${
            i === step
              ? html`<p class="note-step-label">${t.nowStep(step, notes.length)}</p>`
              : i === step + 1
                ? html`<p class="note-step-label">${t.nextStep}</p>`
                : nothing
          }
          ${blocks([b])}
        </div>`;
      })}
    </div>
    ${
      last && next
        ? html`<div class="note-step next next-slide">
            <p class="note-step-label">${t.nextSlide(next.title)}</p>
            ${next.first ? blocks([next.first]) : nothing}
          </div>`
        : nothing
    }`;
}
