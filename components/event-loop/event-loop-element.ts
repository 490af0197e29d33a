import { html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/details.ts';
import '../ui/labelled-slider.ts';
import { playedStepControls } from '../ui/step-controls.ts';
import '../ui/code-panel.ts';
import '../shared/loop-picture/loop-picture-element.ts';
import { Player } from '../ui/player.ts';
import { BARE_SKIP } from './event-loop-code.ts';
import { eventLoopText } from './event-loop-text.ts';
import { styles } from './event-loop-styles.ts';
import { sceneOf } from './event-loop-scene.ts';
import * as model from './event-loop-model.ts';
import {
  apply,
  canStep,
  current,
  currentLine,
  currentPhase,
  NODE_PHASES,
  runToIdle,
  SOCKETS,
  type Action,
  type EventLoopState,
  type LoopState,
  type Mode,
  type SocketName,
  type Timer,
} from './event-loop-model.ts';

const STEP_MS = 700;

/** The event loop around epoll_wait: the seed's simplified loop, or libuv's phases as Node runs them. */
export class EventLoopDemo extends DemoElement<EventLoopState> {
  static override styles = styles;

  /** Run: one step every STEP_MS while the slide is shown. */
  private readonly player = new Player(this, {
    interval: STEP_MS,
    tick: () => {
      this.act({ type: 'step' });
      return canStep(current(this.state.session));
    },
    jumpToEnd: () => this.runToEnd(),
  });

  constructor() {
    super(model);
  }

  private get playing(): boolean {
    return this.player.playing;
  }

  private act(action: Action): void {
    this.setState({ ...this.state, session: apply(this.state.session, action) });
  }

  private stop(): void {
    this.player.stop();
  }

  private runToEnd(): void {
    let session = this.state.session;
    for (let i = 0; i < 10_000 && canStep(current(session)); i++) session = apply(session, { type: 'step' });
    this.setState({ ...this.state, session });
  }

  private setMode(mode: Mode): void {
    this.stop();
    this.act({ type: 'mode', mode });
  }

  private heapLevels(heap: readonly Timer[]): Timer[][] {
    const levels: Timer[][] = [];
    for (let start = 0, size = 1; start < heap.length; start += size, size *= 2)
      levels.push(heap.slice(start, start + size));
    return levels;
  }

  private socketStatus(s: LoopState, name: SocketName): { text: string; cls: string } {
    const t = eventLoopText[this.lang];
    if (s.returned.includes(name)) return { text: t.socketReturned, cls: 'ready' };
    if (s.readyData.includes(name)) return { text: t.socketReady, cls: 'ready' };
    const a = s.arrivals.find((x) => x.socket === name);
    if (a) return { text: t.socketComing(a.at), cls: 'coming' };
    return { text: t.socketIdle, cls: 'idle' };
  }

  override render() {
    const t = eventLoopText[this.lang];
    const ui = this.state;
    const s = current(ui.session);
    const remaining = runToIdle(s).length - 1;
    const phase = currentPhase(s);
    const asleep = !canStep(s);
    // setImmediate callbacks still to run: the rest of the check phase's batch, then those queued for next turn.
    const immediates =
      s.line === 'check'
        ? [...s.checkBatch.slice(s.inCallback ? s.cursor + 1 : s.cursor), ...s.immediates]
        : s.immediates;
    const top = html`<div class="top">
          <div class="views" role="group" aria-label=${t.viewGroup}>
            <button type="button" aria-pressed=${s.mode === 'simple' ? 'true' : 'false'} @click=${() => this.setMode('simple')}>${t.viewSimple}</button>
            <button type="button" aria-pressed=${s.mode === 'node' ? 'true' : 'false'} @click=${() => this.setMode('node')}>${t.viewNode}</button>
          </div>
          <p class="clock" data-figure="clock">${t.clock(s.now)}</p>
        </div>
        ${
          s.mode === 'node'
            ? html`<div class="phase-row">
              <h3 id="phases">${t.phases}</h3>
              <ol class="phases" aria-labelledby="phases">
                ${NODE_PHASES.map((p) => html`<li aria-current=${p === phase ? 'step' : 'false'} data-actor=${p === phase ? 'loop' : nothing}>${t.phase(p)}</li>`)}
              </ol>
            </div>`
            : nothing
        }
        <hsw-code
          .code=${s.mode === 'simple' ? (this.presenting ? t.simpleCodeBare : t.simpleCode) : this.presenting ? t.nodeCodeBare : t.nodeCode}
          .current=${[currentLine(s) - (this.presenting ? BARE_SKIP : 0)]}
          label=${s.mode === 'simple' ? t.codeLabelSimple : t.codeLabelNode}
        ></hsw-code>`;
    const status = html`<p class="status callout" role="status" aria-live=${this.playing ? 'off' : 'polite'}>
          ${this.presenting ? t.caption(s.event) : t.event(s.event)} ${asleep ? html`<span class="asleep">${this.presenting ? t.asleepShort : t.asleep}</span>` : nothing}
        </p>`;
    // Presented, the loop picture is the slide and the caption says what the step showed; the listing, the view's
    // buttons and the queues' details are one disclosure away. Self-paced, the listing leads and the details are open.
    return html`
      <section aria-label=${t.demoLabel} class=${this.presenting ? 'presented' : ''}>
        ${
          this.presenting
            ? html`<hsw-loop-picture lang=${this.lang} .scene=${sceneOf(s)}></hsw-loop-picture>${status}`
            : html`${top}${status}`
        }
        <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${this.presenting ? t.presentedDetails : t.stateDetails}>
        ${this.presenting ? top : nothing}
        <div class="panels ${s.mode === 'node' ? 'four' : ''}">
          <div class="panel">
            <h3 id="heap">${t.heap}</h3>
            ${
              s.heap.length === 0
                ? html`<p class="empty">${t.heapEmpty}</p>`
                : html`<div class="heap" role="list" aria-labelledby="heap">
                  ${this.heapLevels(s.heap).map(
                    (level, li) => html`<div class="level">
                      ${level.map(
                        (timer, i) =>
                          html`<span role="listitem" class="chip node ${li === 0 && i === 0 ? 'top' : ''}" aria-label=${t.timerItem(timer.label, timer.due)}
                            >${timer.label} · ${timer.due}</span
                          >`,
                      )}
                    </div>`,
                  )}
                </div>`
            }
          </div>
          <div class="panel">
            <h3 id="sockets">${t.sockets}</h3>
            <ul class="sockets" aria-labelledby="sockets">
              ${SOCKETS.map((name) => {
                const st = this.socketStatus(s, name);
                return html`<li><b>${name}</b><span class=${st.cls}>${st.text}</span></li>`;
              })}
            </ul>
          </div>
          <div class="panel">
            <h3 id="micro">${t.microtasks}</h3>
            ${
              s.microtasks.length === 0
                ? html`<p class="empty">${t.queueEmpty}</p>`
                : html`<ol class="queue" aria-labelledby="micro">
                  ${s.microtasks.map((j) => html`<li class="chip">${j.label}</li>`)}
                </ol>`
            }
          </div>
          ${
            s.mode === 'node'
              ? html`<div class="panel">
                <h3 id="imm">${t.immediates}</h3>
                ${
                  immediates.length === 0
                    ? html`<p class="empty">${t.queueEmpty}</p>`
                    : html`<ol class="queue" aria-labelledby="imm">
                      ${immediates.map((j) => html`<li class="chip">${j.label}</li>`)}
                    </ol>`
                }
              </div>`
              : nothing
          }
        </div>
        <div class="controls">
          ${playedStepControls(this.player, {
            lang: this.lang,
            at: ui.session.index,
            total: ui.session.index + remaining,
            move: (type) => this.act({ type }),
            canPlay: () => canStep(current(this.state.session)),
          })}
          <hsw-slider
            label=${t.delay}
            integer
            min="0"
            max="200"
            step="5"
            .value=${ui.delay}
            .format=${(v: number) => t.ms(v)}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState({ ...this.state, delay: e.detail.value })}
          ></hsw-slider>
          <button type="button" @click=${() => this.act({ type: 'add-timer', delay: ui.delay })}>${t.addTimer}</button>
          <div class="field">
            <label for="socket">${t.socket}</label>
            <select id="socket" @change=${(e: Event) => this.setState({ ...this.state, socket: (e.target as HTMLSelectElement).value as SocketName })}>
              ${SOCKETS.map((name) => html`<option value=${name} ?selected=${ui.socket === name}>${name}</option>`)}
            </select>
            <button type="button" @click=${() => this.act({ type: 'arrive', socket: ui.socket, delay: ui.delay })}>${t.arrive}</button>
          </div>
        </div>
        <div class="outline">
          <h3 id="out">${t.output}</h3>
          ${
            s.output.length === 0
              ? html`<span class="empty">${t.outputEmpty}</span>`
              : html`<ol class="output" aria-labelledby="out">
                ${s.output.map((line) => html`<li class="chip">${line}</li>`)}
              </ol>`
          }
        </div>
        </hsw-details>
      </section>
    `;
  }
}

customElements.define('hsw-event-loop', EventLoopDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-event-loop': EventLoopDemo;
  }
}
