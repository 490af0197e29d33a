/**
 * "Your code"'s view: the editor, Run and Stop, the progress bar while Python loads, the outcome and the output, and
 * the recorded turns in the presets' turn view (the element's own `turn` and `chips`). Loaded with its words and
 * the worker's client when the tab is first opened, so that the slide's first load does not carry them.
 */
import { html, nothing, type TemplateResult } from 'lit';
import '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import { PyRunner } from '../shared/py-record/py-runner.ts';
import { PYODIDE_GZIP_BYTES } from '../shared/py-record/py-files.ts';
import { MAX_RECORDING_CHARS } from '../shared/py-record/py-protocol.ts';
import { handleText, turnLines } from '../shared/py-record/py-names.ts';
import type { asyncioLoopText } from './asyncio-loop-text.ts';
import { yoursText } from './asyncio-loop-yours-text.ts';
import type { HandleGroup, TurnView } from './asyncio-loop-model.ts';
import type { PresetId } from './asyncio-loop-programs.ts';
import {
  MAX_SOURCE_BYTES,
  SEED_PROGRAMS,
  draftOf,
  starts,
  blockedIn,
  chooseStart,
  currentTurn,
  editDraft,
  finished,
  notableHandles,
  openStart,
  progressed,
  recordedPhases,
  recordedTurnView,
  runPressed,
  seconds,
  setDebug,
  started,
  turnExcerpt,
  turnsOf,
  yoursRecording,
  yoursTurnTo,
  type PresetListing,
  type StartId,
  type YoursState,
} from './asyncio-loop-yours.ts';

type Text = (typeof asyncioLoopText)['en'] & (typeof yoursText)['en'];

export interface YoursBinding {
  readonly get: () => YoursState;
  readonly set: (next: YoursState) => void;
  /** The slide's words (asyncio-loop-text.ts), its presets and their listings: passed in, so that this chunk imports nothing of the element's. */
  readonly text: () => (typeof asyncioLoopText)['en'];
  readonly presets: readonly PresetId[];
  readonly listing: PresetListing;
  readonly chips: (groups: readonly HandleGroup[], label: string) => unknown;
  readonly turn: (v: TurnView) => unknown;
}

/**
 * The element's side of "Your code": its state in and out, and the worker (made on the first Run or by `warm()`, ended
 * by Stop).
 */
export class YoursHost {
  private runner: PyRunner | null = null;
  pythonLoaded = false;

  constructor(private readonly b: YoursBinding) {}

  get(): YoursState {
    return this.b.get();
  }

  update(next: (y: YoursState) => YoursState): void {
    this.b.set(next(this.b.get()));
  }

  get text(): (typeof asyncioLoopText)['en'] {
    return this.b.text();
  }

  get presets(): readonly PresetId[] {
    return this.b.presets;
  }

  get listing(): PresetListing {
    return this.b.listing;
  }

  chips(groups: readonly HandleGroup[], label: string): unknown {
    return this.b.chips(groups, label);
  }

  turn(v: TurnView): unknown {
    return this.b.turn(v);
  }

  /** Python loaded in the worker now, ahead of the first Run (the slide shown or next, or the tab opened). */
  warm(): void {
    this.runner ??= new PyRunner();
    this.runner.warm();
  }

  async run(): Promise<void> {
    this.update((y) => runPressed(y, this.pythonLoaded, this.b.listing));
    const y = this.b.get();
    if (y.job === 'idle') return;
    this.runner ??= new PyRunner();
    const outcome = await this.runner.run(draftOf(y, this.b.listing), y.debug, {
      onProgress: (loaded, total) => this.update((s) => progressed(s, loaded, total)),
      onStarted: () => {
        this.pythonLoaded = true;
        this.update(started);
      },
    });
    // a terminated worker takes Python with it: the next Run loads it again (from the browser's cache)
    if (outcome.kind !== 'recorded') this.pythonLoaded = false;
    this.update((s) => finished(s, outcome));
  }

  stop(): void {
    this.runner?.stop();
  }

  dispose(): void {
    this.runner?.dispose();
    this.runner = null;
    this.pythonLoaded = false;
  }
}

