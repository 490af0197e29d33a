import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { styleProps } from '../ui/style-props.ts';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/labelled-slider.ts';
import '../ui/step-controls.ts';
import '../ui/details.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import { inline } from '../../lib/render-text.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import {
  SCORE_STORAGE_KEY,
  parseScore,
  recordAnswer,
  serializeScore,
  shouldPersist,
  viewOf,
} from '../shared/quiz/quiz-model.ts';
import {
  QUIZ_CONNECTED_EVENT,
  QUIZ_LIVE_EVENT,
  type QuizHost,
  type QuizLive,
  type QuizLiveDetail,
} from '../shared/quiz/quiz-protocol.ts';
import { liveView } from '../shared/quiz/quiz-live.ts';
import { quizText } from '../shared/quiz/quiz-text.ts';
import { ANSWER } from './green-threads-answer.ts';
import { greenThreadsText, type Caption } from './green-threads-text.ts';
import { styles } from './green-threads-styles.ts';
import * as model from './green-threads-model.ts';
import {
  LIMITS,
  MEASURED,
  osThreadCost,
  RUNTIMES,
  actionsOf,
  answer,
  currentFrame,
  frameCount,
  inUnits,
  retryQuiz,
  revealAnswer,
  reset,
  setAction,
  setCount,
  setPanel,
  setQuizMode,
  setRuntime,
  back,
  forward,
  taskMemory,
  totalMemory,
  type GreenState,
  type Lane,
} from './green-threads-model.ts';

/** How many queued task chips are drawn before "+ n more" (fewer while presenting: the hall reads the count). */
const QUEUE_SHOWN = 10;
const QUEUE_SHOWN_PRESENTING = 4;

/** Bytes exactly: a task's own figure, as measured. */
function exactBytes(bytes: number, lang: Lang): string {
  return `${formatNumber(bytes, lang)} ${greenThreadsText[lang].bytes.B}`;
}

/** Bytes as the slide shows a total: B, KB, MB, GB (one decimal below 10). */
function formatBytes(bytes: number, lang: Lang): string {
  const { value, unit } = inUnits(bytes);
  return `${formatNumber(value, lang, value < 10 && unit !== 'B' ? 1 : 0)} ${greenThreadsText[lang].bytes[unit]}`;
}

/** M tasks on N OS threads: pick a runtime and an action, step through how the scheduler reacts. */
export class GreenThreadsDemo extends DemoElement<GreenState> implements QuizHost {
  static override properties = {
    ...DemoElement.properties,
    presenter: { type: Boolean, reflect: true },
    live: { attribute: false },
  };

  static override styles = styles;

  /** The deck's presenter mode (quiz-presenter plugin): the answer stays hidden until it is revealed. */
  declare presenter: boolean;
  /** Workshop mode (src/plugins/workshop.ts): the server's poll for the question; null: not in a workshop. */
  declare live: QuizLive | null;

  constructor() {
    super(model);
    this.presenter = false;
    this.live = null;
  }

  private sendLive(detail: QuizLiveDetail): void {
    this.dispatchEvent(new CustomEvent(QUIZ_LIVE_EVENT, { detail, bubbles: true, composed: true }));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.dispatchEvent(new Event(QUIZ_CONNECTED_EVENT, { bubbles: true, composed: true }));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const mode = this.presenter ? 'presenter' : 'browse';
    if (this.state.quiz.mode !== mode) this.setState(setQuizMode(this.state, mode));
  }

  requestReveal(): void {
    if (this.live) {
      if (this.live.role === 'presenter') this.sendLive({ action: 'reveal', choice: null });
      return;
    }
    if (this.state.panel === 'predict') this.setState(revealAnswer(this.state));
  }

  requestChoice(choice: number): void {
    if (this.state.panel === 'predict') this.pick(choice);
  }

  private pick(choice: number): void {
    if (this.live) {
      const lv = liveView(this.live, this.state.quiz.question.choiceCount);
      if (lv.canVote && Number.isInteger(choice) && choice >= 0 && choice < this.state.quiz.question.choiceCount)
        this.sendLive({ action: 'vote', choice });
      return;
    }
    const next = answer(this.state, choice);
    if (next === this.state) return;
    if (
      next.quiz.phase.kind === 'answered' &&
      shouldPersist({ mode: next.quiz.mode, speakerNotes: this.mode === 'speaker', print: this.print })
    ) {
      const store = recordAnswer(parseScore(readStored(SCORE_STORAGE_KEY)), next.quiz.question, choice);
      writeStored(SCORE_STORAGE_KEY, serializeScore(store));
    }
    this.setState(next);
  }

  private time(us: number): string {
    const t = greenThreadsText[this.lang];
    const n = (v: number) => formatNumber(v, this.lang, 1);
    if (us < 1000) return t.us(n(us));
    if (us < 1_000_000) return t.ms(n(us / 1000));
    return t.s(n(us / 1_000_000));
  }

