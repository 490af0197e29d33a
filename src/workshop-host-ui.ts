/**
 * The host's own questions (`npm run workshop -- --questions <file>`, server/host-questions.ts) on the page: a sheet
 * over the deck that shows the question the room opened or revealed last, on the projector (how many answered, then
 * the counts, the right answer and the explanation) and on each phone (the choices to vote with, then whether it was
 * right); and their rows in the presenter's panel (W). Lit templates with text bindings only: the host's words are
 * text, never HTML. The state is src/workshop-state.ts's; src/workshop-start.ts renders these and passes handlers.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Lang } from '../lib/i18n.ts';
import type { HostQuestion, PollStatus, PollView } from '../lib/workshop-protocol.ts';
import { workshopText } from './plugins/workshop-text.ts';
import type { WorkshopState } from './workshop-state.ts';

interface SheetHandlers {
  vote: (qid: string, choice: number) => void;
  close: () => void;
}

export type PollAction = 'open' | 'close' | 'reveal' | 'reset';

/** The question shown over the deck, with its number in the room's list, or null. */
function shownQuestion(s: WorkshopState): { q: HostQuestion; n: number } | null {
  const i = s.questions.findIndex((q) => q.qid === s.shownQuestion);
  return i < 0 ? null : { q: s.questions[i]!, n: i + 1 };
}

/** What the sheet says under the choices, for the projector or a phone. */
function statusLine(s: WorkshopState, q: HostQuestion, poll: PollView | null, lang: Lang): string {
  const t = workshopText[lang];
  const status = poll?.status ?? 'idle';
  const revealed = status === 'revealed';
  const answer = revealed ? (q.poll ? t.host.noRight : t.host.rightAnswer((poll?.correct ?? 0) + 1)) : '';
  if (s.role === 'presenter')
    return [`${t.status[status]} · ${t.answered(poll?.answered ?? 0)}.`, answer].join(' ').trim();
  const yours = typeof poll?.yours === 'number';
  if (revealed) return yours && !q.poll ? (poll?.right ? t.host.right : t.host.wrong) : answer;
  if (yours) return q.poll ? t.host.inPoll : t.host.inQuiz;
  if (q.qid in s.sending) return t.host.sending;
  if (status === 'open') return t.host.choose;
  return status === 'closed' ? t.host.closed : t.host.wait;
}

/** The sheet of the host's question shown now (nothing when none is). */
export function hostSheetTemplate(s: WorkshopState, lang: Lang, h: SheetHandlers): TemplateResult | typeof nothing {
  const shown = shownQuestion(s);
  return shown ? questionTemplate(s, lang, shown.q, shown.n, h, true) : nothing;
}

/**
 * A host's question on its own slide (a plan's `question: <id>`, src/render-host-question.ts), or why not: the room
 * does not ask it.
 */
export function hostSlideTemplate(s: WorkshopState, lang: Lang, qid: string, h: SheetHandlers): TemplateResult {
  const i = s.questions.findIndex((q) => q.qid === qid);
  if (i < 0) return html`<p class="host-question-unknown">${workshopText[lang].host.unknown(qid)}</p>`;
  return questionTemplate(s, lang, s.questions[i]!, i + 1, h, false);
}

