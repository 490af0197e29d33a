/**
 * Workshop mode's own controls, as Lit templates rendered into the page's light DOM (styled by assets/deck.css):
 * the link bar (both roles), a participant's join sheet, and the presenter's panel. Text bindings only: a nickname
 * or an address is never HTML. The plugin (src/plugins/workshop.ts) owns the state and passes the handlers.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Lang } from '../lib/i18n.ts';
import { MAX_NICK_LENGTH, MAX_NICK_UNITS, type NickProblem, type PollView } from '../lib/workshop-protocol.ts';
import { workshopText } from './plugins/workshop-text.ts';
import type { WorkshopState } from './workshop-state.ts';
import { hostListTemplate, pollButtons, type PollAction } from './workshop-host-ui.ts';
// The tag only: the plugin loads the element itself (src/plugins/workshop.ts).
import '../components/ui/qr-code-tag.ts';

export interface BarHandlers {
  follow: (on: boolean) => void;
  openPanel: () => void;
}

function refusalText(s: WorkshopState, lang: Lang): string | null {
  const t = workshopText[lang];
  const r = s.refusal;
  // A shared room whose state Redis lost: said first, whatever the link does (the page keeps trying).
  if (s.roomLost) return t.lost[s.role];
  // Refused at the door (the room full, too many newcomers from one network), or unknown to the server: the page
  // tries again, and says why.
  if (s.link === 'reconnecting' && (r === 'room-full' || r === 'rate-limited' || r === 'hello-first'))
    return t.refusal[r];
  if (s.link !== 'refused' || !r) return null;
  return r === 'bad-secret' || r === 'wrong-room' ? t.refusal[r] : t.refusal.other(r);
}

/** What the bar says beside the link: on a phone a refused nickname, on the presenter's page refused joins. */
function noticeText(s: WorkshopState, lang: Lang): string | null {
  const t = workshopText[lang];
  if (s.role === 'participant') return s.refusal === 'bad-nick' && s.link === 'open' ? t.refusal['bad-nick'] : null;
  const n = s.stats?.refusedJoins ?? 0;
  return n > 0 ? t.refusedJoins(n) : null;
}

/** The small bar at the bottom left: the room, the link's state, and on a phone the follow toggle and the score. */
export function barTemplate(s: WorkshopState, lang: Lang, h: BarHandlers): TemplateResult {
  const t = workshopText[lang];
  const why = refusalText(s, lang);
  const notice = noticeText(s, lang);
  return html`<div class="workshop-bar link-${s.link}">
    <span class="room">${t.room(s.room)}</span>
    <span class="link" role="status">${why ?? t.link[s.link]}</span>
    ${notice ? html`<span class="notice">${notice}</span>` : nothing}
    ${
      s.role === 'participant'
        ? html`<button
            type="button"
            class="follow"
            aria-pressed=${s.following ? 'true' : 'false'}
            @click=${() => h.follow(!s.following)}
          >
            ${s.following ? t.stopFollowing : t.follow}
          </button>
          ${s.score && s.score.answered > 0 ? html`<span class="score">${t.score(s.score.right, s.score.answered)}</span>` : nothing}`
        : html`<button type="button" class="panel-open" aria-label=${t.workshopLabel} @click=${h.openPanel}>${t.workshop}</button>
          ${s.stats?.cannotSave ? html`<span class="cannot-save" role="alert">${t.cannotSave}</span>` : nothing}`
    }
  </div>`;
}

export function nickProblemText(lang: Lang, problem: NickProblem): string {
  const t = workshopText[lang].nickProblem;
  return problem === 'too-long' ? t['too-long'](MAX_NICK_LENGTH) : t[problem];
}

/**
 * A participant's first visit: an optional nickname, then Join. `onJoin` answers why a nickname cannot be taken
 * (lib/workshop-protocol.ts's checkNick), and then the sheet stays open and says it (`problem`).
 */
