import { css, html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { controlStyles } from '../ui/theme.ts';
import '../ui/code-panel.ts';
import '../ui/step-controls.ts';
import { Player } from '../ui/player.ts';
import { asyncStateMachineText } from './async-state-machine-text.ts';
import {
  FUNCTIONS,
  back,
  callKey,
  canForward,
  current,
  forward,
  formatVal,
  getFn,
  goTo,
  initState,
  reset,
  selectFn,
  selectScenario,
  type FnId,
  type MachineState,
  type Step,
} from './async-state-machine-model.ts';

/** Milliseconds between two steps while "Run" plays. */
const STEP_MS = 1100;

/** The async function beside its state-machine form; "Step" walks both, with the stack and the heap object. */
export class AsyncStateMachineDemo extends DemoElement<MachineState> {
  static override properties = {
    ...DemoElement.properties,
    codeView: { state: true },
  };

  /** On a narrow screen only one listing fits: which one is shown (view state, not model state). */
  declare codeView: 'async' | 'machine';

  /** Run: one step every STEP_MS while the slide is shown. */
  private readonly player = new Player(this, {
    interval: STEP_MS,
    tick: () => {
      this.setState(forward(this.state));
      return canForward(this.state);
    },
    jumpToEnd: () => this.setState(goTo(this.state, this.state.steps.length - 1)),
  });

  private get playing(): boolean {
    return this.player.playing;
  }

  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        font-size: 20px;
      }
      .bar {
        display: grid;
        grid-template-columns: minmax(0, 1.5fr) minmax(0, 1fr);
        gap: 0.3em 0.6em;
        align-items: end;
        margin-bottom: 0.4em;
      }
      .bar hsw-step-controls {
        grid-column: 1 / -1;
        font-size: 0.9em;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 0.15em;
        font-size: 0.72em;
      }
      .field select {
        font-size: 1em;
        width: 100%;
      }
      .grid {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1.05fr);
        gap: 0.7em;
        align-items: start;
      }
      h3 {
        font-size: 0.68em;
        font-weight: 600;
        color: var(--hsw-muted);
        margin: 0 0 0.25em;
        text-transform: none;
        letter-spacing: 0;
      }
      hsw-code {
        font-size: 0.58em;
      }
      .side {
        display: grid;
        grid-template-columns: minmax(0, 0.8fr) minmax(0, 1fr);
        gap: 0.45em;
        font-size: 0.68em;
        margin-top: 0.3em;
        align-items: start;
      }
      .box {
        background: var(--hsw-panel);
        border: 1px solid var(--hsw-border);
        border-radius: 0.4em;
        padding: 0.35em 0.5em;
      }
      ol.stack {
        list-style: none;
        margin: 0;
        padding: 0;
        display: flex;
        flex-direction: column;
        gap: 0.2em;
        min-height: 2.2em;
      }
      ol.stack li {
        font-family: var(--hsw-mono);
        font-size: 0.9em;
        padding: 0.1em 0.4em;
        border: 1px solid var(--hsw-border);
        border-radius: 0.25em;
        background: var(--hsw-control-bg);
      }
      ol.stack li.top {
        border-color: var(--hsw-accent);
        font-weight: 600;
      }
      .empty {
        color: var(--hsw-good-text);
        font-weight: 600;
      }
      table {
        border-collapse: collapse;
        width: 100%;
        font-family: var(--hsw-mono);
        font-size: 0.88em;
      }
      td {
        padding: 0.08em 0.3em;
        border-bottom: 1px solid var(--hsw-border);
        vertical-align: top;
        overflow-wrap: anywhere;
      }
      td.key {
        color: var(--hsw-muted);
        width: 30%;
      }
      tr.changed td {
        background: var(--hsw-code-current);
        color: var(--hsw-fg);
        font-weight: 600;
      }
      tr.state td {
        color: var(--hsw-accent-text);
        font-weight: 700;
      }
      .released {
        opacity: 0.55;
      }
      .aside {
        font-weight: 400;
      }
      .note {
        color: var(--hsw-muted);
        font-size: 0.62em;
        margin: 0.2em 0 0;
      }
      .box .note {
        font-size: 0.88em;
      }
      .waiting {
        font-family: var(--hsw-mono);
        color: var(--hsw-warn);
        margin: 0.25em 0 0;
        font-size: 0.9em;
      }
      .status {
        margin: 0.45em 0 0;
        padding: 0.3em 0.6em;
        border-left: 4px solid var(--hsw-accent);
        background: var(--hsw-panel);
        font-size: 0.68em;
        min-height: 2.6em;
      }
      .status.pause {
        border-left-color: var(--hsw-good);
      }
      .status.bad {
        border-left-color: var(--hsw-bad);
      }
      .view-toggle {
        display: none;
      }
      @container (max-width: 760px) {
        /* One listing at a time, scrolled to the current lines; the stack, heap and status stay in view. */
        .grid {
          grid-template-columns: minmax(0, 1fr);
          gap: 0.3em;
        }
        .view-toggle {
          display: flex;
          gap: 0.4em;
          order: 1;
          font-size: 0.75em;
        }
        .left {
          display: contents;
        }
        .bar {
          order: 0;
        }
        .async-title {
          display: none;
        }
        hsw-code.async {
          order: 2;
        }
        .right {
          order: 2;
        }
        .right h3 {
          display: none;
        }
        hsw-code.async:not(.chosen),
        .right:not(.chosen) {
          display: none;
        }
        hsw-code.async,
        hsw-code.machine {
          max-height: 19em;
          overflow: auto;
        }
        .side {
          order: 3;
        }
        .status {
          order: 4;
        }
      }
      @container (max-width: 420px) {
        .side {
          grid-template-columns: minmax(0, 1fr);
        }
      }
    `,
  ];

  constructor() {
    super();
    this.codeView = 'machine';
  }

  protected override initialState(): MachineState {
    return initState('load', 'ok');
  }

  /** The speaker sequence walks load(7) with both calls succeeding, one step per click. */
  protected override stateForStep(step: number): MachineState {
    return goTo(initState('load', 'ok'), step);
  }

  /** Keeps the highlighted lines in view in a listing that scrolls (narrow screens). */
  protected override updated(): void {
    for (const host of this.renderRoot.querySelectorAll<HTMLElement>('hsw-code')) {
      if (host.scrollHeight <= host.clientHeight + 1) continue;
      const line = host.shadowRoot?.querySelector<HTMLElement>('.line.current');
      if (!line) continue;
      const box = host.getBoundingClientRect();
      const scale = host.offsetHeight ? box.height / host.offsetHeight : 1;
      const top = (line.getBoundingClientRect().top - box.top) / (scale || 1) + host.scrollTop;
      host.scrollTop = Math.max(0, top - host.clientHeight / 3);
    }
  }

  private stop(): void {
    this.player.stop();
  }

  private togglePlay(): void {
    if (!this.playing && !canForward(this.state)) return;
    this.player.toggle();
  }

  private statusText(step: Step, prev: Step | undefined): string {
    const t = asyncStateMachineText[this.locale].status;
    const fn = getFn(this.state.fnId);
    const scenario = fn.scenarios.find((s) => s.id === this.state.scenarioId) ?? fn.scenarios[0]!;
    const call = `${fn.id}(${scenario.args.map(formatVal).join(', ')})`;
    switch (step.kind) {
      case 'call':
        return t.call(call);
      case 'piece': {
        const n = step.state ?? 0;
        let text: string;
        if (step.input.kind === 'value') text = t.value(n, formatVal(step.input.value));
        else if (step.input.kind === 'error') text = t.error(n, step.input.error);
        else if (prev?.kind === 'piece') text = t.goto(n);
        else text = t.first(n);
        return step.pending ? text + t.starts(callKey(step.pending)) : text;
      }
      case 'suspend':
        return t.suspend(step.state ?? 0, step.pending ? callKey(step.pending) : '');
      case 'done':
        return t.done(call, formatVal(step.result));
      case 'rejected':
        return t.rejected(call, step.error ?? '');
    }
  }

  override render() {
    const lang = this.locale;
    const t = asyncStateMachineText[lang];
    const s = this.state;
    const fn = getFn(s.fnId);
    const step = current(s);
    const prev = s.index > 0 ? s.steps[s.index - 1] : undefined;
    const changed = new Set(
      prev ? Object.keys(step.heap).filter((k) => formatVal(step.heap[k]) !== formatVal(prev.heap[k])) : [],
    );
    const keys = ['state', ...fn.heapKeys];
    const frames = [...step.stack].reverse();
    const statusClass = step.kind === 'suspend' ? 'pause' : step.kind === 'rejected' ? 'bad' : '';
    const scenarioNames = t.scenarios[fn.id] as Record<string, string>;

    return html`
      <section aria-label=${t.demoLabel}>
        <div class="grid">
          <div class="view-toggle" role="group" aria-label=${t.codeView}>
            <button type="button" aria-pressed=${String(this.codeView === 'async')} @click=${() => (this.codeView = 'async')}>${t.asyncTitle}</button>
            <button type="button" aria-pressed=${String(this.codeView === 'machine')} @click=${() => (this.codeView = 'machine')}>${t.machineShort}</button>
          </div>
          <div class="left">
              <div class="bar">
          <div class="field">
            <label for="fn">${t.fn}</label>
            <select id="fn" @change=${(e: Event) => {
              this.stop();
              this.setState(selectFn(s, (e.target as HTMLSelectElement).value as FnId));
            }}>
              ${FUNCTIONS.map((f) => html`<option value=${f.id} ?selected=${f.id === s.fnId}>${t.fnNames[f.id]}</option>`)}
            </select>
          </div>
          <div class="field">
            <label for="scenario">${t.scenario}</label>
            <select id="scenario" @change=${(e: Event) => {
              this.stop();
              this.setState(selectScenario(s, (e.target as HTMLSelectElement).value));
            }}>
              ${fn.scenarios.map((x) => html`<option value=${x.id} ?selected=${x.id === s.scenarioId}>${scenarioNames[x.id] ?? x.id}</option>`)}
            </select>
          </div>
          <hsw-step-controls
            .locale=${lang}
            .at=${s.index}
            .total=${s.steps.length - 1}
            .playing=${this.playing}
            @step-forward=${() => this.setState(forward(this.state))}
            @step-back=${() => {
              this.stop();
              this.setState(back(this.state));
            }}
            @reset-requested=${() => {
              this.stop();
              this.setState(reset(this.state));
            }}
            @play-toggled=${() => this.togglePlay()}
          ></hsw-step-controls>
        </div>

            <h3 class="async-title">${t.asyncTitle} <span class="aside">· ${t.resumePoints(fn.resumePoints.map((r) => `case ${r.state}`).join(', '))}</span></h3>
            <hsw-code class="async ${this.codeView === 'async' ? 'chosen' : ''}" .code=${fn.asyncSource.join('\n')} language="javascript" .current=${step.asyncLines} label=${t.asyncCodeLabel}></hsw-code>
            <div class="side">
              <div class="box">
                <h3 id="stack-title">${t.stackTitle}</h3>
                ${frames.length
                  ? html`<ol class="stack" aria-labelledby="stack-title" data-testid="stack">
                      ${frames.map((f, i) => html`<li class=${i === 0 ? 'top' : ''}>${f.kind === 'job' ? t.microtask : f.code}</li>`)}
                    </ol>`
                  : html`<p class="empty" data-testid="stack">${t.stackEmpty}</p>`}
                ${step.kind === 'suspend' && step.pending ? html`<p class="waiting">${t.waitingFor(callKey(step.pending))}</p>` : nothing}
              </div>
              <div class="box ${step.heapReleased ? 'released' : ''}">
                <h3><span id="heap-title">${t.heapTitle}</span> <span class="aside">· ${step.heapReleased ? t.released : t.pauses(step.pauses)}</span></h3>
                <table aria-labelledby="heap-title" data-testid="heap">
                  <tbody>
                    ${keys.map(
                      (k) => html`<tr class="${changed.has(k) ? 'changed' : ''} ${k === 'state' ? 'state' : ''}">
                        <td class="key">${k}</td>
                        <td>${formatVal(step.heap[k])}</td>
                      </tr>`,
                    )}
                  </tbody>
                </table>
                ${step.heapReleased ? html`<p class="note">${t.heapReleased}</p>` : nothing}
              </div>
            </div>
            <p class="status ${statusClass}" role="status">${this.statusText(step, prev)}</p>
          </div>
          <div class="right ${this.codeView === 'machine' ? 'chosen' : ''}">
            <h3>${t.machineTitle}</h3>
            <hsw-code class="machine" .code=${fn.machineSource.join('\n')} language="javascript" .current=${step.machineLines} label=${t.machineCodeLabel}></hsw-code>
          </div>
        </div>
      </section>
    `;
  }
}

customElements.define('hsw-async-state-machine', AsyncStateMachineDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-async-state-machine': AsyncStateMachineDemo;
  }
}
