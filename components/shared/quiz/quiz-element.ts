import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { styleProps } from '../../ui/style-props.ts';
import { DemoElement } from '../../ui/demo-element.ts';
import '../../ui/code-panel.ts';
import '../../ui/details.ts';
import { inline } from '../../../lib/render-text.ts';
import { readStored, writeStored } from '../../../lib/storage.ts';
import type { DemoModel } from '../../../lib/demo-contract.ts';
import { quizText } from './quiz-text.ts';
import { quizStyles } from './quiz-styles.ts';
import {
  PRESENTER_CHANGED_EVENT,
  QUIZ_CONNECTED_EVENT,
  QUIZ_LIVE_EVENT,
  type PresenterChangedDetail,
  type QuizHost,
  type QuizLive,
  type QuizLiveDetail,
} from './quiz-protocol.ts';
import { liveView, type LiveView } from './quiz-live.ts';
import {
  SCORE_STORAGE_KEY,
  choose,
  parseScore,
  recordAnswer,
  reveal,
  serializeScore,
  setMode,
  shouldPersist,
  tryAgain,
  viewOf,
  type QuizContent,
  type QuizState,
  type QuizView,
} from './quiz-model.ts';

/**
 * The quiz element. A quiz slide defines a small subclass that passes its model (`super(model)`, the demo
 * contract: its question's initial state) and supplies `content` (the question, its code, the choices and the
 * explanation, in both languages: the demo owns every string it shows), and may add a panel with `renderExtra`.
 * The state machine lives in quiz-model.ts.
 *
 * Where it is shown comes from the shell, as properties: `mode` and `print` (DemoElement), and `presenter` from the
 * deck's quiz-presenter plugin, which also owns the keys (Q, R, 1–9) and calls `requestReveal`/`requestChoice` on
 * the current slide's quiz. The element reads neither the address nor the deck.
 */
export abstract class QuizElement extends DemoElement<QuizState> implements QuizHost {
  static override properties = {
    ...DemoElement.properties,
    presenter: { type: Boolean, reflect: true },
    live: { attribute: false },
    panel: { state: true },
  };

  static override styles = quizStyles;

  /** Presenter mode: the answer stays hidden until revealed. Set by the deck (or the element's own checkbox). */
  declare presenter: boolean;
  /** After the answer: the explanation, or the subclass's extra panel. */
  declare panel: 'why' | 'extra';
  /** Workshop mode (src/plugins/workshop.ts): the server's poll for this question; null: not in a workshop. */
  declare live: QuizLive | null;

  constructor(model: DemoModel<QuizState>) {
    super(model);
    this.presenter = false;
    this.live = null;
    this.panel = 'why';
  }

  /** The quiz this element shows. */
  protected abstract get content(): QuizContent;

  override connectedCallback(): void {
    super.connectedCallback();
    // The deck's plugin answers by setting `presenter` (synchronously, before the first render).
    this.dispatchEvent(new Event(QUIZ_CONNECTED_EVENT, { bubbles: true, composed: true }));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const mode = this.presenter ? 'presenter' : 'browse';
    if (this.state.mode !== mode) this.setState(setMode(this.state, mode));
  }

  requestReveal(): void {
    if (this.live) {
      if (this.live.role === 'presenter') this.sendLive({ action: 'reveal', choice: null });
      return;
    }
    const next = reveal(this.state);
    if (next !== this.state) this.setState(next);
  }

  requestChoice(choice: number): void {
    this.pick(choice);
  }

  private togglePresenter(on: boolean): void {
    this.presenter = on;
    const detail: PresenterChangedDetail = { presenter: on };
    this.dispatchEvent(new CustomEvent(PRESENTER_CHANGED_EVENT, { detail, bubbles: true, composed: true }));
  }

  private sendLive(detail: QuizLiveDetail): void {
    this.dispatchEvent(new CustomEvent(QUIZ_LIVE_EVENT, { detail, bubbles: true, composed: true }));
  }

  private liveView(): LiveView | null {
    return this.live ? liveView(this.live, this.state.question.choiceCount) : null;
  }

  protected pick(choice: number): void {
    const lv = this.liveView();
    if (lv) {
      // Workshop mode: the server records the vote; the element shows what it says back.
      if (lv.canVote && Number.isInteger(choice) && choice >= 0 && choice < this.state.question.choiceCount)
        this.sendLive({ action: 'vote', choice });
      return;
    }
    const next = choose(this.state, choice);
    if (next === this.state) return;
    // Only a browsing person's answers count: never the speaker view's copies, nor print.
    if (
      next.phase.kind === 'answered' &&
      shouldPersist({ mode: next.mode, speakerNotes: this.mode === 'speaker', print: this.print })
    ) {
      const store = recordAnswer(parseScore(readStored(SCORE_STORAGE_KEY)), next.question, choice);
      writeStored(SCORE_STORAGE_KEY, serializeScore(store));
    }
    this.setState(next);
  }

