import { LitElement, css, html, nothing } from 'lit';
import { controlStyles } from './theme.ts';
import { uiText } from './ui-text.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { Player } from './player.ts';

/**
 * Back / Step / Reset / Run-Pause buttons. Emits `step-back`, `step-forward`, `reset-requested` and
 * `play-toggled`. While focus is inside the group, ← and → step, Home resets: the group declares those keys
 * as its own (`data-owns-keys`) so the deck leaves them alone.
 */
export class StepControls extends LitElement {
  static override properties = {
    lang: {},
    at: { type: Number },
    total: { type: Number },
    playing: { type: Boolean },
    playable: { type: Boolean },
  };

  declare lang: Lang;
  declare at: number;
  declare total: number;
  declare playing: boolean;
  declare playable: boolean;

  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
      }
      .group {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4em;
        align-items: center;
      }
      .pos {
        font-size: var(--hsw-fs-note, 0.85em);
        color: var(--hsw-muted);
        font-variant-numeric: tabular-nums;
        margin-left: 0.3em;
      }
    `,
  ];

  constructor() {
    super();
    this.lang = 'en';
    this.at = 0;
    this.total = 0;
    this.playing = false;
    this.playable = true;
  }

  private emit(name: string): void {
    this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true }));
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === 'ArrowRight' && this.at < this.total) this.emit('step-forward');
    else if (event.key === 'ArrowLeft' && this.at > 0) this.emit('step-back');
    else if (event.key === 'Home') this.emit('reset-requested');
    else return;
    event.preventDefault();
  }

  override render() {
    const t = uiText[this.lang] ?? uiText.en;
    return html`
      <div class="group" role="group" aria-label=${t.stepControls} data-owns-keys="ArrowLeft ArrowRight Home" @keydown=${this.onKey}>
        <button type="button" aria-label=${t.resetLabel} ?disabled=${this.at === 0 && !this.playing} @click=${() => this.emit('reset-requested')}>
          ↺ ${t.reset}
        </button>
        <button type="button" aria-label=${t.backLabel} ?disabled=${this.at === 0} @click=${() => this.emit('step-back')}>
          ◀ ${t.back}
        </button>
        <button type="button" aria-label=${t.stepLabel} ?disabled=${this.at >= this.total} @click=${() => this.emit('step-forward')}>
          ${t.step} ▶
        </button>
        ${
          this.playable
            ? html`<button
              type="button"
              aria-label=${this.playing ? t.pauseLabel : t.playLabel}
              ?disabled=${!this.playing && this.at >= this.total}
              @click=${() => this.emit('play-toggled')}
            >
              ${this.playing ? `❚❚ ${t.pause}` : `▶▶ ${t.play}`}
            </button>`
            : nothing
        }
        <span class="pos" aria-live="polite">${t.position(this.at, this.total)}</span>
      </div>
    `;
  }
}

/** What a played demo's step controls show and do (see playedStepControls). */
export interface PlayedStepsOptions {
  readonly lang: Lang;
  readonly at: number;
  readonly total: number;
  /** One step forward ('step'), one back ('back'), or back to the start ('reset'; Run is stopped first). */
  readonly move: (type: 'step' | 'back' | 'reset') => void;
  /** Whether a step is left to play: Run pressed when none is does nothing. */
  readonly canPlay: () => boolean;
}

/**
 * `<hsw-step-controls>` wired to a demo's Player (Run/Pause toggles it): the one wiring of the demos that step one
 * action at a time and play them (event-loop, callbacks-promises-await).
 */
export function playedStepControls(player: Player, o: PlayedStepsOptions) {
  return html`<hsw-step-controls
    .lang=${o.lang}
    .at=${o.at}
    .total=${o.total}
    .playing=${player.playing}
    .playable=${true}
    @step-forward=${() => o.move('step')}
    @step-back=${() => o.move('back')}
    @reset-requested=${() => {
      player.stop();
      o.move('reset');
    }}
    @play-toggled=${() => {
      if (!player.playing && !o.canPlay()) return;
      player.toggle();
    }}
  ></hsw-step-controls>`;
}

customElements.define('hsw-step-controls', StepControls);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-step-controls': StepControls;
  }
}
