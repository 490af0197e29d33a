import { css, html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { controlStyles } from '../ui/theme.ts';
import '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { EXAMPLES } from './micro-macro-examples.ts';
import { endMessage, errorMessage, microMacroText, type MicroMacroText } from './micro-macro-text.ts';
import type { Snapshot, TaskView } from './sim-model.ts';
import {
  acceptedOrders,
  checkGuess,
  chooseExample,
  chooseRuntime,
  currentRun,
  editAgain,
  editDraft,
  goToStep,
  gradeGuess,
  guessAgain,
  initialState,
  moveLine,
  runDraft,
  runtimesFor,
  skipGuess,
  sourceOf,
  stateForStep,
  type Choice,
  type MicroMacroState,
} from './micro-macro-model.ts';

/** Guess the output of a snippet, then step through the call stack and the task queues. */
export class MicroMacroDemo extends DemoElement<MicroMacroState> {
  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        font-size: 17px;
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em 1em;
        align-items: center;
        margin-bottom: 0.4em;
      }
      .top label {
        font-size: 0.85em;
        margin-right: 0.3em;
      }
      .main {
        display: grid;
        grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr);
        gap: 0.6em 0.9em;
        align-items: start;
      }
      hsw-code {
        font-size: 0.9em;
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 11em;
        font-family: var(--hsw-mono);
        font-size: 0.78em;
        line-height: 1.4;
        color: var(--hsw-code-fg);
        background: var(--hsw-code-bg);
        border: 1px solid var(--hsw-border);
        border-radius: 0.4em;
        padding: 0.5em;
        resize: vertical;
      }
      .editor label {
        display: block;
        font-size: 0.8em;
        margin-bottom: 0.2em;
      }
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em;
        align-items: center;
        margin-top: 0.35em;
      }
      .help {
        font-size: 0.7em;
        color: var(--hsw-muted);
        margin: 0.3em 0 0;
        line-height: 1.35;
      }
      .error {
        margin-top: 0.4em;
        padding: 0.4em 0.6em;
        border-left: 4px solid var(--hsw-bad);
        background: var(--hsw-panel);
        font-size: 0.8em;
      }
      .error strong {
        display: block;
        color: var(--hsw-bad-text);
      }
      h3 {
        font-size: 0.85em;
        margin: 0 0 0.3em;
        color: var(--hsw-heading);
      }
      ol.guess {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      ol.guess li {
        display: flex;
        gap: 0.3em;
        align-items: center;
        margin-bottom: 0.2em;
      }
      ol.guess .n {
        width: 1.4em;
        text-align: right;
        color: var(--hsw-muted);
        font-size: 0.8em;
      }
      ol.guess button.line {
        flex: 1;
        text-align: left;
        font-family: var(--hsw-mono);
        min-width: 0;
      }
      ol.guess button.arrow {
        padding: 0.2em 0.5em;
      }
      ol.guess li.right button.line {
        border-color: var(--hsw-good);
      }
      ol.guess li.wrong button.line {
        border-color: var(--hsw-bad);
      }
      .mark {
        font-size: 0.9em;
        margin-left: 0.2em;
      }
      .mark.right {
        color: var(--hsw-good-text);
      }
      .mark.wrong {
        color: var(--hsw-bad-text);
      }
      ol.checked {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.25em;
      }
      ol.checked li {
        font-size: 0.75em;
        padding: 0.1em 0.45em;
        border: 1px solid var(--hsw-border);
        border-radius: 0.3em;
        background: var(--hsw-panel);
      }
      ol.checked li.right {
        border-color: var(--hsw-good);
      }
      ol.checked li.wrong {
        border-color: var(--hsw-bad);
      }
      ol.checked code {
        font-family: var(--hsw-mono);
      }
      .sr {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip: rect(0 0 0 0);
        white-space: nowrap;
      }
      .score {
        font-weight: 600;
        margin: 0.3em 0;
        font-size: 0.9em;
      }
      .note {
        font-size: 0.78em;
        color: var(--hsw-muted);
        margin: 0.3em 0;
        line-height: 1.35;
      }
      .event {
        font-size: 0.8em;
        min-height: 2.6em;
        margin: 0.3em 0;
        line-height: 1.3;
      }
      .phase {
        font-size: 0.72em;
        color: var(--hsw-muted);
      }
      .queues {
        display: grid;
        grid-template-columns: repeat(3, minmax(0, 1fr));
        gap: 0.35em;
      }
      .panel {
        border: 1px solid var(--hsw-border);
        border-radius: 0.35em;
        background: var(--hsw-panel);
        padding: 0.25em 0.35em;
        min-height: 3.2em;
        min-width: 0;
      }
      .panel h3.ph {
        margin: 0 0 0.2em;
        font-size: 0.66em;
        color: var(--hsw-muted);
        font-weight: 600;
      }
      .panel ul {
        list-style: none;
        margin: 0;
        padding: 0;
      }
      .panel li {
        font-family: var(--hsw-mono);
        font-size: 0.62em;
        line-height: 1.3;
        padding: 0.1em 0.25em;
        margin-bottom: 0.15em;
        border-radius: 0.25em;
        background: var(--hsw-bg);
        border-left: 3px solid var(--hsw-series-1);
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .panel.micro li {
        border-left-color: var(--hsw-series-2);
      }
      .panel.ticks li {
        border-left-color: var(--hsw-series-3);
      }
      .panel.imm li,
      .panel.io li {
        border-left-color: var(--hsw-series-4);
      }
      .panel .kind {
        color: var(--hsw-muted);
      }
      .panel .empty {
        font-size: 0.62em;
        color: var(--hsw-muted);
        font-style: italic;
      }
      .output {
        grid-column: 1 / -1;
      }
      .output ol {
        margin: 0;
        padding: 0;
        list-style: none;
        display: flex;
        flex-wrap: wrap;
        gap: 0.25em;
      }
      .output li {
        font-family: var(--hsw-mono);
        font-size: 0.7em;
        padding: 0.05em 0.4em;
        border: 1px solid var(--hsw-border);
        border-radius: 0.25em;
        background: var(--hsw-bg);
      }
      .output li.err {
        color: var(--hsw-bad-text);
      }
      .end {
        margin-top: 0.35em;
        padding: 0.35em 0.6em;
        border-left: 4px solid var(--hsw-accent);
        background: var(--hsw-panel);
        font-size: 0.75em;
        line-height: 1.35;
      }
      .end.bad {
        border-left-color: var(--hsw-bad);
      }
      .end.warn {
        border-left-color: var(--hsw-warn);
      }
      @container (max-width: 700px) {
        .main {
          grid-template-columns: minmax(0, 1fr);
        }
        .queues {
          grid-template-columns: repeat(2, minmax(0, 1fr));
        }
      }
    `,
  ];

  protected override initialState(): MicroMacroState {
    return initialState();
  }

  protected override stateForStep(step: number): MicroMacroState {
    return stateForStep(step);
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
      const btn = this.renderRoot.querySelector<HTMLButtonElement>(`button[data-move="${target}"][data-index="${next.selected}"]`);
      (btn && !btn.disabled ? btn : this.renderRoot.querySelector<HTMLButtonElement>(`button.line[data-index="${next.selected}"]`))?.focus();
    });
  }

  override render() {
    const t = microMacroText[this.locale];
    const s = this.state;
    const run = currentRun(s);
    const runtimes = runtimesFor(s);
    return html`
      <section aria-label=${t.demoLabel}>
        <div class="top">
          <span>
            <label for="example">${t.example}</label>
            <select id="example" @change=${(e: Event) => this.set(chooseExample(this.state, (e.target as HTMLSelectElement).value as Choice))}>
              ${[...EXAMPLES.map((x) => x.id), 'custom' as const].map(
                (id) => html`<option value=${id} ?selected=${s.example === id}>${t.examples[id]}</option>`,
              )}
            </select>
          </span>
          <span>
            <label for="runtime">${t.runtime}</label>
            <select id="runtime" @change=${(e: Event) => this.set(chooseRuntime(this.state, (e.target as HTMLSelectElement).value as 'node' | 'browser'))}>
              ${(['browser', 'node'] as const).map(
                (r) => html`<option value=${r} ?selected=${s.runtime === r} ?disabled=${!runtimes.includes(r)}>${t.runtimes[r]}</option>`,
              )}
            </select>
          </span>
          ${runtimes.length === 1 && runtimes[0] === 'node' ? html`<span class="note">${t.runtimeOnlyNode}</span>` : nothing}
        </div>
        <div class="main">
          <div class="left">${this.renderCode(t, s, run)}</div>
          <div class="right">${this.renderRight(t, s, run)}</div>
        </div>
      </section>
    `;
  }

  private renderCode(t: MicroMacroText, s: MicroMacroState, run: ReturnType<typeof currentRun>) {
    if (s.example === 'custom' && s.editing) {
      const error = run && !run.ok && s.custom === s.draft ? run.error : null;
      return html`
        <div class="editor">
          <label for="code">${t.editorLabel}</label>
          <textarea
            id="code"
            spellcheck="false"
            aria-describedby="subset ${error ? 'code-error' : ''}"
            .value=${s.draft}
            @input=${(e: Event) => this.set(editDraft(this.state, (e.target as HTMLTextAreaElement).value))}
          ></textarea>
          <div class="row"><button type="button" @click=${() => this.set(runDraft(this.state))}>${t.run}</button></div>
          ${error
            ? html`<div class="error" id="code-error" role="alert"><strong>${t.errorTitle}</strong>${errorMessage(t, error).replace(/`/g, '')}</div>`
            : nothing}
          <p class="help" id="subset">${t.subsetHelp}</p>
        </div>
      `;
    }
    const snap = run && run.ok ? run.steps[s.step] : undefined;
    const showLine = s.guessPhase !== 'guess' && snap?.line ? [snap.line] : [];
    return html`
      <hsw-code .code=${sourceOf(s)} language="javascript" .current=${showLine} label=${t.examples[s.example]}></hsw-code>
      ${s.example === 'custom' ? html`<div class="row"><button type="button" @click=${() => this.set(editAgain(this.state))}>${t.editorLabel}</button></div>` : nothing}
      ${s.guessPhase !== 'guess' && s.example !== 'custom' ? html`<p class="note">${t.explanations[s.example]}</p>` : nothing}
    `;
  }

  private renderRight(t: MicroMacroText, s: MicroMacroState, run: ReturnType<typeof currentRun>) {
    if (!run) return html`<p class="note">${t.notRunYet}</p>`;
    if (!run.ok) return html`<p class="note">${t.errorTitle}</p>`;
    const accepted = acceptedOrders(run);
    if (s.guessPhase === 'guess') return this.renderGuess(t, s);
    return html`${s.guessPhase === 'checked' ? this.renderChecked(t, s, accepted) : nothing} ${this.renderSteps(t, s, run)}`;
  }

  private renderChecked(t: MicroMacroText, s: MicroMacroState, accepted: string[][]) {
    const { right, against } = gradeGuess(s.guess, accepted);
    const n = right.filter(Boolean).length;
    return html`
      <h3>${t.guessTitle}</h3>
      <ol class="checked" aria-label=${t.guessList}>
        ${s.guess.map(
          (line, i) => html`<li class=${right[i] ? 'right' : 'wrong'}>
            <span class="n">${i + 1}.</span> <code>${line}</code>
            ${right[i]
              ? html`<span class="mark right" aria-hidden="true">✓</span><span class="sr">${t.guessRight}</span>`
              : html`<span class="mark wrong" aria-hidden="true">✗ ${against[i] ?? ''}</span><span class="sr">${t.guessWrong(against[i] ?? '')}</span>`}
          </li>`,
        )}
      </ol>
      <div class="row">
        <span class="score" role="status">${t.guessScore(n, s.guess.length)}</span>
        <button type="button" @click=${() => this.set(guessAgain(this.state))}>${t.guessAgain}</button>
      </div>
      ${accepted.length > 1 ? html`<p class="note">${t.guessTimingNote}</p>` : nothing}
    `;
  }

  private renderGuess(t: MicroMacroText, s: MicroMacroState) {
    return html`
      <h3 id="guess-title">${t.guessTitle}</h3>
      <p class="help">${t.guessHelp}</p>
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
      <div class="row">
        <button type="button" @click=${() => this.set(checkGuess(this.state))}>${t.check}</button>
        <button type="button" @click=${() => this.set(skipGuess(this.state))}>${t.skipGuess}</button>
      </div>
      <p class="note">${t.guessFirst}</p>
    `;
  }

  private renderSteps(t: MicroMacroText, s: MicroMacroState, run: Extract<NonNullable<ReturnType<typeof currentRun>>, { ok: true }>) {
    const total = run.steps.length - 1;
    const snap = run.steps[Math.min(s.step, total)]!;
    const lang = this.locale;
    const node = run.runtime === 'node';
    const item = (v: TaskView) =>
      html`<li title=${v.name}><span class="kind">${t.kinds[v.kind]}${v.due !== undefined ? ` · ${t.due(formatNumber(v.due, lang, 1))}` : ''}:</span> ${v.name}</li>`;
    const panel = (cls: string, title: string, items: readonly TaskView[]) => html`
      <div class="panel ${cls}" role="group" aria-label=${title}>
        <h3 class="ph">${title}</h3>
        ${items.length === 0 ? html`<span class="empty">${t.empty}</span>` : html`<ul>${items.map(item)}</ul>`}
      </div>
    `;
    const stack = html`
      <div class="panel stack" role="group" aria-label=${t.panels.stack}>
        <h3 class="ph">${t.panels.stack}</h3>
        ${snap.stack.length === 0
          ? html`<span class="empty">${t.empty}</span>`
          : html`<ul>${[...snap.stack].reverse().map((f) => html`<li title=${f.name}>${f.name}${f.line ? ` :${f.line}` : ''}</li>`)}</ul>`}
      </div>
    `;
    const output = run.output.slice(0, snap.outputLength);
    const atEnd = s.step >= total;
    return html`
      <div class="row">
      <hsw-step-controls
        .locale=${lang}
        .at=${s.step}
        .total=${total}
        .playable=${false}
        @step-forward=${() => this.set(goToStep(this.state, this.state.step + 1))}
        @step-back=${() => this.set(goToStep(this.state, this.state.step - 1))}
        @reset-requested=${() => this.set(goToStep(this.state, 0))}
      ></hsw-step-controls>
        <button type="button" ?disabled=${atEnd} @click=${() => this.set(goToStep(this.state, total))}>${t.toEnd} ▶▶|</button>
      </div>
      <p class="event" aria-live="polite">
        ${this.describe(t, snap)}
        <span class="phase">(${t.phases[snap.phase]}, ${t.now(formatNumber(snap.now, lang, 1))})</span>
      </p>
      <div class="queues">
        ${stack} ${node ? panel('ticks', t.panels.ticks, snap.ticks) : nothing} ${panel('micro', t.panels.microtasks, snap.microtasks)}
        ${panel('timers', t.panels.timers, snap.timers)} ${node ? panel('imm', t.panels.immediates, snap.immediates) : nothing}
        ${node && (snap.io.length > 0 || run.steps.some((x) => x.io.length > 0)) ? panel('io', t.panels.io, snap.io) : nothing}
        <div class="panel output" role="group" aria-label=${t.panels.output}>
          <h3 class="ph">${t.panels.output}</h3>
          ${output.length === 0
            ? html`<span class="empty">${t.empty}</span>`
            : html`<ol aria-label=${t.panels.output}>
                ${output.map((o) => html`<li class=${o.kind === 'error' ? 'err' : ''}>${o.text}</li>`)}
              </ol>`}
        </div>
      </div>
      ${atEnd ? this.renderEnd(t, run) : nothing}
      ${!atEnd && run.timing?.affectsOutput ? html`<p class="end warn">${t.timing[run.timing.code](run.timing.params)}</p>` : nothing}
    `;
  }

  private describe(t: MicroMacroText, snap: Snapshot): string {
    const p = snap.event.params;
    switch (snap.event.code) {
      case 'start':
        return t.event.start();
      case 'statement':
        return t.event.statement({ ...p, line: snap.line ?? '' });
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
        return t.event.end();
    }
  }

  private renderEnd(t: MicroMacroText, run: Extract<NonNullable<ReturnType<typeof currentRun>>, { ok: true }>) {
    const bad = run.end.code !== 'done';
    return html`
      <p class="end ${bad ? 'bad' : ''}" role="status">${endMessage(t, run.end.code, run.end.params)}</p>
      ${run.timing
        ? html`<p class="end warn">
            ${t.timing[run.timing.code](run.timing.params)}
            ${run.timing.affectsOutput ? t.timingAlternative((run.timing.alternative ?? []).join(' · ')) : t.timingHarmless}
          </p>`
        : nothing}
    `;
  }
}

customElements.define('hsw-micro-macro', MicroMacroDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-micro-macro': MicroMacroDemo;
  }
}