  /**
   * An extra panel shown after the answer instead of the explanation, behind a second tab (the busy-wait quiz runs
   * its snippet in the simulator there). `extraLabel` names the tab; null: no extra panel.
   */
  protected extraLabel(): string | null {
    return null;
  }

  protected renderExtra(view: QuizView): TemplateResult | typeof nothing {
    void view;
    return nothing;
  }

  /**
   * The words shown: while presenting, the question's short form for the hall (`presented`, without the lead), if
   * it has one.
   */
  private words(): { lead: string | undefined; ask: string; choices: readonly string[] } {
    const c = this.content.text[this.lang];
    if (this.presenting && c.presented) return { lead: undefined, ...c.presented };
    return { lead: c.lead, ask: c.ask, choices: c.choices };
  }

  /**
   * The presented reveal (issue #36): the hall sees a picture — the code, the choices with the right one and the
   * room's choice marked (and, in a workshop, the histogram of the votes) — and the explanation's first, short
   * paragraph in the question's place. The rest is the step's spoken notes (and the self-paced view's "More").
   */
  private presentedReveal(v: QuizView): boolean {
    return this.presenting && !this.print && v.explanationShown;
  }

  private renderQuestion(v: QuizView, explanation: readonly string[]): TemplateResult {
    const t = quizText[this.lang];
    const c = this.words();
    const code = this.content.code;
    const revealed = this.presentedReveal(v);
    return html`<div class="question">
      ${c.lead ? html`<p class="lead" id="lead">${inline(c.lead)}</p>` : nothing}
      ${code ? html`<hsw-code .code=${typeof code.source === 'string' ? code.source : code.source[this.lang]} language=${code.lang} label=${t.codeLabel}></hsw-code>` : nothing}
      ${
        revealed
          ? html`<div class="explanation callout short" role="note" aria-label=${t.why}>
              ${explanation.slice(0, 1).map((p) => html`<p>${inline(p)}</p>`)}
            </div>`
          : html`<h3 class="ask" id="ask">${inline(c.ask)}</h3>`
      }
      ${
        // Presenting: the presenter's keys (Q, R) and the clicker do it; the hall sees no switch.
        this.print || this.live || this.presenting
          ? nothing
          : html`<label class="presenter-switch">
            <input
              type="checkbox"
              .checked=${this.state.mode === 'presenter'}
              @change=${(e: Event) => this.togglePresenter((e.target as HTMLInputElement).checked)}
            />
            ${t.presenter}
          </label>`
      }
      ${this.state.mode === 'presenter' && !this.print && !this.live && !this.presenting ? html`<p class="keys">${t.presenterKeys}</p>` : nothing}
    </div>`;
  }