  override render() {
    const lang = this.lang;
    const t = greenThreadsText[lang];
    const s = this.state;
    const p = s.params;
    return html`
      <section aria-label=${t.demoLabel}>
        <div class="top">
          <fieldset class="runtime" ?hidden=${this.presenting && s.panel === 'predict'}>
            <legend class="sr-only">${t.runtimeGroup}</legend>
            ${RUNTIMES.map(
              (r) => html`<label class="pill">
                <input
                  type="radio"
                  name="runtime"
                  .checked=${p.runtime === r}
                  @change=${() => this.setState(setRuntime(this.state, r))}
                /><span>${t.runtimes[r]}</span>
              </label>`,
            )}
          </fieldset>
          <div class="panels" role="group" aria-label=${t.panelGroup}>
            ${(['scheduler', 'predict'] as const).map(
              (k) =>
                html`<button
                  type="button"
                  aria-pressed=${s.panel === k ? 'true' : 'false'}
                  @click=${() => this.setState(setPanel(this.state, k))}
                >
                  ${t.panels[k]}${
                    k === 'predict' && this.live && liveView(this.live, s.quiz.question.choiceCount).canVote
                      ? html` <span class="vote-open">● ${t.voteOpen}</span>`
                      : nothing
                  }
                </button>`,
            )}
          </div>
        </div>
        ${s.panel === 'scheduler' ? this.renderScheduler() : this.renderQuiz()}
      </section>
    `;
  }

  private renderSliders(): TemplateResult {
    const t = greenThreadsText[this.lang];
    const p = this.state.params;
    const n = (v: number) => formatNumber(v, this.lang);
    return html`
      <div class="sliders">
          <hsw-slider
            label=${t.threadsLabel(p.runtime)}
            integer
            min=${LIMITS.threads.min}
            max=${LIMITS.threads.max}
            .value=${p.threads}
            .format=${(v: number) => n(v)}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setCount(this.state, 'threads', e.detail.value))}
          ></hsw-slider>
          <hsw-slider
            label=${t.tasksLabel(p.runtime)}
            integer
            log
            min=${LIMITS.tasks.min}
            max=${LIMITS.tasks.max}
            .value=${p.tasks}
            .format=${(v: number) => n(v)}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setCount(this.state, 'tasks', e.detail.value))}
          ></hsw-slider>
      </div>
    `;
  }

  private renderScheduler(): TemplateResult {
    const lang = this.lang;
    const t = greenThreadsText[lang];
    const s = this.state;
    const p = s.params;
    const n = (v: number) => formatNumber(v, lang);
    const frame = currentFrame(s);
    const total = frameCount(s);
    const index = Math.min(s.index, total - 1);
    const label = (task: number) => `${t.taskPrefix[p.runtime]}${n(task)}`;
    const caption: Caption = {
      task: label(1),
      next: frame.next === null ? null : label(frame.next),
      extra: `M${n(p.threads + 1)}`,
      left: n(Math.max(0, p.threads - 1)),
    };
    const code = t.actionCode[p.runtime][p.action];
    const actionText = code ? `${t.actions[p.action]} (${code})` : t.actions[p.action];
    const full = frame.event === 'start' ? t.captions.start(caption, actionText) : t.captions[frame.event](caption);
    const text = (this.presenting ? t.presentedCaptions[frame.event]?.(caption) : undefined) ?? full;
    const mem = taskMemory(p.runtime);
    const memLine =
      p.runtime === 'go'
        ? t.memory.go(
            exactBytes(MEASURED.go.stackPerTask, lang),
            exactBytes(MEASURED.go.overheadPerTask, lang),
            exactBytes(mem.bytes, lang),
          )
        : p.runtime === 'java'
          ? t.memory.java(formatBytes(mem.bytes, lang))
          : t.memory.erlang(exactBytes(mem.bytes, lang));

    const actionPicker = html`<fieldset class="action">
      <legend>${t.actionGroup}</legend>
      ${actionsOf(p.runtime).map(
        (a) => html`<label class="pill">
          <input
            type="radio"
            name="action"
            .checked=${p.action === a}
            @change=${() => this.setState(setAction(this.state, a))}
          /><span>${inline(t.actions[a])}</span>
        </label>`,
      )}
    </fieldset>`;
    // Presented, the action picker shares the one disclosure of figures and steps (the clicker picks the action).
    return html`
      ${this.presenting ? nothing : html`<div class="actions-row">${actionPicker}</div>`}
      <div class="main">
        <div class="threads">
          <ul class="lanes" aria-label=${t.osThreads(n(frame.osThreads)).replace(/\*/g, '')}>
            ${frame.lanes.map((lane) => this.renderLane(lane, label))}
          </ul>
          <div class="pool">
            <p class="pool-label">${t.queueLabel}${this.presenting ? nothing : ` (${n(frame.queue.length)})`}</p>
            <p class="chips" data-figure="queue">${this.chips(frame.queue, label)}</p>
            ${
              this.presenting && frame.parked.length === 0
                ? nothing
                : html`<p class="pool-label">${t.parkedLabel} (${n(frame.parked.length)})</p>
                    <p class="chips" data-figure="parked">${this.chips(frame.parked, label)}</p>`
            }
          </div>
        </div>
        <div class="side">
          <div class="callout" role="status" data-figure="caption">
            <p class="when">
              <span>${frame.t === null ? nothing : t.at(this.time(frame.t))}</span>
              <span data-figure="os-threads">${inline(t.osThreads(n(frame.osThreads)))}</span>
            </p>
            <p>${inline(text)}</p>
            ${
              frame.reductionsLeft !== null
                ? html`<p class="note" data-figure="reductions">
                    ${(this.presenting ? t.reductionsLeftShort : t.reductionsLeft)(n(frame.reductionsLeft))}
                  </p>`
                : nothing
            }
          </div>
          ${this.secondary(
            'figures',
            t.figuresLabel,
            html`<div class="figures-body">
              ${this.presenting ? actionPicker : nothing} ${this.measuredLine()}
              <div class="memory" data-figure="memory">
                <p><strong>${t.memoryTitle}</strong> ${inline(memLine)}${mem.basis === 'measured' ? html` <span class="tag">${t.measuredTag}</span>` : nothing}</p>
                <p data-figure="memory-total">${inline(t.memoryTotal(n(p.tasks), formatBytes(totalMemory(p), lang)))}</p>
                <p class="note" data-figure="os-thread-compare">${this.osThreadLine()}</p>
              </div>
              <hsw-step-controls
                .lang=${lang}
                .at=${index}
                .total=${total - 1}
                .playable=${false}
                @step-forward=${() => this.setState(forward(this.state))}
                @step-back=${() => this.setState(back(this.state))}
                @reset-requested=${() => this.setState(reset(this.state))}
              ></hsw-step-controls>
              ${this.renderSliders()}
            </div>`,
          )}
        </div>
      </div>
    `;
  }

