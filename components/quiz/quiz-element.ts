import { css, html, nothing, type TemplateResult } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { controlStyles } from '../ui/theme.ts';
import { inline } from '../../lib/render-text.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import type { Bilingual } from '../../lib/i18n.ts';
import { quizText } from './quiz-text.ts';
import {
  SCORE_STORAGE_KEY,
  choose,
  initQuiz,
  keyToChoice,
  modeFromSearch,
  parseScore,
  recordAnswer,
  reveal,
  serializeScore,
  setMode,
  shouldPersist,
  tryAgain,
  viewOf,
  type QuizMode,
  type QuizQuestion,
  type QuizState,
  type QuizView,
} from './quiz-model.ts';

/** A quiz as its slide gives it: the right answer, and in each language the choices and the explanation. */
export interface QuizContent {
  /** The slide id. */
  readonly id: string;
  /** 0-based index of the right choice. */
  readonly correct: number;
  /** Choices and explanation paragraphs; inline `code` and **strong** only. Same number of choices in both. */
  readonly text: Bilingual<{ readonly choices: readonly string[]; readonly explanation: readonly string[] }>;
}

export function questionOf(content: QuizContent): QuizQuestion {
  return { id: content.id, choiceCount: content.text.en.choices.length, correct: content.correct };
}

// ------------------------------------------------------------------ page-wide: presenter mode, keys, speaker view

interface DeckLike {
  isSpeakerNotes?: () => boolean;
  addKeyBinding?: (binding: { keyCode: number; key: string; description: string }, callback: () => void) => void;
}

const deckApi = (): DeckLike | undefined => (window as unknown as { deck?: DeckLike }).deck;
const inSpeakerView = (): boolean => {
  try {
    return deckApi()?.isSpeakerNotes?.() === true || /[?&]receiver\b/.test(window.location.search);
  } catch {
    return false;
  }
};
const isPrint = (): boolean => /[?&]print-pdf\b/.test(window.location.search);

let pageMode: QuizMode = modeFromSearch(window.location.search);
const MODE_EVENT = 'hsw-quiz-mode';
const REVEAL_EVENT = 'hsw-quiz-reveal';
const MESSAGE_TYPE = 'hsw:quiz';

type QuizAction = 'toggle-presenter' | 'reveal';

function apply(action: QuizAction): void {
  if (action === 'toggle-presenter') {
    pageMode = pageMode === 'presenter' ? 'browse' : 'presenter';
    window.dispatchEvent(new CustomEvent(MODE_EVENT));
  } else {
    window.dispatchEvent(new CustomEvent(REVEAL_EVENT));
  }
}

/**
 * A key pressed in reveal's speaker view reaches the deck copy inside the speaker window, not the projected deck:
 * that copy passes it on to the window that opened the speaker view. Only the action name travels, never an
 * answer, and only between windows of the same origin.
 */
function act(action: QuizAction): void {
  apply(action);
  if (!inSpeakerView()) return;
  try {
    const main = (window.parent as Window & { opener?: Window | null }).opener;
    main?.postMessage({ type: MESSAGE_TYPE, action }, window.location.origin);
  } catch {
    /* no opener: the speaker view was not opened by a deck */
  }
}

let installed = false;
function installPageHooks(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const data = event.data as { type?: unknown; action?: unknown } | null;
    if (data?.type !== MESSAGE_TYPE) return;
    if (data.action === 'toggle-presenter' || data.action === 'reveal') apply(data.action);
  });
  const deck = deckApi();
  try {
    deck?.addKeyBinding?.({ keyCode: 81, key: 'Q', description: 'Quiz: presenter mode on/off' }, () => act('toggle-presenter'));
    deck?.addKeyBinding?.({ keyCode: 82, key: 'R', description: 'Quiz: reveal the answer' }, () => act('reveal'));
  } catch {
    /* an older deck API: the checkbox and the button still work */
  }
}

// ------------------------------------------------------------------ the element

/**
 * The quiz element. A quiz slide defines a small subclass that supplies `content` (see quiz-busy-wait) and may
 * add a panel below with `renderExtra`. The state machine lives in quiz-model.ts.
 */
export abstract class QuizElement extends DemoElement<QuizState> {
  static override properties = {
    ...DemoElement.properties,
    panel: { state: true },
  };

  /** After the answer: the explanation, or the subclass's extra panel. */
  declare panel: 'why' | 'extra';