function questionTemplate(
  s: WorkshopState,
  lang: Lang,
  q: HostQuestion,
  n: number,
  h: SheetHandlers,
  sheet: boolean,
): TemplateResult {
  const t = workshopText[lang];
  const poll = s.polls[q.qid] ?? null;
  const status = poll?.status ?? 'idle';
  const revealed = status === 'revealed';
  const counts = revealed ? (poll?.counts ?? []) : [];
  const total = counts.reduce((a, b) => a + b, 0);
  const yours = typeof poll?.yours === 'number' ? poll.yours : (s.sending[q.qid] ?? null);
  const canVote = s.role === 'participant' && status === 'open' && yours === null;
  const refused = s.refusedVotes[q.qid] ?? null;
  const choice = (text: string, i: number) => {
    const right = revealed && poll?.correct === i;
    const count = counts[i] ?? 0;
    const share = total > 0 ? Math.round((100 * count) / total) : 0;
    const marks = [yours === i ? t.host.yours : '', right ? t.host.correct : ''].filter(Boolean).join(', ');
    const inner = html`<span class="n">${i + 1}</span><span class="text">${text}</span>${
      marks ? html`<span class="marks">(${marks})</span>` : nothing
    }${revealed ? html`<span class="votes">${t.host.votes(count)}</span><span class="bar" data-share=${share}></span>` : nothing}`;
    const cls = `choice${right ? ' correct' : ''}${yours === i ? ' yours' : ''}`;
    return s.role === 'participant'
      ? html`<li>
          <button
            type="button"
            class=${cls}
            aria-pressed=${yours === i ? 'true' : 'false'}
            aria-disabled=${canVote ? 'false' : 'true'}
            @click=${() => {
              if (canVote) h.vote(q.qid, i);
            }}
          >
            ${inner}
          </button>
        </li>`
      : html`<li><div class=${cls}>${inner}</div></li>`;
  };
  return html`<div class="workshop-question-body">
    <p class="kicker">${q.poll ? t.host.poll : t.host.quiz} · ${t.host.sheetLabel(n)}</p>
    ${
      sheet
        ? html`<h3 id="workshop-question-title">${q.question[lang]}</h3>`
        : html`<h2 class="divider-question">${q.question[lang]}</h2>`
    }
    <ol class="choices">
      ${q.choices[lang].map(choice)}
    </ol>
    <p class="line" role="status">${statusLine(s, q, poll, lang)}</p>
    ${refused && !revealed ? html`<p class="workshop-error" role="alert">${t.host.refused[refused]}</p>` : nothing}
    ${revealed ? (poll?.explanation?.[lang] ?? []).map((p) => html`<p class="explanation">${p}</p>`) : nothing}
    ${
      sheet
        ? html`<div class="workshop-actions end">
            <button type="button" aria-label=${t.host.closeSheet} @click=${h.close}>${t.closePanel}</button>
          </div>`
        : nothing
    }
  </div>`;
}

/** The buttons that move a question through its states (the panel's current question and each host question). */
export function pollButtons(
  lang: Lang,
  qid: string,
  status: PollStatus,
  poll: (qid: string, action: PollAction) => void,
): TemplateResult {
  const t = workshopText[lang];
  return html`${status === 'idle' ? html`<button type="button" @click=${() => poll(qid, 'open')}>${t.open}</button>` : nothing}
  ${status === 'open' ? html`<button type="button" @click=${() => poll(qid, 'close')}>${t.close}</button>` : nothing}
  ${status === 'closed' ? html`<button type="button" @click=${() => poll(qid, 'open')}>${t.reopen}</button>` : nothing}
  ${
    status === 'open' || status === 'closed'
      ? html`<button type="button" class="primary" @click=${() => poll(qid, 'reveal')}>${t.reveal}</button>`
      : nothing
  }
  ${
    status !== 'idle'
      ? html`<button
          type="button"
          @click=${() => {
            if (window.confirm(t.resetConfirm)) poll(qid, 'reset');
          }}
        >
          ${t.reset}
        </button>`
      : nothing
  }`;
}

/** The panel's list of the host's questions: each with its state and its buttons, and Show (the sheet, here). */
export function hostListTemplate(
  s: WorkshopState,
  lang: Lang,
  h: { poll: (qid: string, action: PollAction) => void; show: (qid: string) => void },
): TemplateResult | typeof nothing {
  if (s.questions.length === 0) return nothing;
  const t = workshopText[lang];
  return html`<section class="host-questions" aria-labelledby="workshop-host">
    <h4 id="workshop-host">${t.host.list}</h4>
    <ol>
      ${s.questions.map((q) => {
        const poll = s.polls[q.qid] ?? null;
        const status = poll?.status ?? 'idle';
        return html`<li data-qid=${q.qid}>
          <p class="q">${q.question[lang]}</p>
          <p class="muted">${q.poll ? t.host.poll : t.host.quiz} · ${t.status[status]} · ${t.answered(poll?.answered ?? 0)}</p>
          <div class="workshop-actions">
            ${pollButtons(lang, q.qid, status, h.poll)}
            ${status !== 'idle' && s.shownQuestion !== q.qid ? html`<button type="button" @click=${() => h.show(q.qid)}>${t.host.show}</button>` : nothing}
          </div>
        </li>`;
      })}
    </ol>
  </section>`;
}

/**
 * The bars' widths from their `data-share`, through the CSSOM (the deck's policy refuses inline style attributes,
 * scripts/csp.ts; and a Lit directive would join the shell chunk every embed carries): after each render.
 */
export function sizeBars(root: ParentNode): void {
  for (const bar of root.querySelectorAll<HTMLElement>('.workshop-question-body .bar[data-share]'))
    bar.style.width = `${Number(bar.dataset['share']) || 0}%`;
}
