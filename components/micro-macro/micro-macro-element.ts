import { html, nothing, type PropertyValues } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/details.ts';
import '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { EXAMPLES } from './micro-macro-examples.ts';
import { endMessage, microMacroText, phaseLabel, type MicroMacroText } from './micro-macro-text.ts';
import type { CodeText } from './micro-macro-code-text.ts';
import { ResultStore } from '../shared/sim-runner/result-store.ts';
import type { SimRunner } from '../shared/sim-runner/sim-runner.ts';
import { DEFAULT_BUDGET_MS, MAX_RESULT_BYTES, MAX_SNIPPET_BYTES, utf8Bytes } from '../shared/sim-runner/sim-limits.ts';
import type { EndCode, QueueRuns, Runtime, Snapshot, TaskView } from '../shared/js-sim/index.ts';
import { loadSimulator as loadJsSim, queueViews } from '../shared/js-sim/index.ts';
import {
  acceptedOrders,
  cancelRun,
  checkGuess,
  chooseExample,
  chooseRuntime,
  currentRun,
  editAgain,
  editDraft,
  explanationShown,
  GUESS_MAX_LINES,
  gradeGuess,
  guessAgain,
  listingWindow,
  continuationExcerpt,
  moveLine,
  outputWindow,
  printedLines,
  refuseInsert,
  reset,
  runDraft,
  runFailed,
  runFinished,
  runtimesFor,
  skipGuess,
  snippetOverLimit,
  sourceOf,
  back,
  forward,
  toEnd,
  wantedJob,
  type Choice,
  type MicroMacroState,
} from './micro-macro-model.ts';
import * as model from './micro-macro-model.ts';
import { styles } from './micro-macro-styles.ts';

/** a size in bytes as a person reads it: "1.0 MB", "100 KB" (decimal units, as the limits are written) */
function sizeText(bytes: number, lang: 'en' | 'ru'): string {
  const [mb, kb] = lang === 'ru' ? ['МБ', 'КБ'] : ['MB', 'KB'];
  if (bytes >= 950_000)
    return `${formatNumber(Math.round(bytes / 1e5) / 10, lang, 1).replace(/^(\d+)$/, lang === 'ru' ? '$1,0' : '$1.0')} ${mb}`;
  return `${formatNumber(Math.ceil(bytes / 1000), lang)} ${kb}`;
}

/**
 * The simulator, loaded once for the page when the person picks "Your code" or an example without a recording (the
 * examples' recordings need none; the page parses the person's code to tell its runtime), and with it the rest of
 * "Your code": its words and the runner that runs it in a worker. `code` is null until then: "Your code" is not
 * drawn without its words, and nothing is run without the runner.
 */
let simulatorLoad: Promise<model.Simulator> | null = null;
let code: {
  words: typeof import('./micro-macro-code-text.ts');
  runner: () => SimRunner;
  sim: model.Simulator;
} | null = null;
const loadSimulator = (): Promise<model.Simulator> =>
  (simulatorLoad ??= Promise.all([
    loadJsSim(),
    import('./micro-macro-code-text.ts'),
    import('../shared/sim-runner/sim-runner.ts'),
    import('../shared/sim-runner/create-worker.ts'),
  ]).then(([sim, words, { SimRunner }, { createSimWorker }]) => {
    code = { words, runner: () => new SimRunner(createSimWorker), sim };
    return sim;
  }));

/**
 * The built-in examples' recordings (micro-macro-recordings.json), loaded once for the page when the person picks an
 * example other than the talk's (whose recordings come with the model: the slide opens on it). `recordings` is null
 * until then.
 */
let recordingsLoad: Promise<readonly model.Recording[]> | null = null;
let recordings: readonly model.Recording[] | null = null;
const loadRecordings = (): Promise<readonly model.Recording[]> =>
  (recordingsLoad ??= import('./micro-macro-recordings.json').then(
    (m) => (recordings = m.default as readonly model.Recording[]),
  ));

/**
 * Presented, each step is the deck's one picture of the loop (micro-macro-scene.ts): its element and the scene are
 * loaded only then (the self-paced view and the embed draw the queues as panels, and do without them).
 */
