import '../assets/theme.css';
import '../assets/page.css';
import '../assets/speaker.css';
import { html, nothing, render } from 'lit';
import { isLang, type Lang } from '../lib/i18n.ts';
import { readStored, writeStored } from '../lib/storage.ts';
import { slideById } from '../slides/index.ts';
import { speakerSteps } from '../slides/types.ts';
import { entrySteps, planClicks } from '../slides/plan.ts';
import { planFor, planTexts } from '../slides/plans.ts';
import { notesTemplate } from './render-slide.ts';
import { stepNotesTemplate } from './speaker-notes.ts';
import { deckText } from './deck-text.ts';
import { planText } from './plan-text.ts';
import { loadSlideText, slideText } from './slide-text.ts';
import { applyPrefsToDocument, currentPrefs } from './prefs.ts';
import { speakerText, type SpeakerLayout } from './speaker-text.ts';
import { IN_SINGLE_FILE } from './plugins/speaker-link.ts';
import {
  clockText,
  pace,
  parseMinutes,
  slideTimings,
  weightedTimings,
  MAX_MINUTES,
  MIN_MINUTES,
} from './speaker-pacing.ts';
import {
  SPEAKER_MESSAGE,
  installMessageGate,
  samePosition,
  send,
  speakerMessageOf,
  type DeckPosition,
  type WorkshopCommand,
  type WorkshopStatus,
} from './speaker-protocol.ts';
import '../components/ui/qr-code-tag.ts';

/**
 * The speaker view (speaker.html), opened by the deck's S key (src/plugins/speaker-link.ts): the current slide and
 * the upcoming one (the deck in two `?receiver` iframes), the current slide's notes, the clock, the elapsed time
 * with pause and reset, pacing against the talk's planned length (`?minutes=` or the input, remembered), and
 * reveal's four layouts. Keys pressed here drive the current preview, whose moves drive the deck. No inline
 * script: it runs under the deck's Content Security Policy.
 *
 * `<section id="workshop-status">` shows the workshop mode's status when the deck is in a workshop (the room, the
 * people, the current question with its buttons, the join QR code: src/workshop-start.ts sends it through the
 * deck's speaker-link plugin, never an answer); it is hidden otherwise.
 */
installMessageGate();
const prefs = currentPrefs();
let lang: Lang = prefs.lang;
applyPrefsToDocument(prefs);
const rootEl = document.getElementById('speaker-root');
if (!rootEl) throw new Error('speaker.html lacks #speaker-root');
const root: HTMLElement = rootEl;

const MINUTES_KEY = 'hsw.talkMinutes';
const LAYOUT_KEY = 'hsw.speakerLayout';
const LAYOUTS: readonly SpeakerLayout[] = ['default', 'wide', 'tall', 'notes-only'];
const isLayout = (v: unknown): v is SpeakerLayout => LAYOUTS.includes(v as SpeakerLayout);

const params = new URLSearchParams(window.location.search);
/**
 * The plan the deck presents (`?plan=`, slides/plan.ts; empty: the full deck): the deck says which in each state
 * message; the previews show the same, and the pacing counts its slides.
 */
let planRaw = params.get('plan') ?? '';
let plan = planFor(planRaw || null);
/** The planned length typed here or given by `?minutes=`. */
let typedMinutes: number | null = null;
/** The length set here before (remembered). */
let storedMinutes: number | null = null;
/** A refused value, shown until a good one replaces it. */
let minutesError: string | null = null;
{
  const fromUrl = parseMinutes(params.get('minutes'));
  const stored = parseMinutes(readStored(MINUTES_KEY));
  if (fromUrl?.ok) typedMinutes = fromUrl.minutes;
  else if (fromUrl && !fromUrl.ok) minutesError = fromUrl.raw;
  if (stored?.ok) storedMinutes = stored.minutes;
}
/** The planned length: typed (or in the address), else the plan's own (`minutes: 40`), else the one remembered. */
const minutesNow = (): number | null => typedMinutes ?? plan.minutes ?? storedMinutes;
let layout: SpeakerLayout = ((v) => (isLayout(v) ? v : 'default'))(readStored(LAYOUT_KEY));