  /** The choices: a group named by the question. */
  private renderChoices(v: QuizView, counts: readonly number[] | null): TemplateResult {
    const t = quizText[this.lang];
    const c = this.words();
    const s = this.state;
    const n = c.choices.length;
    const most = Math.max(1, ...(counts ?? []));
    return html`
      <div
        role="group"
        aria-labelledby=${this.presentedReveal(v) ? nothing : 'ask'}
        aria-label=${this.presentedReveal(v) ? c.ask.replaceAll('`', '') : nothing}
        aria-describedby=${c.lead ? 'lead' : nothing}
      >
        <ol aria-label=${t.choicesLabel(n)}>
          ${c.choices.map((text, i) => {
            const isRight = v.correctShown === i;
            const isWrongPick = v.verdict === 'wrong' && v.selected === i;
            const cls = isRight ? 'right' : isWrongPick ? 'wrong' : '';
            let mark: TemplateResult | typeof nothing = nothing;
            if (isRight && v.selected === i)
              mark = html`<span class="mark right">✓ ${t.rightMark} · ${s.mode === 'presenter' ? t.voteMark : t.yourMark}</span>`;
            else if (isRight) mark = html`<span class="mark right">✓ ${t.rightMark}</span>`;
            else if (isWrongPick)
              mark = html`<span class="mark wrong">✗ ${s.mode === 'presenter' ? t.voteMark : t.yourMark}</span>`;
            else if (v.selected === i)
              mark = html`<span class="mark vote">● ${this.live ? t.yourMark : t.voteMark}</span>`;
            const count = counts?.[i];
            return html`<li>
              <button
                type="button"
                class=${cls}
                aria-pressed=${v.selected === i ? 'true' : 'false'}
                aria-disabled=${v.locked ? 'true' : 'false'}
                @click=${() => this.pick(i)}
              >
                <span class="num">${i + 1}</span><span class="txt">${inline(text)}</span>${mark}${
                  count === undefined
                    ? nothing
                    : html`<span class="tally"
                        ><span class="bar" style=${styleProps({ width: `${(count / most) * 100}%` })}></span
                        ><span class="count">${t.votes(count)}</span></span
                      >`
                }
              </button>
            </li>`;
          })}
        </ol>
      </div>
    `;
  }

  override render() {
    const t = quizText[this.lang];
    const c = this.words();
    const s = this.state;
    const print = this.print;
    const lv = this.liveView();
    const v = lv ?? viewOf(s, { print });
    const n = c.choices.length;
    const correctNo = (v.correctShown ?? 0) + 1;
    const extra = this.extraLabel();
    const explanation = (lv ? lv.explanation : this.content.explanation)?.[this.lang] ?? [];

    const presentedReveal = this.presentedReveal(v);
    let status: TemplateResult | string;
    let statusClass = '';
    if (lv) {
      status = t.live[lv.message](lv.answered);
      // (presented, the right choice's mark says which it is)
      if (lv.message === 'presenter-revealed' && v.correctShown !== null && !presentedReveal)
        status = `${status} ${t.revealedNoVote(correctNo)}`;
      statusClass = v.verdict ?? (lv.message === 'in' ? 'in' : 'hidden');
    } else if (print) status = t.printAnswer(correctNo);
    else if (v.verdict === 'right') {
      status = t.right;
      statusClass = 'right';
    } else if (v.verdict === 'wrong') {
      // (presented, the right choice's mark says which it is)
      status = presentedReveal ? t.presentedWrong : t.wrong(correctNo);
      statusClass = 'wrong';
    } else if (presentedReveal) {
      // The hall reads the answer off the picture: the right choice is marked.
      status = '';
    } else if (v.correctShown !== null) status = t.revealedNoVote(correctNo);
    else if (s.phase.kind === 'answered') status = t.withheld(s.phase.choice + 1);
    else if (s.phase.kind === 'hidden') {
      // In the deck, before the clicker's "voting" step: what the next press does (the embed page has no steps).
      const first = this.mode === 'deck' && this.step === 0 && s.phase.choice === null;
      // Presenting: what the hall is asked to do, in a few words (the presenter's keys are in the notes).
      if (this.presenting) status = first ? t.presentedThink : t.presentedVote;
      else status = first ? t.hiddenFirst : t.hidden;
      statusClass = 'hidden';
    } else {
      status = t.keysHint(n);
      statusClass = 'hidden';
    }
    // The clicker's voting step (issue #36 item 3): the vote is open and it shows, until the answer is revealed: the
    // choices become lit vote targets and the status line a banner, so the hall sees the step change from the question.
    const voting = !print && v.correctShown === null && this.model.SPEAKER_SEQUENCE[this.step] === 'voting';
    if (voting) statusClass = `${statusClass} voting`;
    // Presented, the hall sees no tabs: the extra panel is the self-paced view's.
    const tabs = v.explanationShown && extra !== null && !print && !this.presenting;
    // The extra panel takes the choices' place (the status above it still says what the answer was).
    const showExtra = tabs && this.panel === 'extra';

    return html`
      <section class="quiz ${voting ? 'voting' : ''}" aria-label=${t.quizLabel}>
        ${this.renderQuestion(v, explanation)}
        <div class="answers">
          ${showExtra ? nothing : this.renderChoices(v, lv?.counts ?? null)}
          <div class="status-row">
            <p class="status ${statusClass}" role="status">${status}</p>
            ${
              print
                ? nothing
                : html`<div class="actions">
                  ${v.canReveal ? html`<button type="button" @click=${() => this.requestReveal()}>${t.reveal}</button>` : nothing}
                  ${
                    // (presented, the clicker is the only control: going back to the slide's start asks again)
                    v.canTryAgain && !presentedReveal
                      ? html`<button
                        type="button"
                        @click=${() => {
                          this.panel = 'why';
                          this.setState(tryAgain(this.state));
                        }}
                      >
                        ↺ ${t.tryAgain}
                      </button>`
                      : nothing
                  }
                  ${
                    tabs
                      ? html`<button type="button" aria-pressed=${this.panel === 'why' ? 'true' : 'false'} @click=${() => (this.panel = 'why')}>${t.why}</button>
                        <button type="button" aria-pressed=${this.panel === 'extra' ? 'true' : 'false'} @click=${() => (this.panel = 'extra')}>${extra}</button>`
                      : nothing
                  }
                </div>`
            }
          </div>
          ${showExtra ? this.renderExtra(v) : nothing}
        </div>
        ${
          v.explanationShown && !showExtra && !presentedReveal
            ? html`<div class="panel explanation callout">
              <h3>${t.why}</h3>
              ${explanation.slice(0, 1).map((p) => html`<p>${inline(p)}</p>`)}
              ${
                explanation.length > 1
                  ? html`<hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.more}
                      >${explanation.slice(1).map((p) => html`<p>${inline(p)}</p>`)}</hsw-details
                    >`
                  : nothing
              }
            </div>`
            : nothing
        }
      </section>
    `;
  }
}
