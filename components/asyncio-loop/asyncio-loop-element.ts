import { html, nothing, type PropertyValues } from 'lit';
import '../ui/details.ts';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/labelled-slider.ts';
import '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import { highlightLines, loadGrammar } from '../ui/highlight.ts';
import { asyncioLoopText } from './asyncio-loop-text.ts';
import { listingOf, presentedListing, presetProgram } from './asyncio-loop-programs.ts';
import { styles } from './asyncio-loop-styles.ts';
import * as model from './asyncio-loop-model.ts';
import {
  MAX_K,
  MENU,
  PRESETS,
  SCHEME_POSITIONS,
  STEP_PARTS,
  VIEWS,
  addItem,
  canAdd,
  clearItems,
  handleName,
  phaseCounts,
  readyAtStart,
  recordingOf,
  removeItem,
  schemeTo,
  setK,
  setNtodo,
  setPick,
  setPreset,
  setView,
  setYours,
  SPEAKER_SEQUENCE,
  stateForStep,
  turnRunning,
  turnTo,
  turnView,
  type AsyncioLoopState,
  type HandleGroup,
  type MenuItem,
  type Part,
  type PresetId,
  type Recording,
  type TurnView,
} from './asyncio-loop-model.ts';
import { DECLARATIONS, TURN_STEPS, renderExcerpt, renderSegment } from './asyncio-loop-code.ts';
import type * as PresentedModule from './asyncio-loop-presented.ts';
import type { PresentedHost } from './asyncio-loop-presented.ts';
import type * as YoursViewModule from './asyncio-loop-yours-view.ts';
import type { YoursHost } from './asyncio-loop-yours-view.ts';

type YoursView = typeof YoursViewModule;
type Presented = typeof PresentedModule;

/**
 * Python is fetched and started in idle time while the slide is shown or next, so that Run finds it ready: in the
 * deck only. Not in an embed (Python loads when the person opens "Your code"), nor in the speaker view's copy, nor in
 * the phones' build (a room's phones follow the presenter: a hundred of them would each fetch 6 MB they may not use).
 */
const PREFETCH_PYTHON = import.meta.env.MODE !== 'phone';

/**
 * Presented to a hall, the lines of a preset's listing to keep (fragments, in order; the rest fold into `…`): the
 * spinner and the timer's line of the starving program, whose whole does not fit the stage; the sleepers' gather.
 */
const PRESENTED_KEEP: Partial<Record<PresetId, readonly string[]>> = {
  starve: ['async def spinner', 'while True', 'await asyncio.sleep(0)', 'async def main', 'loop.call_later(0, ring)'],
  // the thousand sleepers and their gather (asyncio.run's line folded: the step is in main)
  gather1000: ['async def sleeper', 'await asyncio.sleep(0)', 'async def main', 'gather('],
};

/** Presented, the listing's column holds this many characters (the slide's CSS: `.presented .stage`). */
const PRESENTED_WIDTH = 30;

/** Presented, in main's turns: the fragment of the line a speaker's step is about. */
function PRESENTED_FOCUS(s: Pick<AsyncioLoopState, 'preset' | 'ntodo'>): string | null {
  switch (s.preset) {
    case 'empty':
      return 'pass';
    case 'gather1000':
      return 'await asyncio.sleep(0)';
    case 'starve':
      return s.ntodo ? 'loop.call_later(0, ring)' : 'await asyncio.sleep(0)';
    default:
      return null;
  }
}

/**
 * Presented: the line a turn is about: asyncio.run's own turns after main (and the loop's steps before a callback
 * runs), else the program's line (PRESENTED_FOCUS); none before the first turn.
 */
function focusOf(phase: string | null, run: Pick<AsyncioLoopState, 'preset' | 'ntodo'>): string | null {
  if (phase === null) return null;
  return phase === 'main' ? PRESENTED_FOCUS(run) : 'asyncio.run(';
}