/** What the deck last said. */
let deckState: { state: DeckPosition; slideId: string; slideIndex: number; slideCount: number } | null = null;
let connection: 'connecting' | 'connected' | 'lost' = 'connecting';
let lastHeard = 0;

/** The timer: started when the speaker view opened; pausing freezes it. */
let startedAt = Date.now();
let pausedAt: number | null = null;
const elapsedSeconds = () => ((pausedAt ?? Date.now()) - startedAt) / 1000;

const frameParams = new URLSearchParams();
for (const key of ['lang', 'theme', 'quiz']) {
  const v = params.get(key);
  if (v !== null) frameParams.set(key, v);
}
/** The deck's page: index.html beside speaker.html, or, in the single file, this same file (src/single.ts). */
const deckPage = IN_SINGLE_FILE ? (window.location.pathname.split('/').pop() ?? '') : 'index.html';
/** A preview's address: the deck with `?receiver` (no chrome, 16:9, no storage writes). */
const previewUrl = (state: DeckPosition, upcoming: boolean) => {
  const p = new URLSearchParams(frameParams);
  p.set('lang', lang);
  if (planRaw) p.set('plan', planRaw);
  p.set('transition', 'none');
  p.set('backgroundTransition', 'none');
  p.set('progress', 'false');
  if (upcoming) p.set('controls', 'false');
  return `${deckPage}?receiver&${p.toString()}#/${state.indexh}/${state.indexv}${state.indexf !== undefined && state.indexf >= 0 ? `/${state.indexf}` : ''}`;
};

const currentFrame = document.createElement('iframe');
const upcomingFrame = document.createElement('iframe');
for (const f of [currentFrame, upcomingFrame]) f.setAttribute('allow', 'fullscreen');
const framesReady = new Set<Window>();

function sendToFrames(): void {
  if (!deckState) return;
  const { state } = deckState;
  if (currentFrame.contentWindow && framesReady.has(currentFrame.contentWindow))
    send(currentFrame.contentWindow, { type: SPEAKER_MESSAGE, kind: 'set', state, advance: false });
  if (upcomingFrame.contentWindow && framesReady.has(upcomingFrame.contentWindow))
    send(upcomingFrame.contentWindow, { type: SPEAKER_MESSAGE, kind: 'set', state, advance: true });
}

const opener = window.opener as Window | null;
const hello = () => send(opener, { type: SPEAKER_MESSAGE, kind: 'hello', fresh: !deckState });

/** The workshop's status, when the deck is in one (npm run workshop): shown above the notes. */
let workshop: WorkshopStatus | null = null;

window.addEventListener('message', (event: MessageEvent) => {
  const message = speakerMessageOf(event.data);
  if (!message) return;
  if (event.source === opener && message.kind === 'workshop') {
    if (message.status && !workshop) void import('../components/ui/qr-code.ts');
    workshop = message.status;
    update();
  } else if (event.source === opener && message.kind === 'state') {
    const first = !deckState;
    const moved = !deckState || !samePosition(deckState.state, message.state);
    lastHeard = Date.now();
    connection = 'connected';
    deckState = message;
    const relang = isLang(message.lang) && message.lang !== lang;
    if (isLang(message.lang) && relang) {
      lang = message.lang;
      applyPrefsToDocument({ lang, theme: prefs.theme });
    }
    const replan = message.plan !== planRaw;
    if (replan) {
      planRaw = message.plan;
      plan = planFor(planRaw || null);
    }
    if (first || relang || replan) {
      framesReady.clear();
      currentFrame.src = previewUrl(message.state, false);
      upcomingFrame.src = previewUrl(message.state, true);
    } else if (moved) sendToFrames();
    void loadNotes(message.slideId);
    const next = nextSlideId(message.slideId);
    if (next) void loadNotes(next);
    update();
  } else if (message.kind === 'frame' && event.source) {
    const from = event.source as Window;
    if (from !== currentFrame.contentWindow && from !== upcomingFrame.contentWindow) return;
    if (!message.state) {
      framesReady.add(from);
      sendToFrames();
    } else if (from === currentFrame.contentWindow && deckState && !samePosition(message.state, deckState.state)) {
      // The presenter moved the current preview: the deck follows.
      send(opener, { type: SPEAKER_MESSAGE, kind: 'go', state: { ...message.state, paused: deckState.state.paused } });
    }
  }
});

