import { LitElement, css, html, type PropertyValues } from 'lit';
import { controlStyles } from './theme.ts';

export interface SliderChange {
  value: number;
}

/** Maps between slider positions and values on a logarithmic scale (pure; exported for tests). */
export function logValue(position: number, positions: number, min: number, max: number): number {
  if (min <= 0 || max <= min) throw new RangeError('logarithmic scale needs 0 < min < max');
  return min * Math.pow(max / min, position / positions);
}

export function logPosition(value: number, positions: number, min: number, max: number): number {
  const clamped = Math.min(max, Math.max(min, value));
  return Math.round((Math.log(clamped / min) / Math.log(max / min)) * positions);
}

/** Rounds to two significant figures: 0.15, 3.7, 12, 150, 1,200, 47,000 … (floating error removed). */
export function niceRound(value: number): number {
  if (value <= 0) return 0;
  const magnitude = Math.pow(10, Math.floor(Math.log10(value)) - 1);
  return Number((Math.round(value / magnitude) * magnitude).toPrecision(2));
}

/**
 * A native range input with a visible label and its value with units. Emits `value-changed` with the new
 * value while the person drags or presses keys. With `log`, positions are spread logarithmically between
 * `min` and `max` and values are rounded with `niceRound`.
 */
export class LabelledSlider extends LitElement {
  static override properties = {
    label: {},
    value: { type: Number },
    min: { type: Number },
    max: { type: Number },
    step: { type: Number },
    log: { type: Boolean },
    integer: { type: Boolean },
    positions: { type: Number },
    disabled: { type: Boolean, reflect: true },
    format: { attribute: false },
  };

  declare label: string;
  declare value: number;
  declare min: number;
  declare max: number;
  declare step: number;
  declare log: boolean;
  /** Values are whole numbers (a count of threads, say). */
  declare integer: boolean;
  declare positions: number;
  /** Not in use now (its setting does not apply): greyed out and out of the tab order, as a disabled input is. */
  declare disabled: boolean;
  /** Shows a value with its units, in the current language. */
  declare format: (value: number) => string;

  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
      }
      /* Not in use: the label and value in the muted colour (still readable on a projector), the track dimmed */
      :host([disabled]) label,
      :host([disabled]) output {
        color: var(--hsw-muted);
      }
      :host([disabled]) input {
        opacity: 0.5;
      }
      .row {
        display: flex;
        justify-content: space-between;
        gap: 0.5em;
        align-items: baseline;
        /* Label and value: the type scale's secondary step (0.85em, 17 px in a 20 px demo host). */
        font-size: var(--hsw-fs-note, 0.85em);
      }
      /* In a narrow column the label gives way (a long word breaks) rather than push the value out of the demo. */
      label {
        min-width: 0;
        overflow-wrap: break-word;
      }
      output {
        font-weight: 600;
        color: var(--hsw-accent-text);
        font-variant-numeric: tabular-nums;
        white-space: nowrap;
      }
      input {
        width: 100%;
        margin: 0.2em 0 0;
        accent-color: var(--hsw-accent);
        height: 1.6em;
        cursor: pointer;
      }
    `,
  ];

  constructor() {
    super();
    this.label = '';
    this.value = 0;
    this.min = 0;
    this.max = 100;
    this.step = 1;
    this.log = false;
    this.integer = false;
    this.disabled = false;
    this.positions = 120;
    this.format = (v) => String(v);
  }

  private get position(): number {
    return this.log ? logPosition(this.value, this.positions, this.min, this.max) : this.value;
  }

  private onInput(event: Event): void {
    const raw = Number((event.target as HTMLInputElement).value);
    // The ends are exact (1,024 stays 1,024); in between, log values are rounded to two significant figures.
    const nice = !this.log
      ? raw
      : raw <= 0
        ? this.min
        : raw >= this.positions
          ? this.max
          : niceRound(logValue(raw, this.positions, this.min, this.max));
    const value = this.integer ? Math.round(nice) : nice;
    const clamped = Math.min(this.max, Math.max(this.min, value));
    this.value = clamped;
    this.dispatchEvent(
      new CustomEvent<SliderChange>('value-changed', { detail: { value: clamped }, bubbles: true, composed: true }),
    );
  }

  /**
   * A demo binds `.format` to a new arrow on every render of its own: when nothing else changed and the new one
   * writes the value as the old did, the slider has nothing to draw (a clicker step re-renders the demo, not its
   * sliders).
   */
  protected override shouldUpdate(changed: PropertyValues<this>): boolean {
    if (changed.size !== 1 || !changed.has('format')) return true;
    const before = changed.get('format');
    return before === undefined || before(this.value) !== this.format(this.value);
  }

  override render() {
    const text = this.format(this.value);
    return html`
      <div class="row">
        <label for="range">${this.label}</label>
        <output for="range" aria-hidden="true">${text}</output>
      </div>
      <input
        id="range"
        type="range"
        min=${this.log ? 0 : this.min}
        max=${this.log ? this.positions : this.max}
        step=${this.log ? 1 : this.step}
        .value=${String(this.position)}
        ?disabled=${this.disabled}
        aria-valuetext=${text}
        @input=${this.onInput}
        @touchstart=${stopTouch}
        @touchmove=${stopTouch}
        @pointerdown=${stopPointer}
        @pointermove=${stopPointer}
        @pointerup=${stopPointer}
      />
    `;
  }
}

/** A finger on a slider drags the slider, never the slide. */
function stopTouch(event: Event): void {
  event.stopPropagation();
}

function stopPointer(event: PointerEvent): void {
  if (event.pointerType === 'touch') event.stopPropagation();
}

customElements.define('hsw-slider', LabelledSlider);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-slider': LabelledSlider;
  }
}