  constructor() {
    super();
    this.panel = 'why';
  }

  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        font-size: 20px;
      }
      .top {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        gap: 0.3em 1em;
        font-size: 0.75em;
        color: var(--hsw-muted);
        margin-bottom: 0.4em;
      }
      .top label {
        display: inline-flex;
        gap: 0.4em;
        align-items: center;
        cursor: pointer;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.3em;
      }
      ol button {
        width: 100%;
        text-align: left;
        display: grid;
        grid-template-columns: auto minmax(0, 1fr);
        gap: 0.2em 0.6em;
        align-items: start;
        padding: 0.35em 0.7em;
        font-size: 0.78em;
        line-height: 1.25;
      }
      ol button[aria-disabled='true'] {
        cursor: default;
      }
      .num {
        font-weight: 700;
        color: var(--hsw-accent-text);
        min-width: 1.2em;
      }
      button.right {
        border: 2px solid var(--hsw-good);
      }
      button.wrong {
        border: 2px solid var(--hsw-bad);
      }
      ol button[aria-pressed='true'] {
        background: var(--hsw-panel);
        color: var(--hsw-fg);
      }
      ol button[aria-pressed='true']:not(.right):not(.wrong) {
        border: 2px solid var(--hsw-accent);
      }
      .mark {
        grid-column: 2;
        font-size: 0.8em;
        font-weight: 600;
      }
      .mark.right {
        color: var(--hsw-good-text);
        border: none;
      }
      .mark.wrong {
        color: var(--hsw-bad-text);
        border: none;
      }
      .mark.vote {
        color: var(--hsw-accent-text);
      }
      .status-row {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 0.3em 0.8em;
        margin: 0.4em 0 0.3em;
      }
      .status {
        margin: 0;
        font-weight: 600;
        font-size: 0.8em;
        min-height: 1.3em;
        flex: 1 1 14em;
      }
      .tabs {
        display: flex;
        gap: 0.4em;
        margin-bottom: 0.3em;
      }
      .tabs button {
        font-size: 0.75em;
      }
      .status.right {
        color: var(--hsw-good-text);
      }
      .status.wrong {
        color: var(--hsw-bad-text);
      }
      .status.hidden {
        color: var(--hsw-muted);
        font-weight: 400;
      }
      .explanation {
        background: var(--hsw-panel);
        border-left: 4px solid var(--hsw-accent);
        padding: 0.2em 0.8em;
        font-size: 0.72em;
        line-height: 1.35;
      }
      .explanation h3 {
        margin: 0.3em 0 0.2em;
        font-size: 1em;
      }
      .explanation p {
        margin: 0.3em 0;
      }
      code {
        font-family: var(--hsw-mono);
        font-size: 0.92em;
        background: var(--hsw-code-bg);
        color: var(--hsw-code-fg);
        padding: 0 0.2em;
        border-radius: 0.2em;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5em;
      }
      .actions button {
        font-size: 0.8em;
      }
      .keys {
        font-size: 0.7em;
        color: var(--hsw-muted);
        margin: 0.4em 0 0;
      }
      @container (max-width: 520px) {
        ol button {
          font-size: 0.72em;
        }
        .explanation {
          font-size: 0.68em;
        }
      }
    `,
  ];

  /** The quiz this element shows. */
  protected abstract get content(): QuizContent;

  private readonly onKey = (event: KeyboardEvent): void => this.handleKey(event);
  private readonly onMode = (): void => {
    if (this.state.mode !== pageMode) this.setState(setMode(this.state, pageMode));
  };
  private readonly onReveal = (): void => {
    if (this.active) this.setState(reveal(this.state));
  };

  protected override initialState(): QuizState {
    return initQuiz(questionOf(this.content), pageMode);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    installPageHooks();
    document.addEventListener('keydown', this.onKey);
    window.addEventListener(MODE_EVENT, this.onMode);
    window.addEventListener(REVEAL_EVENT, this.onReveal);
    if (this.state.mode !== pageMode) this.state = setMode(this.state, pageMode);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.onKey);
    window.removeEventListener(MODE_EVENT, this.onMode);
    window.removeEventListener(REVEAL_EVENT, this.onReveal);
  }

  private handleKey(event: KeyboardEvent): void {
    if (!this.active || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const path = typeof event.composedPath === 'function' ? event.composedPath() : [];
    const typing = path.some((t) => t instanceof HTMLElement && (t.localName === 'textarea' || t.localName === 'select' || t.isContentEditable || (t.localName === 'input' && (t as HTMLInputElement).type !== 'checkbox' && (t as HTMLInputElement).type !== 'range')));
    if (typing) return;
    const choice = keyToChoice(event.key, this.state.question.choiceCount);
    if (choice === null) return;
    event.preventDefault();
    this.pick(choice);
  }

  protected pick(choice: number): void {
    const next = choose(this.state, choice);
    if (next === this.state) return;
    if (next.phase.kind === 'answered' && shouldPersist({ mode: next.mode, speakerNotes: inSpeakerView(), print: isPrint() })) {
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

  override render() {
    const lang = this.locale;
    const t = quizText[lang];
    const c = this.content.text[lang];
    const s = this.state;
    const print = isPrint();
    const v = viewOf(s, { print });
    const n = c.choices.length;
    const correctNo = s.question.correct + 1;
    const extra = this.extraLabel();

    let status: TemplateResult | string = '';
    let statusClass = '';
    if (print) status = t.printAnswer(correctNo);
    else if (v.verdict === 'right') {
      status = t.right;
      statusClass = 'right';
    } else if (v.verdict === 'wrong') {
      status = t.wrong(correctNo);
      statusClass = 'wrong';
    } else if (v.correctShown !== null) status = t.revealedNoVote(correctNo);
    else if (s.phase.kind === 'hidden') {
      status = t.hidden;
      statusClass = 'hidden';
    } else {
      status = t.keysHint(n);
      statusClass = 'hidden';
    }

    return html`
      <section aria-label=${t.quizLabel}>
        ${print
          ? nothing
          : html`<div class="top">
              <label>
                <input type="checkbox" .checked=${s.mode === 'presenter'} @change=${() => act('toggle-presenter')} />
                ${t.presenter}
              </label>
            </div>`}
        <ol aria-label=${t.choicesLabel}>
          ${c.choices.map((text, i) => {
            const isRight = v.correctShown === i;
            const isWrongPick = v.verdict === 'wrong' && v.selected === i;
            const cls = isRight ? 'right' : isWrongPick ? 'wrong' : '';
            let mark: TemplateResult | typeof nothing = nothing;
            if (isRight && v.selected === i) mark = html`<span class="mark right">✓ ${t.rightMark} · ${s.mode === 'presenter' ? t.voteMark : t.yourMark}</span>`;
            else if (isRight) mark = html`<span class="mark right">✓ ${t.rightMark}</span>`;
            else if (isWrongPick) mark = html`<span class="mark wrong">✗ ${s.mode === 'presenter' ? t.voteMark : t.yourMark}</span>`;
            else if (v.selected === i) mark = html`<span class="mark vote">● ${t.voteMark}</span>`;
            return html`<li>
              <button
                type="button"
                class=${cls}
                aria-pressed=${v.selected === i ? 'true' : 'false'}
                aria-disabled=${v.locked ? 'true' : 'false'}
                @click=${() => this.pick(i)}
              >
                <span class="num">${i + 1}</span><span class="txt">${inline(text)}</span>${mark}
              </button>
            </li>`;
          })}
        </ol>
        <div class="status-row">
          <p class="status ${statusClass}" role="status">${status}</p>
          ${print
            ? nothing
            : html`<div class="actions">
                ${v.canReveal ? html`<button type="button" @click=${() => this.setState(reveal(this.state))}>${t.reveal}</button>` : nothing}
                ${v.canTryAgain ? html`<button type="button" @click=${() => { this.panel = 'why'; this.setState(tryAgain(this.state)); }}>↺ ${t.tryAgain}</button>` : nothing}
              </div>`}
        </div>
        ${v.explanationShown && extra !== null && !print
          ? html`<div class="tabs">
              <button type="button" aria-pressed=${this.panel === 'why' ? 'true' : 'false'} @click=${() => (this.panel = 'why')}>${t.why}</button>
              <button type="button" aria-pressed=${this.panel === 'extra' ? 'true' : 'false'} @click=${() => (this.panel = 'extra')}>${extra}</button>
            </div>`
          : nothing}
        ${v.explanationShown && (this.panel === 'why' || extra === null || print)
          ? html`<div class="explanation">
              <h3>${t.why}</h3>
              ${c.explanation.map((p) => html`<p>${inline(p)}</p>`)}
            </div>`
          : nothing}
        ${v.explanationShown && this.panel === 'extra' && extra !== null && !print ? this.renderExtra(v) : nothing}
        ${s.mode === 'presenter' && !print ? html`<p class="keys">${t.presenterKeys}</p>` : nothing}
      </section>
    `;
  }
}