  /**
   * Secondary content: while presenting, a disclosure (closed, so that the hall reads the lanes and the caption;
   * open in print); in the self-paced view the content itself, laid out as it always was.
   */
  private secondary(cls: string, label: string, content: TemplateResult): TemplateResult {
    if (!this.presenting) return html`<div class=${cls}>${content}</div>`;
    return html`<hsw-details class=${cls} lang=${this.lang} .open=${this.detailsOpen} label=${label}
      >${content}</hsw-details
    >`;
  }

  /** M idle OS threads instead: the address space their stacks reserve, and the memory measured resident. */
  private osThreadLine(): TemplateResult {
    const lang = this.lang;
    const t = greenThreadsText[lang];
    const cost = osThreadCost(this.state.params.tasks);
    return html`${inline(
      t.osThreadCompare(
        formatNumber(this.state.params.tasks, lang),
        formatBytes(cost.reserved, lang),
        formatBytes(cost.resident, lang),
        formatBytes(cost.residentEach, lang),
      ),
    )}`;
  }

  private measuredLine(): TemplateResult | typeof nothing {
    const lang = this.lang;
    const t = greenThreadsText[lang];
    const p = this.state.params;
    const n = (v: number, d = 0) => formatNumber(v, lang, d);
    let text: string | null = null;
    if (p.runtime === 'go' && p.action === 'cpu')
      text = t.measured.goCpu(t.ms(n(MEASURED.go.spinGapMs, 1)), MEASURED.go.version);
    else if (p.runtime === 'go' && p.action === 'syscall')
      text = t.measured.goSyscall(
        n(MEASURED.go.syscallBlocked),
        n(MEASURED.go.syscallThreadsBefore),
        n(MEASURED.go.syscallThreadsDuring),
      );
    else if (p.runtime === 'erlang' && p.action === 'cpu')
      text = t.measured.erlCpu(
        n(MEASURED.erlang.reductionsPerSlice),
        t.ms(n(MEASURED.erlang.spinGapMs, 1)),
        MEASURED.erlang.version,
      );
    else if (p.runtime === 'java') text = t.measured.java;
    return text === null ? nothing : html`<p class="measured" data-figure="measured">${inline(text)}</p>`;
  }