export function joinTemplate(
  lang: Lang,
  nick: string,
  onJoin: (nick: string) => NickProblem | null,
  problem: NickProblem | null = null,
): TemplateResult {
  const t = workshopText[lang];
  return html`<form
    method="dialog"
    @submit=${(e: Event) => {
      const input = (e.currentTarget as HTMLFormElement).querySelector('input');
      if (onJoin(input?.value ?? '') !== null) e.preventDefault();
    }}
  >
    <h3 id="workshop-join-title">${t.joinTitle}</h3>
    <p>${t.joinHelp}</p>
    <label for="workshop-nick">${t.nickLabel}</label>
    <input
      id="workshop-nick"
      name="nick"
      type="text"
      maxlength=${MAX_NICK_UNITS}
      autocomplete="nickname"
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${problem ? 'workshop-nick-error' : nothing}
      .value=${nick}
    />
    ${problem ? html`<p id="workshop-nick-error" class="workshop-error" role="alert">${nickProblemText(lang, problem)}</p>` : nothing}
    <div class="workshop-actions"><button type="submit" class="primary">${t.join}</button></div>
  </form>`;
}

export interface PanelContext {
  /** The current slide's question, if it asks one: its id, the slide's title and the server's poll. */
  question: { qid: string; title: string; poll: PollView | null } | null;
  joinUrl: string;
  /** Why the last export failed, if it did. */
  exportError: string | null;
}

export interface PanelHandlers {
  poll: (qid: string, action: PollAction) => void;
  /** Shows a host's question over the deck (src/workshop-host-ui.ts). */
  show: (qid: string) => void;
  showTop: (show: boolean) => void;
  /** Fetches the export with the key in a header and saves it: no address on the page carries the secret. */
  exportFile: (kind: 'csv' | 'json') => void;
  close: () => void;
}

/** The presenter's panel (W, or the Workshop button): the room, the current question's controls, export, the QR code. */
export function panelTemplate(s: WorkshopState, lang: Lang, ctx: PanelContext, h: PanelHandlers): TemplateResult {
  const t = workshopText[lang];
  const q = ctx.question;
  const status = q?.poll?.status ?? 'idle';
  const participants = s.stats?.participants ?? s.results?.participants ?? 0;
  return html`<div class="workshop-panel-body">
    <h3 id="workshop-panel-title">${t.panelTitle} · ${t.room(s.room)}</h3>
    <p class="counts" role="status">
      ${t.participants(participants)}${s.stats ? html` · ${t.connected(s.stats.connected)}` : nothing}
      ${s.stats && s.stats.refusedPresenterMessages > 0 ? html` · ${t.refusedCount(s.stats.refusedPresenterMessages)}` : nothing}
      ${s.stats?.refusedJoins ? html` · ${t.refusedJoins(s.stats.refusedJoins)}` : nothing}
    </p>
    ${s.roomLost ? html`<p class="cannot-save" role="alert">${t.lost.presenter}</p>` : nothing}
    ${s.stats?.cannotSave && !s.roomLost ? html`<p class="cannot-save" role="alert">${t.cannotSaveLong}</p>` : nothing}
    ${
      q
        ? html`<section class="question" aria-labelledby="workshop-q">
            <h4 id="workshop-q">${t.question(q.title)}</h4>
            <p>${t.status[status]} · ${t.answered(q.poll?.answered ?? 0)}</p>
            <div class="workshop-actions">${pollButtons(lang, q.qid, status, h.poll)}</div>
          </section>`
        : html`<p class="muted">${t.noQuestion}</p>`
    }
    ${hostListTemplate(s, lang, h)}
    <label class="check"
      ><input type="checkbox" .checked=${s.showTop || s.results?.top !== undefined} @change=${(e: Event) => h.showTop((e.target as HTMLInputElement).checked)} />
      ${t.showTop}</label
    >
    <p class="workshop-actions">
      <button type="button" @click=${() => h.exportFile('csv')}>${t.exportCsv}</button>
      <button type="button" @click=${() => h.exportFile('json')}>${t.exportJson}</button>
    </p>
    ${ctx.exportError ? html`<p class="export-error" role="alert">${ctx.exportError}</p>` : nothing}
    <div class="join">
      <p>${t.joinAt}</p>
      <hsw-qr-code text=${ctx.joinUrl} label=${t.qrLabel(ctx.joinUrl)}></hsw-qr-code>
    </div>
    <div class="workshop-actions end"><button type="button" autofocus @click=${h.close}>${t.closePanel}</button></div>
  </div>`;
}