/** The slides whose notes failed to load (a reload tries again). */
const failedNotes = new Set<string>();
function loadNotes(id: string): Promise<void> {
  if (!slideById(id) || slideText(id) || failedNotes.has(id)) return Promise.resolve();
  return loadSlideText(id).then(update, () => {
    failedNotes.add(id);
    update();
  });
}

// Keys pressed in the speaker view (outside its own controls) drive the current preview, as in reveal's.
document.addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, select, button, textarea')) return;
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  const win = currentFrame.contentWindow;
  if (!win || !framesReady.has(win)) return;
  send(win, { type: SPEAKER_MESSAGE, kind: 'key', keyCode: event.keyCode });
  if ([32, 33, 34, 35, 36, 37, 38, 39, 40].includes(event.keyCode)) event.preventDefault();
});

function setMinutes(raw: string): void {
  const parsed = parseMinutes(raw);
  if (parsed === null) {
    typedMinutes = null;
    storedMinutes = null;
    minutesError = null;
    writeStored(MINUTES_KEY, '');
  } else if (parsed.ok) {
    typedMinutes = parsed.minutes;
    storedMinutes = parsed.minutes;
    minutesError = null;
    writeStored(MINUTES_KEY, String(parsed.minutes));
  } else {
    minutesError = parsed.raw;
  }
  update();
}

function setLayout(next: string): void {
  if (!isLayout(next)) return;
  layout = next;
  writeStored(LAYOUT_KEY, next);
  update();
}

function toggleTimer(): void {
  if (pausedAt === null) pausedAt = Date.now();
  else {
    startedAt += Date.now() - pausedAt;
    pausedAt = null;
  }
  update();
}

function resetTimer(): void {
  startedAt = Date.now();
  if (pausedAt !== null) pausedAt = startedAt;
  update();
}

function pacingTemplate(t: (typeof speakerText)[Lang]) {
  const error = minutesError !== null ? t.badMinutes(minutesError, MIN_MINUTES, MAX_MINUTES) : null;
  const minutes = minutesNow();
  let status = html`<p class="pace-none">${t.noPlan}</p>`;
  if (deckState && deckState.slideIndex < 0) status = html`<p class="pace-off-plan">${t.offPlan}</p>`;
  else if (minutes !== null && deckState) {
    // A plan shares the minutes by its entries' clicker steps (the deck counts the same entries); the full deck, equally.
    const shown = plan.name ? plan.entries.filter((e) => e.kind === 'divider' || e.inPlan) : [];
    const timings =
      shown.length && shown.length === deckState.slideCount
        ? weightedTimings(
            minutes * 60,
            shown.map((e) => entrySteps(e, speakerSteps)),
          )
        : slideTimings(
            minutes * 60,
            Array.from({ length: deckState.slideCount }, () => undefined),
          );
    const p = pace(timings, deckState.slideIndex, elapsedSeconds());
    const by = clockText(p.by);
    const headline = p.status === 'ahead' ? t.ahead(by) : p.status === 'behind' ? t.behind(by) : t.onTime;
    status = html`<p class="pace-status pace-${p.status}" data-status=${p.status}>${headline}</p>
      <p class="pace-detail">${t.leftOnSlide(clockText(p.leftOnSlide))} ·
        ${t.plannedHere(clockText(p.plannedStart), clockText(minutes * 60))}</p>`;
  }
  return html`<div class="speaker-controls-pace">
    <h2 class="label">${t.pacing}</h2>
    ${status}
    <label class="minutes"
      >${t.minutesLabel}
      <input
        type="number"
        inputmode="decimal"
        min=${MIN_MINUTES}
        max=${MAX_MINUTES}
        step="0.5"
        .value=${minutes === null ? '' : String(minutes)}
        @change=${(e: Event) => setMinutes((e.target as HTMLInputElement).value)}
    /></label>
    ${error ? html`<p class="pace-error" role="alert">${error}</p>` : nothing}
  </div>`;
}