  private renderLane(lane: Lane, label: (task: number) => string): TemplateResult {
    const t = greenThreadsText[this.lang];
    const p = this.state.params;
    const name = t.lane(p.runtime, lane.thread, lane.p, lane.kind === 'extra');
    // (an OS thread, whether it runs a task, blocks in the kernel or idles: the deck's thread colour)
    return html`<li class="lane ${lane.status} ${lane.kind}" data-actor="thread">
      <span class="lane-name">${name}</span>
      <span class="lane-task">${lane.task === null ? nothing : html`<span class="chip ${lane.task === 1 ? 'first' : ''}" data-actor="task">${label(lane.task)}</span>`}</span>
      ${
        this.presenting && lane.status === 'running'
          ? nothing
          : html`<span class="lane-status">${t.status[lane.status]}</span>`
      }
    </li>`;
  }

  private chips(tasks: readonly number[], label: (task: number) => string) {
    const t = greenThreadsText[this.lang];
    if (tasks.length === 0) return html`<span class="empty">${t.none}</span>`;
    const shown = tasks.slice(0, this.presenting ? QUEUE_SHOWN_PRESENTING : QUEUE_SHOWN);
    // The first task, sent to the back of a long queue, is drawn there, after the ones not drawn.
    const last = tasks.length > shown.length && tasks.at(-1) === 1 ? 1 : null;
    const rest = tasks.length - shown.length - (last === null ? 0 : 1);
    const chip = (x: number) => html`<span class="chip ${x === 1 ? 'first' : ''}" data-actor="task">${label(x)}</span>`;
    return html`${shown.map(chip)}${
      rest > 0 ? html`<span class="more">${t.more(formatNumber(rest, this.lang))}</span>` : nothing
    }${last === null ? nothing : chip(last)}`;
  }

  private renderQuiz(): TemplateResult {
    const lang = this.lang;
    const t = greenThreadsText[lang];
    const q = this.state.quiz;
    const lv = this.live ? liveView(this.live, q.question.choiceCount) : null;
    const v = lv ?? viewOf(q, { print: this.print });
    const qt = quizText[lang];
    const explanation = (lv ? lv.explanation : ANSWER.explanation)?.[lang] ?? [];
    const counts = lv?.counts ?? null;
    const most = Math.max(1, ...(counts ?? []));
    let status: string = t.pickHint;
    let cls = '';
    if (lv) {
      status = qt.live[lv.message](lv.answered);
      if (lv.message === 'presenter-revealed' && v.correctShown !== null)
        status = `${status} ${qt.revealedNoVote(v.correctShown + 1)}`;
      cls = v.verdict ?? '';
    } else if (v.verdict === 'right') {
      status = t.right;
      cls = 'right';
    } else if (v.verdict === 'wrong') {
      status = t.wrong((v.correctShown ?? 0) + 1);
      cls = 'wrong';
    } else if (q.phase.kind === 'answered') status = qt.withheld(q.phase.choice + 1);
    return html`<div class="quiz" role="group" aria-labelledby="quiz-ask">
      <h3 id="quiz-ask">${inline(t.quiz.ask)}</h3>
      <ol class="choices">
        ${t.quiz.choices.map((c, i) => {
          const right = v.correctShown === i;
          const wrong = v.verdict === 'wrong' && v.selected === i;
          return html`<li>
            <button
              type="button"
              class=${right ? 'right' : wrong ? 'wrong' : ''}
              aria-pressed=${v.selected === i ? 'true' : 'false'}
              aria-disabled=${v.locked ? 'true' : 'false'}
              @click=${() => this.pick(i)}
            >
              <span class="num">${i + 1}</span> ${c}${right ? html` <span class="mark">✓</span>` : nothing}${wrong ? html` <span class="mark">✗</span>` : nothing}${
                lv && v.selected === i && !right && !wrong ? html` <span class="mark">● ${qt.yourMark}</span>` : nothing
              }${
                counts?.[i] === undefined
                  ? nothing
                  : html`<span class="tally"
                      ><span class="bar" style=${styleProps({ width: `${((counts[i] ?? 0) / most) * 100}%` })}></span
                      ><span class="count">${qt.votes(counts[i] ?? 0)}</span></span
                    >`
              }
            </button>
          </li>`;
        })}
      </ol>
      <div class="quiz-row">
        <p class="quiz-status ${cls}" role="status">${status}</p>
        ${v.canReveal && !this.print ? html`<button type="button" @click=${() => this.requestReveal()}>${t.reveal}</button>` : nothing}
        ${v.canTryAgain && !this.print ? html`<button type="button" @click=${() => this.setState(retryQuiz(this.state))}>↺ ${t.tryAgain}</button>` : nothing}
      </div>
      ${
        v.explanationShown
          ? html`<div class="callout good" data-figure="quiz-explanation">
            ${explanation.map((para) => html`<p>${inline(para)}</p>`)}
          </div>`
          : nothing
      }
    </div>`;
  }
}

customElements.define('hsw-green-threads', GreenThreadsDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-green-threads': GreenThreadsDemo;
  }
}
