import '../assets/theme.css';
import '../assets/page.css';
import '../assets/controls.css';
import '../assets/remote.css';
import { html, nothing, render } from 'lit';
import { blocks } from '../lib/render-text.ts';
import type { Lang } from '../lib/i18n.ts';
import { workshopFromSearch } from '../lib/workshop-protocol.ts';
import { slides } from '../slides/index.ts';
import { applyPrefsToDocument, currentPrefs, rememberLang, setUrlParam } from './prefs.ts';
import { loadSlideText, slideText } from './slide-text.ts';
import { remoteText } from './remote-text.ts';
import { workshopText } from './plugins/workshop-text.ts';
import { STOPPED, elapsed, formatElapsed, toggle, type Timer } from './remote-timer.ts';
import { helloFor, initialWorkshopState, reduce, type WorkshopEvent, type WorkshopState } from './workshop-state.ts';
import { WorkshopLink, wsUrl } from './workshop-link.ts';

/**
 * The presenter's remote, `remote.html?workshop=<room>&role=presenter` on a phone (the workshop server prints an
 * address with the secret, which it exchanges for the presenter's cookie and this address: server/http.ts): big next / previous buttons that step the projected deck (a `nav` message; the deck's workshop plugin
 * calls `deck.next()` / `deck.prev()`, which walk demo steps too), the current slide's title and notes in the chosen
 * language, and a timer. It connects as the presenter but never moves the deck itself nor opens a poll.
 */
const prefs = currentPrefs();
let lang: Lang = prefs.lang;
applyPrefsToDocument(prefs);
const rootEl = document.getElementById('remote-root');
if (!rootEl) throw new Error('remote.html lacks #remote-root');
const root: HTMLElement = rootEl;

const where = workshopFromSearch(window.location.search);
let timer: Timer = STOPPED;
let state: WorkshopState | null = where ? initialWorkshopState({ role: 'presenter', room: where.room }) : null;

const link = where
  ? new WorkshopLink(wsUrl(window.location), {
      hello: () => helloFor(state!),
      onOpen: () => dispatch({ kind: 'open' }),
      onMessage: (msg) => dispatch({ kind: 'message', msg }),
      onClose: () => dispatch({ kind: 'closed' }),
      attempts: () => state?.attempts ?? 0,
      stopped: () => state?.link === 'refused',
    })
  : null;

function dispatch(e: WorkshopEvent): void {
  if (!state) return;
  state = reduce(state, e);
  // The remote does not step a deck of its own: what other remotes ask is the projector's business.
  while (state.nav.length > 0) state = reduce(state, { kind: 'nav-done' });
  paint();
}

function nav(dir: 'next' | 'prev'): void {
  link?.send({ type: 'nav', dir });
}

function notes(id: string) {
  const t = remoteText[lang];
  const text = slideText(id);
  if (!text) {
    loadSlideText(id).then(paint, () => undefined);
    return html`<p class="muted">${t.notesLoading}</p>`;
  }
  const list = text.text[lang].notes;
  return list.length ? blocks(list) : html`<p class="muted">${t.noNotes}</p>`;
}

function paint(): void {
  const t = remoteText[lang];
  const w = workshopText[lang];
  if (!state || !where) {
    render(html`<p class="remote-message" role="alert">${t.notInWorkshop}</p>`, root);
    return;
  }
  const s = state;
  const pos = s.slide;
  const slide = pos ? slides.find((x) => x.id === pos.id) : undefined;
  const running = timer.since !== null;
  render(
    html`<header class="remote-head">
        <h1>${t.title} · ${w.room(s.room)}</h1>
        <p class="link link-${s.link}" role="status">${s.roomLost ? w.lost.presenter : s.link === 'refused' && s.refusal === 'bad-secret' ? w.refusal['bad-secret'] : w.link[s.link]}</p>
        <button
          type="button"
          class="lang"
          lang=${lang === 'ru' ? 'en' : 'ru'}
          aria-label=${t.switchLanguageLabel}
          @click=${() => {
            lang = lang === 'ru' ? 'en' : 'ru';
            applyPrefsToDocument({ lang, theme: prefs.theme });
            rememberLang(lang);
            setUrlParam('lang', lang);
            paint();
          }}
        >
          ${t.switchLanguage}
        </button>
      </header>
      <section class="where" aria-live="polite">
        ${
          pos && slide
            ? html`<p class="pos">${t.where(pos.index + 1, slides.length, pos.step)}</p>
                <h2>${slide.title[lang]}</h2>`
            : html`<p class="muted">${t.waiting}</p>`
        }
      </section>
      <div class="remote-nav">
        <button type="button" class="prev" aria-label=${t.prevLabel} ?disabled=${s.link !== 'open'} @click=${() => nav('prev')}>
          ← ${t.prev}
        </button>
        <button type="button" class="next" aria-label=${t.nextLabel} ?disabled=${s.link !== 'open'} @click=${() => nav('next')}>
          ${t.next} →
        </button>
      </div>
      <section class="timer" aria-label=${t.timer}>
        <span class="clock" role="timer" aria-label=${t.timerLabel(formatElapsed(elapsed(timer, Date.now())))}
          >${formatElapsed(elapsed(timer, Date.now()))}</span
        >
        <button type="button" @click=${() => ((timer = toggle(timer, Date.now())), paint())}>${running ? t.pause : t.start}</button>
        <button type="button" @click=${() => ((timer = STOPPED), paint())}>${t.reset}</button>
      </section>
      <section class="notes" aria-labelledby="remote-notes">
        <h2 id="remote-notes">${t.notes}</h2>
        ${slide ? notes(slide.id) : nothing}
      </section>`,
    root,
  );
}

// A clicker paired with the phone: its keys step the deck too.
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === 'ArrowRight' || e.key === 'PageDown') nav('next');
  else if (e.key === 'ArrowLeft' || e.key === 'PageUp') nav('prev');
  else return;
  e.preventDefault();
});
window.setInterval(() => {
  if (timer.since !== null) paint();
}, 1000);

paint();
link?.start();
