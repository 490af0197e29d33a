import { html, nothing } from 'lit';
import { styleProps } from '../ui/style-props.ts';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/code-panel.ts';
import '../ui/step-controls.ts';
import '../ui/details.ts';
import { Player } from '../ui/player.ts';
import { back, canForward, forward, reset, toEnd } from '../../lib/stepping.ts';
import { asyncStateMachineText } from './async-state-machine-text.ts';
import * as model from './async-state-machine-model.ts';
import {
  FUNCTIONS,
  callKey,
  current,
  foldedMachine,
  formatVal,
  getFn,
  machineGraph,
  pieceListing,
  selectFn,
  selectScenario,
  type FnDef,
  type FnId,
  type MachineState,
  type Step,
} from './async-state-machine-model.ts';
import { styles } from './async-state-machine-styles.ts';

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
      this.setState(forward(this.state, this.state.steps.length));
      return canForward(this.state, this.state.steps.length);
    },
    jumpToEnd: () => this.setState(toEnd(this.state, this.state.steps.length)),
  });

  private get playing(): boolean {
    return this.player.playing;
  }

  static override styles = styles;

  constructor() {
    super(model);
    this.codeView = 'machine';
  }

  private stop(): void {
    this.player.stop();
  }

  private togglePlay(): void {
    if (!this.playing && !canForward(this.state, this.state.steps.length)) return;
    this.player.toggle();
  }

  private statusText(step: Step, prev: Step | undefined): string {
    const words = asyncStateMachineText[this.lang];
    const t = this.presenting ? words.statusShort : words.status;
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

  /**
   * The state machine as a picture: the call, each state (`case N`) and the end, top to bottom; on the arrow into a
   * state, the `await` it resumes after. Lit: the state that runs (filled), or the one the machine waits to resume
   * (outlined, its arrow lit); the call at step 0 and the end at the last.
   */
  private graph(fn: FnDef, step: Step) {
    const t = asyncStateMachineText[this.lang];
    const nodes = machineGraph(fn, step);
    return html`<ol class="graph" aria-label=${t.graphLabel}>
      ${nodes.map(
        (n, i) => html`${
          i === 0
            ? nothing
            : n.resumeAfter !== null
              ? html`<li class="edge ${n.waiting ? 'lit' : ''}">
                  <span class="await" data-actor=${n.waiting ? 'task' : nothing}>await ${n.resumeAfter}</span>
                </li>`
              : html`<li class="edge plain" aria-hidden="true"></li>`
        }
          <li
            class="node ${n.kind} ${n.running ? 'running' : ''} ${n.waiting ? 'resumes' : ''}"
            aria-current=${n.running || n.waiting ? 'step' : 'false'}
            data-actor=${n.running || n.waiting ? 'task' : nothing}
          >
            ${n.kind === 'done' ? t.graphDone : n.label}
          </li>`,
      )}
    </ol>`;
  }

  override render() {
    const lang = this.lang;
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
    const statusClass = step.kind === 'suspend' ? 'good' : step.kind === 'rejected' ? 'bad' : '';
    const scenarioNames = t.scenarios[fn.id] as Record<string, string>;

    const machine = foldedMachine(fn, step);

    const bar = html`<div class="bar">
      <div class="field">
        <label for="fn">${t.fn}</label>
        <select
          id="fn"
          @change=${(e: Event) => {
            this.stop();
            this.setState(selectFn(s, (e.target as HTMLSelectElement).value as FnId));
          }}
        >
          ${FUNCTIONS.map((f) => html`<option value=${f.id} ?selected=${f.id === s.fnId}>${t.fnNames[f.id]}</option>`)}
        </select>
      </div>
      <div class="field">
        <label for="scenario">${t.scenario}</label>
        <select
          id="scenario"
          @change=${(e: Event) => {
            this.stop();
            this.setState(selectScenario(s, (e.target as HTMLSelectElement).value));
          }}
        >
          ${fn.scenarios.map((x) => html`<option value=${x.id} ?selected=${x.id === s.scenarioId}>${scenarioNames[x.id] ?? x.id}</option>`)}
        </select>
      </div>
      <hsw-step-controls
        .lang=${lang}
        .at=${s.index}
        .total=${s.steps.length - 1}
        .playing=${this.playing}
        @step-forward=${() => this.setState(forward(this.state, this.state.steps.length))}
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
    </div>`;
    const asyncCol = html`<div class="col async ${this.codeView === 'async' ? 'chosen' : ''}">
      <h3>${t.asyncTitle} <span class="aside">· ${t.resumePoints(fn.resumePoints.map((r) => `case ${r.state}`).join(', '))}</span></h3>
      <hsw-code .code=${fn.asyncSource.join('\n')} language="javascript" .current=${step.asyncLines} label=${t.asyncCodeLabel}></hsw-code>
    </div>`;

    const stackBox = html`<div class="box stack-box" data-actor=${this.presenting ? 'thread' : nothing}>
      <h3 id="stack-title">${t.stackTitle}</h3>
      ${
        frames.length
          ? html`<ol class="stack" aria-labelledby="stack-title" data-testid="stack">
            ${frames.map((f, i) =>
              f.kind === 'job' && this.presenting
                ? html`<li class="job" data-actor="microtask">${t.microtaskShort}</li>`
                : html`<li class=${i === 0 ? 'top' : ''}>${f.kind === 'job' ? t.microtask : f.code}</li>`,
            )}
          </ol>`
          : html`<p class="empty" data-testid="stack">${t.stackEmpty}</p>`
      }
      ${
        step.kind === 'suspend' && step.pending
          ? this.presenting
            ? html`<p class="waiting" data-actor="io">${t.waitingFor(`${step.pending.op}(…)`)}</p>`
            : html`<p class="waiting">${t.waitingFor(callKey(step.pending))}</p>`
          : nothing
      }
    </div>`;
    const heapBox = html`<div class="box heap-box ${step.heapReleased ? 'released' : ''}" data-actor=${this.presenting && !step.heapReleased ? 'task' : nothing}>
      <h3><span id="heap-title">${t.heapTitle}</span>${
        this.presenting
          ? step.heapReleased
            ? html` <span class="aside">· ${t.released}</span>`
            : nothing
          : html` <span class="aside">· ${step.heapReleased ? t.released : t.pauses(step.pauses)}</span>`
      }</h3>
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
      ${step.heapReleased && !this.presenting ? html`<p class="note">${t.heapReleased}</p>` : nothing}
    </div>`;
    const status = html`<p class="status callout ${statusClass}" role="status">${this.statusText(step, prev)}</p>`;

    if (this.presenting) {
      // Presented to a hall: the state machine is the picture (its states down the left, the current one lit, the
      // resume points on the arrows between them); beside it the piece that runs, the stack and the heap object,
      // and the step's short line. What you write, the function, the calls and the step buttons are one click away
      // (the clicker drives the steps).
      const piece = pieceListing(fn, s.steps, s.index);
      return html`
        <section aria-label=${t.demoLabel}>
          <div class="stage">
            ${this.graph(fn, step)}
            <div class="side">
              <div class="piece-room">
                <hsw-code
                  class="piece"
                  .code=${piece.lines.join('\n')}
                  language="javascript"
                  .current=${piece.current}
                  label=${t.machineCodeLabel}
                ></hsw-code>
              </div>
              ${stackBox} ${heapBox} ${status}
              <hsw-details class="source" lang=${lang} .open=${this.detailsOpen} label=${t.sourceDetails}>
                ${bar}${asyncCol}
              </hsw-details>
            </div>
          </div>
        </section>
      `;
    }

    return html`
      <section aria-label=${t.demoLabel}>
        ${bar}
        <div class="view-toggle" role="group" aria-label=${t.codeView}>
          <button type="button" aria-pressed=${this.codeView === 'async' ? 'true' : 'false'} @click=${() => (this.codeView = 'async')}>${t.asyncTitle}</button>
          <button type="button" aria-pressed=${this.codeView === 'machine' ? 'true' : 'false'} @click=${() => (this.codeView = 'machine')}>${t.machineShort}</button>
        </div>
        <div class="grid">
          ${asyncCol}
          <div class="col machine ${this.codeView === 'machine' ? 'chosen' : ''}">
            <h3>${t.machineTitle}</h3>
            <hsw-code
              class="machine-code"
              style=${styleProps({ '--hsw-machine-ch': String(Math.max(...fn.machineSource.map((l) => l.length))) })}
              .code=${machine.lines.join('\n')}
              language="javascript"
              .current=${machine.current}
              label=${t.machineCodeLabel}
            ></hsw-code>
          </div>
          <div class="side">${stackBox} ${heapBox} ${status}</div>
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