/** The plan's chooser: the built-in plans, the full deck, and the deck's own list if it presents one. */
function planTemplate(t: (typeof speakerText)[Lang]) {
  const names = ['', ...planTexts.keys()];
  const current = plan.name === 'custom' ? planRaw : (plan.name ?? '');
  const shown = plan.entries.filter((e) => e.kind === 'divider' || e.inPlan);
  const slideCount = shown.filter((e) => e.kind === 'slide').length;
  return html`<label id="speaker-plan"
      >${t.plan}
      <select @change=${(e: Event) => choosePlan((e.target as HTMLSelectElement).value)}>
        ${names.map((n) => html`<option value=${n} ?selected=${n === current}>${t.planNames(n)}</option>`)}
        ${plan.name === 'custom' ? html`<option value=${planRaw} selected>${t.planNames('custom')}</option>` : nothing}
      </select></label
    >
    <p class="plan-summary">${t.planSummary(slideCount, planClicks(plan, speakerSteps))}</p>`;
}

/** Asks the deck to present another plan: it opens again with it (src/plugins/speaker-link.ts), and says so. */
function choosePlan(name: string): void {
  send(opener, { type: SPEAKER_MESSAGE, kind: 'plan', plan: name });
}

/** The slide after this one in the plan (a divider passed over), for its first paragraph of notes. */
function nextSlideId(id: string): string | undefined {
  const shown = plan.entries.filter((e) => e.kind === 'divider' || e.inPlan);
  const at = shown.findIndex((e) => e.id === id);
  if (at < 0) return undefined;
  return shown.slice(at + 1).find((e) => e.kind === 'slide')?.id;
}

function notesBody(t: (typeof speakerText)[Lang]) {
  if (!deckState) return nothing;
  const entry = plan.entries.find((e) => e.id === deckState?.slideId);
  if (entry?.kind === 'divider') {
    const p = planText[lang];
    return html`<p>${p.chapterOf(entry.number, deckText[lang].chapters[entry.chapter])}: ${p.questions[entry.chapter]}</p>`;
  }
  const slide = slideById(deckState.slideId);
  if (!slide) return nothing;
  if (failedNotes.has(slide.id)) return html`<p role="alert">${t.notesFailed}</p>`;
  const text = slideText(slide.id);
  if (!text) return html`<p class="muted">${t.notesLoading}</p>`;
  if (!text.text[lang].notes.length && !text.text[lang].appendix.length && !text.sources?.length)
    return html`<p class="muted">${t.noNotes}</p>`;
  const f = deckState.state.indexf;
  const step = typeof f === 'number' && f >= 0 ? f + 1 : 0;
  const nextId = nextSlideId(slide.id);
  const nextDef = nextId ? slideById(nextId) : undefined;
  const next = nextDef ? { title: nextDef.title[lang], first: slideText(nextDef.id)?.text[lang].notes[0] } : undefined;
  return notesTemplate(slide, lang, text, (notes) => stepNotesTemplate(notes, step, lang, next));
}

/** The workshop's room, people and current question, with the question's buttons and the join QR code. */
function workshopTemplate(t: (typeof speakerText)[Lang]) {
  if (!workshop) return html`<section id="workshop-status" hidden></section>`;
  const w = workshop;
  const command = (action: WorkshopCommand) => () =>
    send(opener, { type: SPEAKER_MESSAGE, kind: 'workshop-poll', action });
  const q = w.question;
  const buttons: [WorkshopCommand, string][] = !q
    ? []
    : q.status === 'idle'
      ? [['open', t.pollButtons.open]]
      : q.status === 'open'
        ? [
            ['reveal', t.pollButtons.reveal],
            ['close', t.pollButtons.close],
          ]
        : q.status === 'closed'
          ? [
              ['reveal', t.pollButtons.reveal],
              ['open', t.pollButtons.reopen],
              ['reset', t.pollButtons.reset],
            ]
          : [['reset', t.pollButtons.reset]];
  return html`<section id="workshop-status" aria-labelledby="workshop-status-title">
    <h2 class="label" id="workshop-status-title">${t.workshop(w.room)}</h2>
    <p class="workshop-link ${w.connected ? 'up' : 'down'}">
      ${w.connected ? t.workshopLink.up : t.workshopLink.down} · ${t.people(w.participants, w.online)}
    </p>
    ${
      w.roomLost
        ? html`<p class="workshop-cannot-save" role="alert">${t.roomLost}</p>`
        : w.cannotSave
          ? html`<p class="workshop-cannot-save" role="alert">${t.cannotSave}</p>`
          : nothing
    }
    ${
      q
        ? html`<p class="workshop-question">
            ${t.question(q.title)} — <strong>${t.pollStatus[q.status]}</strong>, ${t.answered(q.answered)}
          </p>
          <div class="workshop-buttons">
            ${buttons.map(([action, label]) => html`<button type="button" @click=${command(action)}>${label}</button>`)}
          </div>`
        : html`<p class="workshop-question muted">${t.noQuestion}</p>`
    }
    <hsw-qr-code .text=${w.joinUrl} .label=${`${t.joinAt} ${w.joinUrl}`}></hsw-qr-code>
  </section>`;
}

