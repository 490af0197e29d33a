import { LitElement, type PropertyValues } from 'lit';
import { isLang, type Lang } from '../../lib/i18n.ts';
import type { DemoMode, DemoModel } from '../../lib/demo-contract.ts';
import { clampIndex } from '../../lib/stepping.ts';
import { getEntry, setEntry } from './demo-store.ts';

/**
 * The base of every demo element. It takes the demo's model (the contract of `lib/demo-contract.ts`) in its
 * constructor: `constructor() { super(model); }` with `import * as model from './x-model.ts'`.
 *
 * The shell (deck or embed page) sets, as properties; a demo never reads the URL or `window.deck`:
 * - `lang`: `ru` or `en` (HTML's own attribute, reflected: the demo's words are in that language);
 * - `step`: the speaker-sequence step (0 when none); a new step replaces the state with `model.stateForStep`;
 * - `active`: true while the demo's slide is shown; animations run only then;
 * - `near`: true when its slide is current or next to it; heavy pieces (charts) load only then;
 * - `mode`: `deck`, `speaker` (a copy in the speaker view: no side effects) or `embed`;
 * - `print`: true in the print layout (show the meaningful final state, no animation);
 * - `presenting`: true while the deck is shown to a hall: the presented type scale (demo-styles.ts) applies and
 *   secondary tables, listings and legends sit in closed `<hsw-details>` (`.open=${this.detailsOpen}`);
 * - `key`: the slide id, under which the state is kept (see demo-store.ts).
 *
 * A subclass holds its whole state in `this.state` (a plain value from its pure model), changes it only with
 * `this.setState(next)`, and renders from it.
 */
export abstract class DemoElement<S> extends LitElement {
  static override properties = {
    lang: { reflect: true },
    step: { type: Number, reflect: true },
    active: { type: Boolean, reflect: true },
    near: { type: Boolean, reflect: true },
    mode: { reflect: true },
    print: { type: Boolean, reflect: true },
    presenting: { type: Boolean, reflect: true },
    key: {},
    state: { state: true },
  };

  declare lang: Lang;
  declare step: number;
  declare active: boolean;
  declare near: boolean;
  declare mode: DemoMode;
  declare print: boolean;
  declare presenting: boolean;
  declare key: string;
  declare state: S;

  protected readonly model: DemoModel<S>;

  constructor(model: DemoModel<S>) {
    super();
    this.model = model;
    this.lang = 'en';
    this.step = 0;
    this.active = false;
    this.near = false;
    this.mode = 'deck';
    this.print = false;
    this.presenting = false;
    this.key = '';
    this.state = model.initialState();
  }

  /** Secondary content (`<hsw-details>`) is open but while presenting; print always shows it. */
  protected get detailsOpen(): boolean {
    return this.print || !this.presenting;
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
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!isLang(this.lang)) this.lang = 'en';
    if (changed.has('step')) {
      const entry = getEntry<S>(this.storeKey);
      const step = clampIndex(this.step, this.model.SPEAKER_SEQUENCE.length);
      if (entry?.appliedStep !== step && !(entry === undefined && step === 0)) {
        this.state = this.model.stateForStep(step, this.state);
      }
      setEntry(this.storeKey, { state: this.state, appliedStep: step });
    }
  }
}