let pictureLoad: Promise<void> | null = null;
let pictureOf: typeof import('./micro-macro-scene.ts').sceneOf | null = null;
const loadPicture = (): Promise<void> =>
  (pictureLoad ??= Promise.all([
    import('../shared/loop-picture/loop-picture-element.ts'),
    import('./micro-macro-scene.ts'),
  ]).then(([, scene]) => {
    pictureOf = scene.sceneOf;
  }));

/** the most entries a queue panel lists (a run can queue thousands; a slide has room for about this many); the rest are counted */
const PANEL_ITEMS = 8;

/**
 * Guess the output of a snippet, then step through the call stack and the task queues. The examples' runs come
 * from the model; a run of the person's code is made by `runner` off the page's thread and kept in `runs`.
 */
export class MicroMacroDemo extends DemoElement<MicroMacroState> {
  static override styles = styles;
  static override properties = {
    ...DemoElement.properties,
    budgetMs: { type: Number, attribute: 'budget-ms' },
  };

  /** the wall-clock budget of a run of the person's code, in ms (the shell or a test may set a smaller one) */
  declare budgetMs: number;

  /** the person's runs and, once loaded, the examples' recordings and the simulator: where the model finds runs */
  private readonly runs: ResultStore & { simulator?: model.Simulator; recordings?: readonly model.Recording[] | null } =
    Object.assign(new ResultStore(), { simulator: code?.sim, recordings });
  /** runs the person's code off the page's thread: made once "Your code" has loaded */
  private runner: SimRunner | null = null;

  constructor() {
    super(model);
    this.budgetMs = DEFAULT_BUDGET_MS;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.runner?.dispose();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // printed (the handout): the run explained at its end, not the guess (kept out of the store: print changes nothing)
    if (this.print && (changed.has('print') || changed.has('step'))) this.state = model.printState(this.state);
  }

  /**
   * Once a part loaded on demand (the examples' recordings, the simulator) is in `runs`: the state as the model says
   * it changes with it (the example gets its run and its starting guess), judged against whether it had a run before.
   */
  private whenLoaded(loaded: Promise<void>): void {
    const hadRun = currentRun(this.state, this.runs) !== null;
    void loaded.then(() => {
      const next = model.simulatorArrived(this.state, hadRun, this.runs);
      if (next !== this.state) this.set(next);
      else this.requestUpdate();
    });
  }