function update(): void {
  const t = speakerText[lang];
  document.title = `${t.pageTitle} · ${deckState ? (slideById(deckState.slideId)?.title[lang] ?? '') : ''}`;
  document.body.dataset['speakerLayout'] = layout;
  const now = new Date();
  const clock = now.toLocaleTimeString(lang === 'ru' ? 'ru-RU' : 'en-US', { hour: '2-digit', minute: '2-digit' });
  const paused = pausedAt !== null;
  const status = connection === 'connected' ? null : connection === 'connecting' && opener ? t.connecting : t.noDeck;
  render(
    html`${status ? html`<p id="connection-status" role="status">${status}</p>` : nothing}
      <section id="current-slide" aria-label=${t.current}>
        <span class="overlay-element label">${t.current}${deckState ? html` · ${deckState.slideIndex < 0 ? t.outsidePlan : t.slideOf(deckState.slideIndex + 1, deckState.slideCount)}` : nothing}</span>
        ${currentFrame}
      </section>
      <section id="upcoming-slide" aria-label=${t.upcoming}>
        <span class="overlay-element label">${t.upcoming}</span>
        ${upcomingFrame}
      </section>
      <div id="speaker-controls">
        <label id="speaker-layout"
          >${t.layout}
          <select @change=${(e: Event) => setLayout((e.target as HTMLSelectElement).value)}>
            ${LAYOUTS.map((l) => html`<option value=${l} ?selected=${l === layout}>${t.layouts[l]}</option>`)}
          </select></label
        >
        <div class="speaker-controls-time">
          <h2 class="label">${t.time}</h2>
          <div class="times">
            <p class="timer" aria-label=${t.elapsed}>
              <span class="value">${clockText(elapsedSeconds())}</span>
              ${paused ? html`<span class="timer-paused">${t.timerPaused}</span>` : nothing}
            </p>
            <p class="clock" aria-label=${t.clock}><span class="value">${clock}</span></p>
          </div>
          <div class="timer-buttons">
            <button type="button" @click=${toggleTimer}>${paused ? t.resume : t.pause}</button>
            <button type="button" @click=${resetTimer}>${t.reset}</button>
          </div>
          ${deckState?.state.paused ? html`<p class="deck-paused">${t.deckPaused}</p>` : nothing}
        </div>
        ${planTemplate(t)}
        ${pacingTemplate(t)}
        ${workshopTemplate(t)}
        <div class="speaker-controls-notes">
          <h2 class="label">${t.notes}</h2>
          <div class="value">${notesBody(t)}</div>
        </div>
      </div>
`,
    root,
  );
  currentFrame.title = t.currentFrame;
  upcomingFrame.title = t.upcomingFrame;
  // The current step's paragraph comes into view when the clicker moves (not on every second's redraw).
  const marked = deckState ? `${deckState.slideId}/${deckState.state.indexf ?? -1}` : '';
  if (marked !== lastMarked) {
    lastMarked = marked;
    root.querySelector('.note-step.current')?.scrollIntoView({ block: 'nearest' });
  }
}

/** The step whose paragraph was last brought into view. */
let lastMarked = '';

update();
hello();
// Every second: the clock, the timer, and a hello, which a deck that was reloaded answers.
window.setInterval(() => {
  hello();
  if (connection === 'connected' && Date.now() - lastHeard > 5000 && (!opener || opener.closed)) connection = 'lost';
  if (connection === 'connecting' && !opener) connection = 'lost';
  update();
}, 1000);