/** Inside the asyncio loop: its composition, the six steps of a turn, and a real small program's run turn by turn. */
export class AsyncioLoopDemo extends DemoElement<AsyncioLoopState> {
  static override styles = styles;

  constructor() {
    super(model);
  }

  private get t() {
    return asyncioLoopText[this.lang];
  }

  /**
   * "Your code"'s view and worker, loaded when the tab is first opened, or ahead of it with Python
   * (asyncio-loop-yours-view.ts).
   */
  private yoursView: YoursView | null = null;
  private yoursLoad: Promise<YoursView> | null = null;
  private yoursHost: YoursHost | null = null;
  /** Python has been asked for (ahead of a Run): once while the element is on the page. */
  private pythonAsked = false;

  /**
   * Presented, the slide is the loop picture (asyncio-loop-presented.ts): loaded when the element is first presented,
   * so that the self-paced view and an embed do not carry it.
   */
  private presentedView: Presented | null = null;
  private presentedLoad: Promise<Presented> | null = null;

  private loadPresented(): Promise<Presented> {
    this.presentedLoad ??= import('./asyncio-loop-presented.ts').then((m) => {
      this.presentedView = m;
      this.requestUpdate();
      return m;
    });
    return this.presentedLoad;
  }

  private presentedHost(): PresentedHost {
    return {
      state: this.state,
      lang: this.lang,
      code: (listing, focus, preset) => this.presentedCode(listing, focus, preset),
      focus: focusOf,
      phases: (rec, v) => this.phases(rec, v),
      turn: (v) => this.turn(v),
      chips: (groups, label) => this.chips(groups, label),
      compositionCode: () => this.compositionCode(),
    };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.presenting && !this.presentedLoad) void this.loadPresented();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.yoursHost?.dispose();
    this.yoursHost = null;
    this.pythonAsked = false;
    this.readyFor = null;
  }

  /** Whether the speaker's steps were made ready ahead for this way of showing the slide (presented or not). */
  private readyFor: boolean | null = null;

  /**
   * The speaker's steps made ready in idle time while the slide is shown or next (one step an idle callback): each
   * step's recorded run (asyncio's model runs the thousand sleepers' program, the longest) and the listings it shows,
   * highlighted. A clicker press then finds them ready and does the work of showing its step only
   * (tests/e2e/press-work.spec.ts counts it).
   */
  private readySteps(): void {
    const presenting = this.presenting && !this.detailsOpen;
    if (this.readyFor === presenting) return;
    this.readyFor = presenting;
    const idle = (fn: () => void) =>
      'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 300);
    const steps = SPEAKER_SEQUENCE.length;
    const one = (i: number) => {
      if (!this.isConnected || this.readyFor !== presenting) return;
      for (const code of this.listingsAt(stateForStep(i, this.state))) highlightLines(code, 'python');
      if (i + 1 < steps) idle(() => one(i + 1));
    };
    // a grammar or a view that failed to load is the listing's to report (hsw-code warns): the runs are still made
    void Promise.all([loadGrammar('python'), presenting ? this.loadPresented() : null])
      .catch(() => undefined)
      .then(() => idle(() => one(0)));
  }

  /** The listings the slide shows at a state (as highlightLines is given them). */
  private listingsAt(s: AsyncioLoopState): string[] {
    if (this.presenting && !this.detailsOpen && this.presentedView) {
      const l = this.presentedView.presentedListings(this.presentedHost(), s);
      const shown = this.presentedShown(l.listing, l.focus, l.preset).code;
      return l.more === null ? [shown] : [shown, l.more];
    }
    if (s.view === 'composition') return [this.compositionCode()];
    if (s.view === 'scheme') return [renderExcerpt(TURN_STEPS[s.scheme]!)];
    return s.view === 'recording' ? [recordingOf(s).listing] : [];
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.print && (this.active || this.near)) this.readySteps();
    if (this.pythonAsked || this.mode === 'speaker') return;
    const opened = this.state.view === 'yours';
    const ahead = PREFETCH_PYTHON && this.mode === 'deck' && !this.print && (this.active || this.near);
    if (!opened && !ahead) return;
    this.pythonAsked = true;
    const warm = () => void this.loadYours().then((view) => this.host(view).warm());
    if (opened) warm();
    else if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 2000 });
    else setTimeout(warm, 300);
  }

  private loadYours(): Promise<YoursView> {
    this.yoursLoad ??= import('./asyncio-loop-yours-view.ts').then((m) => (this.yoursView = m));
    return this.yoursLoad;
  }

  private yours() {
    if (!this.yoursView) {
      void this.loadYours().then(() => this.requestUpdate());
      return nothing;
    }
    return this.yoursView.renderYours(this.host(this.yoursView), this.lang);
  }

  private host(view: YoursView): YoursHost {
    this.yoursHost ??= new view.YoursHost({
      get: () => this.state.yours,
      set: (next) => this.setState(setYours(this.state, next)),
      text: () => this.t,
      presets: PRESETS,
      listing: (preset) => listingOf(presetProgram(preset, this.state.k)),
      chips: (groups, label) => this.chips(groups, label),
      turn: (v) => this.turn(v),
    });
    return this.yoursHost;
  }

  private chips(groups: readonly HandleGroup[], label: string) {
    const t = this.t;
    if (groups.length === 0) return html`<span class="muted">${t.empty}</span>`;
    return html`<ul class="chips" aria-label=${label}>
      ${groups.map((g) => html`<li class="chip">${handleName(g.callback)} ${t.group(g.count, this.presenting ? [] : g.tasks)}</li>`)}
    </ul>`;
  }

  private diagram(on: ReadonlySet<Part>) {
    const t = this.t;
    const c = (p: Part) => (on.has(p) ? 'on' : '');
    // Presented, the boxes carry their names only: their notes and declarations are in the listing's disclosure.
    const more = (note: string, decl?: string) =>
      this.detailsOpen
        ? html`<span class="note">${note}</span>${decl ? html`<code class="decl">${decl}</code>` : nothing}`
        : nothing;
    return html`<div class="diagram" role="group" aria-label=${t.view.composition}>
      <div class="box tasks ${c('tasks')}"><strong>${t.tasksTitle}</strong>${more(t.tasksNote)}</div>
      <div class="arrow soon ${c('callSoon')}">↓ ${t.callSoon}</div>
      <div class="arrow run ${c('run')}">↑ ${t.arrowRun}</div>
      <div class="arrow later ${c('callLater')}">↓ ${t.callLater}</div>
      <div class="box ready ${c('ready')}">
        <b>_ready</b>${more(t.readyNote, DECLARATIONS.ready.lines[0].trim())}
      </div>
      <div class="arrow due ${c('due')}">← ${t.arrowDue}</div>
      <div class="box sched ${c('scheduled')}">
        <b>_scheduled</b>${more(t.scheduledNote, DECLARATIONS.scheduled.lines[0].trim())}
      </div>
      <div class="arrow io ${c('io')}">↑ ${t.arrowIo}</div>
      <div class="arrow timeout ${c('timeout')}">↙ ${t.arrowTimeout}</div>
      <div class="box sel ${c('selector')}">
        <b>_selector</b>${more(t.selectorNote, DECLARATIONS.selector.lines[0].trim())}
      </div>
    </div>`;
  }

  /** The containers' declarations and the ways in, CPython's lines. */
  private compositionCode(): string {
    return [
      DECLARATIONS.ready,
      DECLARATIONS.scheduled,
      DECLARATIONS.defaultSelector,
      DECLARATIONS.selector,
      DECLARATIONS.callSoon,
      DECLARATIONS.callAt,
      DECLARATIONS.runForever,
    ]
      .map(renderSegment)
      .join('\n');
  }

  private composition() {
    const t = this.t;
    const code = this.compositionCode();
    // The caption under the drawing (open when browsing and in print, as the listing): under the listing, at
    // 1280×720, it ran under the deck's arrows.
    return html`<div class="cols">
      <div>
        ${this.diagram(new Set())}
        ${this.detailsOpen ? html`<p class="caption">${t.compositionCaption}</p>` : nothing}
      </div>
      <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.compositionCode}>
        ${
          this.detailsOpen
            ? nothing
            : html`<dl class="notes">
              <dt>${t.tasksTitle}</dt>
              <dd>${t.tasksNote}</dd>
              <dt>_ready</dt>
              <dd>${t.readyNote}</dd>
              <dt>_scheduled</dt>
              <dd>${t.scheduledNote}</dd>
              <dt>_selector</dt>
              <dd>${t.selectorNote}</dd>
            </dl>`
        }
        <hsw-code language="python" .code=${code} label=${t.compositionCode}></hsw-code>
      </hsw-details>
    </div>`;
  }

  private scheme() {
    const t = this.t;
    const s = this.state;
    const n = s.scheme;
    return html`<div class="cols">
      ${this.diagram(new Set(STEP_PARTS[s.scheme]))}
      <div>
        <hsw-step-controls
          .lang=${this.lang}
          .at=${s.scheme}
          .total=${SCHEME_POSITIONS - 1}
          .playable=${false}
          @step-forward=${() => this.setState(schemeTo(this.state, 'forward'))}
          @step-back=${() => this.setState(schemeTo(this.state, 'back'))}
          @reset-requested=${() => this.setState(schemeTo(this.state, 'reset'))}
        ></hsw-step-controls>
        <p class="step-title" role="status"><strong>${t.schemeStep(n)}.</strong> ${t.stepTitles[s.scheme]}</p>
        <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.schemeCode(n)}>
          <hsw-code language="python" .code=${renderExcerpt(TURN_STEPS[s.scheme]!)} label=${t.schemeCode(n)}></hsw-code>
        </hsw-details>
      </div>
    </div>`;
  }

  private composer() {
    const t = this.t;
    const s = this.state;
    return html`<div class="row">
      <label for="menu">${t.menuGroup}</label>
      <select id="menu" @change=${(e: Event) => this.setState(setPick(this.state, (e.target as HTMLSelectElement).value as MenuItem))}>
        ${MENU.map((m) => html`<option value=${m} ?selected=${s.pick === m} ?disabled=${!canAdd(s.composed, m)}>${t.menuPython[m]}</option>`)}
      </select>
      <button type="button" ?disabled=${!canAdd(s.composed, s.pick)} aria-label=${t.add(t.menuPython[s.pick])} @click=${() => this.setState(addItem(this.state, this.state.pick))}>+</button>
      <button
        type="button"
        ?disabled=${s.composed.length === 0}
        aria-label=${s.composed.length ? t.remove(s.composed.length - 1, t.menuPython[s.composed[s.composed.length - 1]!]) : t.clear}
        @click=${() => this.setState(removeItem(this.state, this.state.composed.length - 1))}
      >
        −
      </button>
      <button type="button" ?disabled=${s.composed.length === 0} @click=${() => this.setState(clearItems(this.state))}>${t.clear}</button>
    </div>`;
  }

  /**
   * Presented, steps 1-5 of a turn: those that did something in full, those that had nothing to do on one muted line
   * (`1 · 2 · 3 · 4 · nothing to do`) in the place of the first of them: the six steps are all there, in fewer words.
   */
  private stepsPresented(steps: readonly (readonly ['busy' | 'quiet', string])[]) {
    const idle = steps.flatMap(([cls], i) => (cls === 'quiet' ? [i + 1] : []));
    // a run of three or more written as a range: 1–5
    const run = idle.length >= 3 && idle.at(-1)! - idle[0]! === idle.length - 1;
    const named = run ? `${idle[0]}–${idle.at(-1)}` : idle.join(' · ');
    return steps.flatMap(([cls, text], i) =>
      cls === 'busy'
        ? [html`<li class="busy">${text}</li>`]
        : i + 1 === idle[0]
          ? [html`<li class="quiet idle">${this.t.idleSteps(named)}</li>`]
          : [],
    );
  }

  private turn(v: TurnView) {
    const t = this.t;
    const busy = (n: number) => (n > 0 ? 'busy' : 'quiet');
    const steps: readonly (readonly ['busy' | 'quiet', string])[] = [
      [busy(v.removed), t.s1(v.removed)],
      [v.timeout === 0 ? 'quiet' : 'busy', t.s2(v.timeout)],
      [busy(v.slept), t.s3(v.slept)],
      [busy(v.io), t.s4(v.io)],
      [busy(v.due), t.s5(v.due)],
    ];
    return html`<dl class="queues before">
        <dt>${t.readyBefore}</dt>
        <dd>${this.chips(v.readyBefore, t.readyBefore)}</dd>
      </dl>
      <ol class="steps" aria-label=${t.turnSteps}>
        ${this.presenting ? this.stepsPresented(steps) : steps.map(([cls, text]) => html`<li class=${cls}>${text}</li>`)}
        <li class="busy six">${v.starved ? (this.presenting ? t.s6starvedShort : t.s6starved)(v.ntodo) : t.s6(v.ntodo)} ${this.chips(v.ran, t.ran)}</li>
      </ol>
      <dl class="queues">
        <dt>${this.presenting ? t.readyAfterShort : t.readyAfter}</dt>
        <dd>${this.chips(v.readyAfter, t.readyAfter)}</dd>
        <dt>${t.scheduledAfter}</dt>
        <dd>${this.chips(v.scheduledAfter, t.scheduledAfter)}</dd>
      </dl>`;
  }

  /** Presented: the program's lines kept (PRESENTED_KEEP) and the line marked, as hsw-code is given them. */
  private presentedShown(listing: string, focus: string | null, preset: PresetId) {
    return presentedListing(listing, PRESENTED_KEEP[preset] ?? null, focus, PRESENTED_WIDTH);
  }

  /**
   * Presented: the program in the few lines that matter at the speaker's steps (PRESENTED_KEEP), at the hall's code
   * size, the line this turn is about marked (PRESENTED_FOCUS: asyncio.run's own turns after main, else the
   * program's line).
   */
  private presentedCode(listing: string, focus: string | null, preset: PresetId = this.state.preset) {
    const shown = this.presentedShown(listing, focus, preset);
    return html`<hsw-code language="python" .code=${shown.code} .current=${shown.current === null ? [] : [shown.current]} label=${this.t.listing}></hsw-code>`;
  }

  /** The turns per run_until_complete of asyncio.run, the current turn's marked. */
  private phases(rec: Recording, v: TurnView | null) {
    const t = this.t;
    return html`<ol class="phases" aria-label=${t.phasesLabel}>
      ${phaseCounts(rec.run).map((p) => html`<li aria-current=${p.phase === v?.phase ? 'step' : 'false'}>${t.phase[p.phase]} · ${p.turns}</li>`)}
      <li>= ${t.turnsTotal(rec.run.turns.length)}</li>
    </ol>`;
  }

  private recording() {
    const t = this.t;
    const s = this.state;
    const rec = recordingOf(s);
    const turns = rec.run.turns;
    const v = turnView(s);
    const ring = s.preset === 'starve' ? turnRunning(s, 'ring') : null;
    const starved = rec.run.starvedAt;
    const pending = starved !== null ? (turns[starved]?.scheduledAtEnd.length ?? 0) : 0;
    return html`<div class="cols rec">
      <div>
        <div class="row pick">
          <label for="preset">${t.preset}</label>
          <select id="preset" @change=${(e: Event) => this.setState(setPreset(this.state, (e.target as HTMLSelectElement).value as PresetId))}>
            ${PRESETS.map((p) => html`<option value=${p} ?selected=${s.preset === p}>${t.presets[p]}</option>`)}
          </select>
        </div>
        ${
          s.preset === 'sleep0'
            ? html`<div class="row">
              <hsw-slider
                label=${t.k}
                integer
                min="0"
                max=${MAX_K}
                step="1"
                .value=${s.k}
                .format=${t.kValue}
                @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setK(this.state, e.detail.value))}
              ></hsw-slider>
            </div>`
            : nothing
        }
        ${s.preset === 'custom' ? this.composer() : nothing}
        ${
          this.presenting
            ? this.presentedCode(rec.listing, focusOf(v?.phase ?? null, s))
            : html`<hsw-code language="python" .code=${rec.listing} label=${t.listing}></hsw-code>`
        }
      </div>
      <div>
        <div class="row">
          <label class="check"><input type="checkbox" .checked=${s.ntodo} @change=${(e: Event) => this.setState(setNtodo(this.state, (e.target as HTMLInputElement).checked))} />${this.presenting ? t.ntodoShort : t.ntodo}</label>
        </div>
        ${
          // Presented, the turns per phase at the run's last turn only (the turn's head says which of how many)
          this.presenting && v?.number !== turns.length ? nothing : this.phases(rec, v)
        }
        <div class="turn-row">
          <hsw-step-controls
            .lang=${this.lang}
            .at=${s.index}
            .total=${turns.length}
            .playable=${false}
            @step-forward=${() => this.setState(turnTo(this.state, 'forward'))}
            @step-back=${() => this.setState(turnTo(this.state, 'back'))}
            @reset-requested=${() => this.setState(turnTo(this.state, 'reset'))}
          ></hsw-step-controls>
          ${
            v === null
              ? html`<p class="turn-head" role="status"><strong>${t.before(turns.length)}</strong></p>`
              : html`<p class="turn-head" role="status">
                <strong>${t.turnOf(v.number, turns.length)}</strong><span class="ph">${t.phase[v.phase]}</span>
              </p>`
          }
        </div>
        ${
          v === null
            ? html`<dl class="queues">
                <dt>_ready</dt>
                <dd>${this.chips(readyAtStart(s), t.readyBefore)}</dd>
              </dl>
              <p class="callout">${t.beforeNote}</p>`
            : this.turn(v)
        }
        ${starved !== null ? html`<p class="callout bad">${this.presenting ? t.starvedShort : t.starved(starved + 1, pending)}</p>` : nothing}
        ${ring !== null ? html`<p class="callout good">${(this.presenting ? t.firedShort : t.fired)(ring)}</p>` : nothing}
        ${s.preset === 'gather1000' ? html`<p class="callout">${this.presenting ? t.sameAs10Short : t.sameAs10}</p>` : nothing}
      </div>
    </div>`;
  }

  override render() {
    const t = this.t;
    const s = this.state;
    if (this.presenting && !this.detailsOpen && s.view !== 'yours')
      return this.presentedView
        ? this.presentedView.renderPresented(this.presentedHost())
        : html`<section aria-label=${t.demoLabel} class="presented"></section>`;
    return html`<section aria-label=${t.demoLabel}>
      <div class="top">
        <div class="views" role="group" aria-label=${t.viewGroup}>
          ${VIEWS.map((v) => html`<button type="button" class=${v} aria-pressed=${s.view === v ? 'true' : 'false'} @click=${() => this.setState(setView(this.state, v))}>${t.view[v]}</button>`)}
        </div>
      </div>
      ${s.view === 'composition' ? this.composition() : s.view === 'scheme' ? this.scheme() : s.view === 'recording' ? this.recording() : this.yours()}
    </section>`;
  }
}

customElements.define('hsw-asyncio-loop', AsyncioLoopDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-asyncio-loop': AsyncioLoopDemo;
  }
}