function editor(h: YoursHost, t: Text, lang: Lang, y: YoursState) {
  const busy = y.job !== 'idle';
  const served = PyRunner.available();
  const mb = formatNumber(PYODIDE_GZIP_BYTES / 1e6, lang, 1);
  return html`<div class="editor">
    <div class="row">
      <label for="start">${t.startFrom}</label>
      <select id="start" @change=${(e: Event) => h.update((s) => chooseStart(s, (e.target as HTMLSelectElement).value as StartId))}>
        ${starts(h.presets).map((id) => html`<option value=${id} ?selected=${y.start === id}>${id in SEED_PROGRAMS ? t.seeds[id as keyof typeof SEED_PROGRAMS] : t.presets[id as PresetId]}</option>`)}
      </select>
      <button type="button" ?disabled=${busy} @click=${() => h.update((s) => openStart(s, h.listing))}>${t.openStart}</button>
    </div>
    <label for="yours-code">${t.editor}</label>
    <textarea
      id="yours-code"
      spellcheck="false"
      autocapitalize="off"
      autocomplete="off"
      .value=${draftOf(y, h.listing)}
      @input=${(e: Event) => h.update((s) => editDraft(s, (e.target as HTMLTextAreaElement).value))}
      @keydown=${(e: KeyboardEvent) => e.stopPropagation()}
    ></textarea>
    <div class="row">
      <button type="button" class="primary" ?disabled=${busy || !served} @click=${() => void h.run()}>${t.run}</button>
      ${busy ? html`<button type="button" @click=${() => h.stop()}>${t.stop}</button>` : nothing}
      <label class="check"><input type="checkbox" .checked=${y.debug} ?disabled=${busy} @change=${(e: Event) => h.update((s) => setDebug(s, (e.target as HTMLInputElement).checked))} />${t.debug}</label>
    </div>
    ${
      y.job === 'loading'
        ? html`<div class="loading">
            <progress aria-label=${t.loading(mb)} max=${y.total || 1} .value=${y.loaded}></progress>
            <p class="note" role="status">${t.loading(mb)} · ${Math.round((100 * y.loaded) / (y.total || 1))} %</p>
          </div>`
        : y.job === 'running'
          ? html`<p class="note" role="status">${t.running}</p>`
          : !served
            ? html`<p class="callout" role="status">${t.needsServed}</p>`
            : h.pythonLoaded
              ? nothing
              : html`<p class="note">${t.loadingOnce}</p>`
    }
  </div>`;
}

function outcome(t: Text, lang: Lang, y: YoursState) {
  const o = y.outcome;
  if (!o) return nothing;
  const n = (v: number, d = 0) => formatNumber(v, lang, d);
  switch (o.kind) {
    case 'stopped':
      return html`<p class="callout" role="status">${t.stopped}</p>`;
    case 'overtime':
      return html`<div class="callout bad" role="alert">${t.overtime(n(o.budgetMs / 1000, 1))}</div>`;
    case 'unavailable':
      return html`<div class="callout" role="status">${t.needsServed}</div>`;
    case 'failed':
      return html`<div class="callout bad" role="alert">${t.failed(o.message)}</div>`;
    case 'oversize':
      return html`<div class="callout bad" role="alert">${t.oversize(n(o.chars / 1e6, 1), n(MAX_RECORDING_CHARS / 1e6))}</div>`;
    case 'tooLong':
      return html`<div class="callout bad" role="alert">${t.tooLong(n(o.bytes / 1000, 1), n(MAX_SOURCE_BYTES / 1000))}</div>`;
    case 'recorded': {
      const r = o.recording;
      const line = r.line === null ? '' : n(r.line);
      const output = `${r.stdout}${r.stderr}${r.traceback ? (r.stdout || r.stderr ? '\n' : '') + r.traceback : ''}`;
      const end =
        r.end === 'refused'
          ? html`<div class="callout bad" role="alert"><strong>${t.refusedTitle((r.message ?? '').split(':')[0] ?? '', line)}.</strong> ${t.refusal[r.code ?? 'import'] ?? r.message}</div>`
          : r.end === 'syntax'
            ? html`<div class="callout bad" role="alert"><strong>${t.ended.syntax(line)}</strong><pre class="out">${r.message}</pre></div>`
            : r.end === 'done'
              ? html`<p class="callout good" role="status">${t.ended.done} ${t.recorded(r.turns.length)}.</p>`
              : html`<div class="callout bad" role="alert">${t.ended[r.end]}</div>`;
      return html`${end}
        ${
          r.end === 'syntax' || r.end === 'refused'
            ? nothing
            : html`<h3 class="ph" id="yours-out">${t.output}</h3>
              <pre class="out" role="log" aria-labelledby="yours-out">${output || t.noOutput}</pre>
                <p class="note">${t.realPython(r.python)}</p>`
        }`;
    }
  }
}