  /** What the state wants run and what the runner runs are made the same: start, or cancel. */
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.presenting && !pictureOf) void loadPicture().then(() => this.requestUpdate());
    if (model.needsRecordings(this.state, this.runs))
      this.whenLoaded(
        loadRecordings().then((all) => {
          this.runs.recordings = all;
        }),
      );
    if (model.needsSimulator(this.state, this.runs))
      this.whenLoaded(
        loadSimulator().then((sim) => {
          this.runs.simulator = sim;
        }),
      );
    const wanted = wantedJob(this.state, this.runs);
    const runner = (this.runner ??= code?.runner() ?? null);
    const busy = runner?.busy;
    if (!wanted) {
      if (busy) runner?.cancel();
      return;
    }
    // the runner comes with the simulator, whose arrival updates the element again
    if (!runner) return;
    if (busy && busy.source === wanted.source && busy.runtime === wanted.runtime) return;
    const { source, runtime } = wanted;
    const budgetMs = this.budgetMs > 0 ? this.budgetMs : DEFAULT_BUDGET_MS;
    void runner.run(source, runtime, budgetMs).then((o) => {
      if (o.kind === 'result') {
        this.runs.put(source, runtime, o.result, o.size);
        this.set(runFinished(this.state, source, runtime, o.result));
      } else if (o.kind === 'timeout') {
        this.set(runFailed(this.state, source, runtime, { status: 'timeout', budgetMs: o.budgetMs }));
      } else if (o.kind === 'tooLarge') {
        this.set(runFailed(this.state, source, runtime, { status: 'tooLarge', bytes: o.size }));
      } else if (o.kind === 'overrun') {
        const { ops, line, taskMs } = o;
        this.set(runFailed(this.state, source, runtime, { status: 'overrun', ops, line, taskMs }));
      } else if (o.kind === 'crashed') {
        this.set(runFailed(this.state, source, runtime, { status: 'crashed', detail: o.message }));
      }
      // cancelled: the state has moved on already
    });
    // the "running…" note says where it runs
    if (runner.onPage) this.requestUpdate();
  }

  private set(next: MicroMacroState): void {
    if (next !== this.state) this.setState(next);
  }

  private onGuessKey(event: KeyboardEvent, index: number): void {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    event.stopPropagation();
    const next = moveLine({ ...this.state, selected: index }, index, event.key === 'ArrowUp' ? -1 : 1);
    this.set(next);
    void this.updateComplete.then(() => {
      this.renderRoot.querySelector<HTMLButtonElement>(`button.line[data-index="${next.selected}"]`)?.focus();
    });
  }

  private move(index: number, delta: -1 | 1): void {
    const next = moveLine(this.state, index, delta);
    this.set(next);
    void this.updateComplete.then(() => {
      const target = delta < 0 ? 'up' : 'down';
      const btn = this.renderRoot.querySelector<HTMLButtonElement>(
        `button[data-move="${target}"][data-index="${next.selected}"]`,
      );
      (btn && !btn.disabled
        ? btn
        : this.renderRoot.querySelector<HTMLButtonElement>(`button.line[data-index="${next.selected}"]`)
      )?.focus();
    });
  }

  override render() {
    const t = microMacroText[this.lang];
    const s = this.state;
    const run = currentRun(s, this.runs);
    const runtimes = runtimesFor(s, this.runs);
    if (this.presenting && run?.ok && !(s.example === 'custom' && s.editing))
      return html`
        <section aria-label=${t.demoLabel}>
          <div class="main with-picture">
            <div class="left">
              ${this.renderCode(t, s, run)}
              ${s.guessPhase === 'guess' ? this.renderGuess(t, s) : this.renderOutput(t, s, run)}
              ${s.guessPhase === 'checked' ? this.renderChecked(t, s, acceptedOrders(run)) : nothing}
            </div>
            <div class="right">
              ${
                pictureOf
                  ? html`<hsw-loop-picture lang=${this.lang} .scene=${pictureOf(run, s.index, sourceOf(s))}></hsw-loop-picture>`
                  : html`<div class="picture-slot"></div>`
              }
            </div>
          </div>
        </section>
      `;
    return html`
      <section aria-label=${t.demoLabel}>
        ${this.print ? nothing : this.renderPickers(t, s, runtimes)}
        <div class="main">
          <div class="left">${this.renderCode(t, s, run)} ${this.renderOutput(t, s, run)}</div>
          <div class="right">${this.renderRight(t, s, run)}</div>
        </div>
      </section>
    `;
  }

  /** The example and the runtime to pick (not printed: the handout shows the talk's example, explained). */
  private renderPickers(t: MicroMacroText, s: MicroMacroState, runtimes: readonly Runtime[]) {
    return html`
        <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.exampleDetails}>
        <div class="top">
          <span>
            <label for="example">${t.example}</label>
            <select id="example" @change=${(e: Event) => this.set(chooseExample(this.state, (e.target as HTMLSelectElement).value as Choice, this.runs))}>
              ${[...EXAMPLES.map((x) => x.id), 'custom' as const].map(
                (id) => html`<option value=${id} ?selected=${s.example === id}>${t.examples[id]}</option>`,
              )}
            </select>
          </span>
          <span>
            <label for="runtime">${t.runtime}</label>
            <select id="runtime" @change=${(e: Event) => this.set(chooseRuntime(this.state, (e.target as HTMLSelectElement).value as 'node' | 'browser', this.runs))}>
              ${(['browser', 'node'] as const).map(
                (r) =>
                  html`<option value=${r} ?selected=${s.runtime === r} ?disabled=${!runtimes.includes(r)}>${t.runtimes[r]}</option>`,
              )}
            </select>
          </span>
          ${runtimes.length === 1 && runtimes[0] === 'node' ? html`<span class="note">${t.runtimeOnlyNode}</span>` : nothing}
        </div>
        </hsw-details>
    `;
  }

  /** Where the run of the person's code stands, when there is something to say. */
  private renderJob(r: CodeText, s: MicroMacroState) {
    const job = s.job;
    if (s.custom !== s.draft && job.status !== 'running') return nothing;
    switch (job.status) {
      case 'running':
        return html`<p class="job running callout" role="status">
          <strong>${r.running}</strong> ${this.runner?.onPage ? r.runningOnPage : r.runningNote}
        </p>`;
      case 'empty':
        return html`<p class="job callout" role="status">${r.nothingToRun}</p>`;
      case 'cancelled':
        return html`<p class="job callout" role="status">${r.cancelled}</p>`;
      case 'timeout':
        return html`<div class="job callout bad" role="alert">
          ${r.timeout(formatNumber(job.budgetMs / 1000, this.lang, 1))}
        </div>`;
      case 'tooLarge':
        return html`<div class="job callout bad" role="alert">
          ${r.tooLarge(formatNumber(job.bytes / 1e6, this.lang), formatNumber(MAX_RESULT_BYTES / 1e6, this.lang))}
        </div>`;
      case 'crashed':
        return html`<div class="job callout bad" role="alert">${r.crashed(job.detail)}</div>`;
      case 'overrun':
        return html`<div class="job callout bad" role="alert">
          ${r.overrun(formatNumber(job.taskMs, this.lang), job.ops, job.line === null ? '' : formatNumber(job.line, this.lang))}
        </div>`;
      default:
        return nothing;
    }
  }

  /** A paste or drop that would make the code larger than "Your code" takes is refused before the editor has it. */
  private onInsert(event: Event, text: string | undefined): void {
    if (!text) return;
    const area = event.target as HTMLTextAreaElement;
    const { value, selectionStart, selectionEnd } = area;
    if ((value.length - (selectionEnd - selectionStart) + text.length) * 3 <= MAX_SNIPPET_BYTES) return;
    const bytes = utf8Bytes(value.slice(0, selectionStart)) + utf8Bytes(text) + utf8Bytes(value.slice(selectionEnd));
    const next = refuseInsert(this.state, bytes);
    if (next === this.state) return;
    event.preventDefault();
    this.set(next);
  }

  /** A draft larger than "Your code" takes: refused with its size, as soon as it is pasted (and on Run). */
  private renderTooLong(r: CodeText, s: MicroMacroState) {
    const bytes = s.refusedBytes || snippetOverLimit(s.draft);
    if (!bytes) return nothing;
    return html`<div class="job callout bad" role="alert">
      ${r.tooLong(sizeText(bytes, this.lang), sizeText(MAX_SNIPPET_BYTES, this.lang))}
    </div>`;
  }

  private renderCode(t: MicroMacroText, s: MicroMacroState, run: ReturnType<typeof currentRun>) {
    const words = code?.words;
    // "Your code" waits for its words, which come with the simulator (a few milliseconds)
    if (s.example === 'custom' && !words) return html`<div class="editor" aria-busy="true"></div>`;
    const r = words?.codeText[this.lang];
    if (s.example === 'custom' && s.editing && words && r) {
      const error = run && !run.ok && s.custom === s.draft ? run.error : null;
      return html`
        <div class="editor">
          <label for="code">${r.editorLabel}</label>
          <textarea
            id="code"
            spellcheck="false"
            aria-describedby="subset ${error ? 'code-error' : ''}"
            .value=${s.draft}
            @input=${(e: Event) => this.set(editDraft(this.state, (e.target as HTMLTextAreaElement).value))}
            @paste=${(e: ClipboardEvent) => this.onInsert(e, e.clipboardData?.getData('text/plain'))}
            @drop=${(e: DragEvent) => this.onInsert(e, e.dataTransfer?.getData('text/plain'))}
          ></textarea>
          <div class="row">
            <button type="button" @click=${() => this.set(runDraft(this.state, this.runs))}>${r.run}</button>
            ${s.job.status === 'running' ? html`<button type="button" @click=${() => this.set(cancelRun(this.state))}>${r.cancel}</button>` : nothing}
          </div>
          ${this.renderJob(r, s)} ${this.renderTooLong(r, s)}
          ${
            error
              ? html`<div class="error callout bad" id="code-error" role="alert"><strong>${t.errorTitle}</strong>${words.errorMessage(r, error).replace(/`/g, '')}</div>`
              : nothing
          }
          <p class="help" id="subset">${r.subsetHelp}</p>
        </div>
      `;
    }
    const snap = run && run.ok ? run.steps[s.index] : undefined;
    const line = s.guessPhase !== 'guess' && snap?.line ? snap.line : null;
    // a long listing: a window around the current line (highlighting all of it at each step held the page)
    const view = listingWindow(sourceOf(s), line);
    const showLine = line !== null && line >= view.first && line <= view.last ? [line - view.first + 1] : [];
    const lang = this.lang;
    return html`
      ${
        view.first > 1 || view.last < view.total
          ? html`<p class="note">${t.listingWindow(formatNumber(view.first, lang), formatNumber(view.last, lang), formatNumber(view.total, lang))}</p>`
          : nothing
      }
      <hsw-code .code=${view.code} language="javascript" .current=${showLine} label=${t.examples[s.example]}></hsw-code>
      ${s.example === 'custom' ? html`<div class="row"><button type="button" @click=${() => this.set(editAgain(this.state))}>${r?.editorLabel}</button></div>` : nothing}
      ${s.example !== 'custom' && explanationShown(s, this.runs) ? html`<p class="note">${t.explanations[s.example]}</p>` : nothing}
    `;
  }

  private renderRight(t: MicroMacroText, s: MicroMacroState, run: ReturnType<typeof currentRun>) {
    if (!run) {
      const r = code?.words.codeText[this.lang];
      const job = s.job.status;
      if (r && s.example === 'custom' && s.custom === s.draft && job !== 'none' && job !== 'ready') {
        const said =
          job === 'running'
            ? r.running
            : job === 'empty'
              ? r.nothingToRun
              : job === 'cancelled'
                ? r.cancelled
                : r.failedTitle;
        return html`<p class="note">${said}</p>`;
      }
      return html`<p class="note">${t.notRunYet}</p>`;
    }
    if (!run.ok) return html`<p class="note">${t.errorTitle}</p>`;
    if (s.guessPhase === 'guess') return this.renderGuess(t, s);
    const printed = printedLines(run);
    return html`${s.guessPhase === 'checked' ? this.renderChecked(t, s, acceptedOrders(run)) : nothing}
    ${printed > GUESS_MAX_LINES ? html`<p class="note many-lines" role="status">${code?.words.codeText[this.lang].tooManyToGuess(printed, GUESS_MAX_LINES)}</p>` : nothing}
    ${this.renderSteps(t, s, run)}`;
  }

  private renderChecked(t: MicroMacroText, s: MicroMacroState, accepted: string[][]) {
    const { right, against } = gradeGuess(s.guess, accepted);
    const n = right.filter(Boolean).length;
    return html`
      <div class="row score-row">
        <span class="score" role="status">${t.guessScore(n, s.guess.length)}</span>
        <button type="button" @click=${() => this.set(guessAgain(this.state, this.runs))}>${t.guessAgain}</button>
      </div>
      <ol class="checked" aria-label=${t.guessList}>
        ${s.guess.map(
          (line, i) => html`<li class=${right[i] ? 'right' : 'wrong'}>
            <span class="n">${i + 1}.</span> <code>${line}</code>
            ${
              right[i]
                ? html`<span class="mark right" aria-hidden="true">✓</span><span class="sr-only">${t.guessRight}</span>`
                : html`<span class="mark wrong" aria-hidden="true">✗ ${against[i] ?? ''}</span><span class="sr-only">${t.guessWrong(against[i] ?? '')}</span>`
            }
          </li>`,
        )}
      </ol>
      ${accepted.length > 1 ? html`<p class="note">${t.guessTimingNote}</p>` : nothing}
    `;
  }

  private renderGuess(t: MicroMacroText, s: MicroMacroState) {
    return html`
      <h3 id="guess-title">${this.presenting ? t.guessTitleShort : t.guessTitle}</h3>
      ${this.presenting ? nothing : html`<p class="help">${t.guessHelp}</p>`}
      <ol class="guess" aria-labelledby="guess-title" data-owns-keys="ArrowUp ArrowDown">
        ${s.guess.map(
          (line, i) => html`<li>
            <span class="n">${i + 1}.</span>
            <button
              type="button"
              class="line"
              data-index=${i}
              aria-pressed=${s.selected === i ? 'true' : 'false'}
              @click=${() => this.set({ ...this.state, selected: this.state.selected === i ? -1 : i })}
              @keydown=${(e: KeyboardEvent) => this.onGuessKey(e, i)}
            >
              ${line}
            </button>
            <button type="button" class="arrow" data-move="up" data-index=${i} aria-label=${t.moveUp(line)} ?disabled=${i === 0} @click=${() => this.move(i, -1)}>↑</button>
            <button
              type="button"
              class="arrow"
              data-move="down"
              data-index=${i}
              aria-label=${t.moveDown(line)}
              ?disabled=${i === s.guess.length - 1}
              @click=${() => this.move(i, 1)}
            >
              ↓
            </button>
          </li>`,
        )}
      </ol>
      ${
        this.presenting
          ? nothing
          : html`<div class="row">
              <button type="button" @click=${() => this.set(checkGuess(this.state))}>${t.check}</button>
              <button type="button" @click=${() => this.set(skipGuess(this.state))}>${t.skipGuess}</button>
            </div>`
      }
      ${this.presenting ? nothing : html`<p class="note">${t.guessFirst}</p>`}
    `;
  }

  private renderSteps(
    t: MicroMacroText,
    s: MicroMacroState,
    run: Extract<NonNullable<ReturnType<typeof currentRun>>, { ok: true }>,
  ) {
    const total = run.steps.length - 1;
    const snap = run.steps[Math.min(s.index, total)]!;
    const lang = this.lang;
    const node = run.runtime === 'node';
    const source = sourceOf(s);
    // a continuation after await shows the code it resumes with, not its function's first line
    // (presented, a callback without its "() => ": the hall reads what it will do)
    const shown = (v: TaskView) => {
      const x =
        ((v.kind === 'resume' || v.kind === 'resumeThrow') && v.line !== null
          ? continuationExcerpt(source, v.line)
          : null) ?? v.name;
      return this.presenting ? x.replace(/^\(\) => /, '') : x;
    };
    const item = (v: TaskView, a: string) =>
      html`<li data-actor=${a} title=${shown(v)}><span class="kind">${t.kinds[v.kind]}${v.due !== undefined ? ` · ${t.due(formatNumber(v.due, lang, 1))}` : ''}:</span> ${shown(v)}</li>`;
    // (each queue's entries say their actor, data-actor: a nextTick callback runs as a microtask does)
    const panel = (cls: string, title: string, queue: QueueRuns, a: string) => html`
      <div class="panel ${cls}" role="group" aria-label=${title}>
        <h3 class="ph">${title}</h3>
        ${
          queue.length === 0
            ? html`<span class="empty">${t.empty}</span>`
            : html`<ul>
              ${queueViews(queue, PANEL_ITEMS).map((v) => item(v, a))}
              ${queue.length > PANEL_ITEMS ? html`<li class="more">${t.more(formatNumber(queue.length - PANEL_ITEMS, lang))}</li>` : nothing}
            </ul>`
        }
      </div>
    `;
    const stack = html`
      <div class="panel stack" role="group" aria-label=${t.panels.stack}>
        <h3 class="ph">${t.panels.stack}</h3>
        ${
          snap.stack.length === 0
            ? html`<span class="empty">${t.empty}</span>`
            : html`<ul>${[...snap.stack].reverse().map((f) => html`<li data-actor="thread" title=${f.name}>${this.presenting ? f.name.replace(/ \{.*/, ' …') : f.name}${f.line ? ` :${f.line}` : ''}</li>`)}</ul>`
        }
      </div>
    `;
    const atEnd = s.index >= total;
    return html`
      <div class="row">
      <hsw-step-controls
        .lang=${lang}
        .at=${s.index}
        .total=${total}
        .playable=${false}
        @step-forward=${() => this.set(forward(this.state, this.runs))}
        @step-back=${() => this.set(back(this.state))}
        @reset-requested=${() => this.set(reset(this.state))}
      ></hsw-step-controls>
        <button type="button" ?disabled=${atEnd} @click=${() => this.set(toEnd(this.state, this.runs))}>${t.toEnd} ▶▶|</button>
      </div>
      <p class="event" aria-live="polite">
        ${this.describe(t, snap, run.end.code)}
        <span class="phase">(${phaseLabel(t, snap.phase, run.end.code, code?.words.codeText[lang])}, ${t.now(formatNumber(snap.now, lang, 1))})</span>
      </p>
      <div class="queues">
        ${stack} ${node ? panel('ticks', t.panels.ticks, snap.ticks, 'microtask') : nothing} ${panel('micro', t.panels.microtasks, snap.microtasks, 'microtask')}
        ${panel('timers', t.panels.timers, snap.timers, 'timer')} ${node ? panel('imm', t.panels.immediates, snap.immediates, 'task') : nothing}
        ${node && (snap.io.length > 0 || run.steps.some((x) => x.io.length > 0)) ? panel('io', t.panels.io, snap.io, 'io') : nothing}
      </div>
      ${atEnd ? html`<p class="end callout ${run.end.code !== 'done' ? 'bad' : ''}" role="status">${endMessage(t, run.end.code, run.end.params, code?.words.codeText[lang])}</p>` : nothing}
    `;
  }

  /**
   * Beside the code: what the program has printed so far and, where timing decides, why the order may differ.
   * (On the left, where short examples leave room, so that the queues of a Node example fit beside it.)
   */
  private renderOutput(t: MicroMacroText, s: MicroMacroState, run: ReturnType<typeof currentRun>) {
    if (!run || !run.ok || s.guessPhase === 'guess' || (s.example === 'custom' && s.editing)) return nothing;
    const total = run.steps.length - 1;
    const snap = run.steps[Math.min(s.index, total)]!;
    // a long output: its latest lines, the rest counted (drawing 100,000 of them held the page)
    const { shown, hidden } = outputWindow(run.output, snap.outputLength);
    const atEnd = s.index >= total;
    const timing = run.timing;
    return html`
      <div class="panel output" role="group" aria-label=${t.panels.output}>
        <h3 class="ph">${t.panels.output}</h3>
        ${hidden > 0 ? html`<p class="note hidden-lines">${code?.words.codeText[this.lang].outputHidden(hidden, hidden + shown.length)}</p>` : nothing}
        ${
          shown.length === 0
            ? html`<span class="empty">${t.empty}</span>`
            : html`<ol aria-label=${t.panels.output}>
              ${shown.map((o) => html`<li class=${o.kind === 'error' ? 'err' : ''}>${o.text}</li>`)}
            </ol>`
        }
      </div>
      ${
        timing && atEnd
          ? html`<p class="end callout warn">
            ${t.timing[timing.code](timing.params)}
            ${timing.affectsOutput ? t.timingAlternative((timing.alternative ?? []).join(' · ')) : t.timingHarmless}
          </p>`
          : nothing
      }
      ${timing?.affectsOutput && !atEnd ? html`<p class="end callout warn">${t.timing[timing.code](timing.params)}</p>` : nothing}
    `;
  }

  private describe(t: MicroMacroText, snap: Snapshot, end: EndCode): string {
    const p = snap.event.params;
    switch (snap.event.code) {
      case 'start':
        return t.event.start();
      case 'statement':
        return t.event.statement({ ...p, line: snap.line ?? '' });
      case 'statements':
        return t.event.statements(p);
      case 'taskStart':
        return t.event.taskStart(p);
      case 'await':
        return t.event.await(p);
      case 'sleep':
        return t.event.sleep(p);
      case 'waitIo':
        return t.event.waitIo();
      case 'spin':
        return t.event.spin(p);
      case 'uncaught':
        return t.event.uncaught(p);
      case 'end':
        return end === 'done' ? t.event.end() : t.event.stopped();
    }
  }
}

customElements.define('hsw-micro-macro', MicroMacroDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-micro-macro': MicroMacroDemo;
  }
}
