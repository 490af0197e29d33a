import { LitElement, type PropertyValues } from 'lit';
import { isLang, type Lang } from '../../src/i18n.ts';
import { getEntry, setEntry } from './demo-store.ts';

/**
 * The base of every demo element. The deck (or the embed page) sets:
 * - `locale`: `ru` or `en`;
 * - `step`: the speaker-sequence step (0 when none); a new step replaces the state with `stateForStep(step)`;
 * - `active`: true while the demo's slide is shown; animations run only then;
 * - `near`: true when its slide is current or next to it; heavy pieces (charts) load only then;
 * - `key`: the slide id, under which the state is kept (see demo-store.ts).
 *
 * A subclass holds its whole state in `this.state` (a plain value from its pure model), changes it only with
 * `this.setState(next)`, and renders from it.
 */
export abstract class DemoElement<S> extends LitElement {
  static override properties = {
    locale: { reflect: true },
    step: { type: Number, reflect: true },
    active: { type: Boolean, reflect: true },
    near: { type: Boolean, reflect: true },
    key: {},
    state: { state: true },
  };

  declare locale: Lang;
  declare step: number;
  declare active: boolean;
  declare near: boolean;
  declare key: string;
  declare state: S;

  constructor() {
    super();
    this.locale = 'en';
    this.step = 0;
    this.active = false;
    this.near = false;
    this.key = '';
    this.state = this.initialState();
  }

  /** The state a fresh demo shows (also step 0 of its sequence). */
  protected abstract initialState(): S;

  /** The state for a speaker-sequence step; `current` is what the person has now. */
  protected stateForStep(step: number, current: S): S {
    void current;
    return step === 0 ? this.initialState() : this.state;
  }

  protected get storeKey(): string {
    return this.key || this.localName;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const saved = getEntry<S>(this.storeKey);
    if (saved) this.state = saved.state;
  }

  protected setState(next: S): void {
    this.state = next;
    const entry = getEntry<S>(this.storeKey);
    setEntry(this.storeKey, { state: next, appliedStep: entry?.appliedStep });
    this.dispatchEvent(new CustomEvent('demo-changed', { bubbles: true, composed: true }));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!isLang(this.locale)) this.locale = 'en';
    if (changed.has('step')) {
      const entry = getEntry<S>(this.storeKey);
      const step = Number.isFinite(this.step) ? Math.max(0, Math.floor(this.step)) : 0;
      if (entry?.appliedStep !== step && !(entry === undefined && step === 0)) {
        this.state = this.stateForStep(step, this.state);
      }
      setEntry(this.storeKey, { state: this.state, appliedStep: step });
    }
  }
}