function turnsView(h: YoursHost, t: Text, lang: Lang, y: YoursState) {
  const rec = yoursRecording(y);
  if (!rec) return PyRunner.available() && y.job === 'idle' ? html`<p class="note">${t.notRunYet}</p>` : nothing;
  const turns = turnsOf(y);
  if (turns.length === 0) return html`<p class="callout">${t.noTurns}</p>`;
  const turn = currentTurn(y);
  const v = turn ? recordedTurnView(turn) : null;
  const blocked = turn ? blockedIn(turn) : 0;
  const notable = turn ? notableHandles(turn, 2) : { shown: [], more: 0 };
  const workers = turn?.threads ?? [];
  const mine = turn && rec.source ? turnExcerpt(rec.source, turnLines(turn)) : null;
  return html`
    <ol class="phases" aria-label=${t.phasesLabel}>
      ${recordedPhases(turns).map((p) => html`<li aria-current=${p.phase === v?.phase ? 'step' : 'false'}>${t.phase[p.phase] ?? p.phase} · ${p.turns}</li>`)}
      <li>= ${t.turnsTotal(turns.length)}</li>
    </ol>
    <div class="turn-row">
      <hsw-step-controls
        .lang=${lang}
        .at=${y.index}
        .total=${turns.length}
        .playable=${false}
        @step-forward=${() => h.update((s) => yoursTurnTo(s, 'forward'))}
        @step-back=${() => h.update((s) => yoursTurnTo(s, 'back'))}
        @reset-requested=${() => h.update((s) => yoursTurnTo(s, 'reset'))}
      ></hsw-step-controls>
      ${
        v === null || turn === null
          ? html`<p class="turn-head" role="status"><strong>${t.before(turns.length)}</strong></p>`
          : html`<p class="turn-head" role="status">
              <strong>${t.turnOf(v.number, turns.length)}</strong><span class="ph">${t.phase[v.phase] ?? v.phase} · ${t.at(seconds(turn.time))}</span>
            </p>`
      }
    </div>
    ${
      v === null
        ? html`<dl class="queues">
            <dt>_ready</dt>
            <dd>${h.chips(turns[0] ? recordedTurnView(turns[0]).readyBefore : [], t.readyBefore)}</dd>
          </dl>
          <p class="callout">${t.beforeYours}</p>`
        : h.turn(v)
    }
    ${blocked > 0 ? html`<p class="callout bad">${t.blockedTurn(seconds(blocked))}</p>` : nothing}
    ${
      notable.shown.length
        ? html`<ul class="handles" aria-label=${t.printedIn}>
            ${notable.shown.map(
              (h) => html`<li>
                <code>${handleText(h)}</code>${h.blocked ? html` <span class="bad">${t.blocked(seconds(h.blocked))}</span>` : nothing}
                ${h.stdout || h.stderr ? html`<pre class="out">${`${h.stdout ?? ''}${h.stderr ?? ''}`.trimEnd()}</pre>` : nothing}
              </li>`,
            )}
            ${notable.more ? html`<li class="muted">${t.moreHandles(notable.more)}</li>` : nothing}
          </ul>`
        : nothing
    }
    ${
      workers.length
        ? html`<ul class="handles" aria-label=${t.workersIn}>
            ${workers.map(
              (e) => html`<li>
                <code>${t.at(seconds(e.time))}: ${e.what}</code>
                ${e.stdout || e.stderr ? html`<pre class="out">${`${e.stdout ?? ''}${e.stderr ?? ''}`.trimEnd()}</pre>` : nothing}
              </li>`,
            )}
          </ul>`
        : nothing
    }
    ${mine ? html`<hsw-code language="python" .code=${mine.code} .current=${mine.current} label=${t.yourLines(String(mine.from), String(mine.to))}></hsw-code>` : nothing}`;
}

export function renderYours(h: YoursHost, lang: Lang): TemplateResult {
  const t: Text = { ...h.text, ...yoursText[lang] };
  const y = h.get();
  return html`<div class="cols rec yours">
    <div>${editor(h, t, lang, y)} ${outcome(t, lang, y)}</div>
    <div>${turnsView(h, t, lang, y)}</div>
  </div>`;
}
