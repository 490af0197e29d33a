import { css } from 'lit';
import { NARROW_PX } from './breakpoints.ts';

/**
 * The blocks every demo shares, written once. Colours come from the deck's custom properties (assets/theme.css).
 *
 * The type scale, for a hall: a demo's host is 20 px and nothing in it is smaller than 0.75em (15 px; the deck is
 * scaled a little below 1 at 1280×720, so 15 px keeps every glyph at 14 px or more on the projector). Use
 * `--hsw-fs-small` (0.75em) for captions, legends, axis labels and table notes, `--hsw-fs-note` (0.85em) for
 * secondary text, and 1em for what the demo says. Code, tables and chart labels follow the same floor; a browser
 * test (tests/e2e/type-scale.spec.ts) measures every slide.
 *
 * Presented to a hall (`presenting`, from the shell), the host is 23 px and both small steps are 0.9em, so that
 * nothing in a demo is under 20 px on the projector (tests/e2e/legibility.spec.ts); what does not fit at that size
 * goes into a closed `<hsw-details>` (components/ui/details.ts).
 */
export const demoHostStyles = css`
  :host {
    display: block;
    container-type: inline-size;
    font-size: 20px;
    --hsw-fs-small: 0.75em;
    --hsw-fs-note: 0.85em;
  }
  :host([presenting]) {
    font-size: 23px;
    --hsw-fs-small: 0.9em;
    --hsw-fs-note: 0.9em;
  }
  /* Nothing in a demo is wider than the demo (a phone, 320 px up): a control as wide as its longest option shrinks. */
  select,
  input,
  button {
    max-width: 100%;
  }
`;

/** A left-bordered note: `.callout`, with `.good`, `.bad`, `.warn` or `.muted` for its colour. */
export const calloutStyles = css`
  .callout {
    margin: 0.5em 0;
    padding: 0.4em 0.7em;
    border-left: 4px solid var(--hsw-accent);
    background: var(--hsw-panel);
    line-height: 1.35;
  }
  .callout.good {
    border-left-color: var(--hsw-good);
  }
  .callout.bad {
    border-left-color: var(--hsw-bad);
  }
  .callout.warn {
    border-left-color: var(--hsw-warn);
  }
  .callout.muted {
    border-left-color: var(--hsw-border);
  }
`;

/** A table of figures: `<table class="data">`; the first column is the label, the others right-aligned numbers. */
export const dataTableStyles = css`
  table.data {
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  table.data th,
  table.data td {
    text-align: right;
    padding: 0.15em 0.4em;
    border-bottom: 1px solid var(--hsw-border);
  }
  table.data th:first-child,
  table.data td:first-child {
    text-align: left;
  }
  table.data thead th {
    color: var(--hsw-muted);
    font-weight: 600;
  }
  /* On a phone a table fits the demo's width: tighter cells, words that may break, the type scale's note size. */
  @container (max-width: ${NARROW_PX}px) {
    table.data {
      font-size: var(--hsw-fs-small);
    }
    table.data th,
    table.data td {
      padding: 0.15em 0.25em;
      overflow-wrap: anywhere;
    }
  }
`;

/** Text for screen readers only. */
export const srOnlyStyles = css`
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** Radio buttons drawn as pills: `<label class="pill"><input type="radio" …><span>text</span></label>`. */
export const pillStyles = css`
  .pill {
    position: relative;
    display: inline-flex;
    max-width: 100%;
  }
  .pill input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  .pill span {
    min-width: 0;
    overflow-wrap: anywhere;
    padding: 0.25em 0.7em;
    border: 1px solid var(--hsw-border);
    border-radius: 0.35em;
    background: var(--hsw-control-bg);
  }
  .pill input:checked + span {
    background: var(--hsw-accent);
    color: var(--hsw-on-accent);
    border-color: var(--hsw-accent);
  }
  .pill input:focus-visible + span {
    outline: 3px solid var(--hsw-focus);
    outline-offset: 2px;
  }
`;

/** The fieldset of a row of pills: no frame, margin or padding; the pills wrap, centred on each line. */
const pillFieldsetStyles = css`
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.3em;
    align-items: center;
  }
`;

/**
 * A row of pills that wraps: `<fieldset><legend class="sr-only">Name</legend><label class="pill">…</label>…`, the
 * pills (`pillStyles`, included) in a fieldset without its frame. The group's name is for screen readers;
 * `pillGroupStyles` shows it.
 */
export const pillRowStyles = css`
  ${pillStyles}
  ${pillFieldsetStyles}
`;

/**
 * A named group of pills (`pillStyles`): `<fieldset><legend>Name</legend><label class="pill">…</label>…</fieldset>`,
 * the fieldset of a row of pills (as in `pillRowStyles`), the name at note size floated before the pills. Put it after
 * `pillStyles` and before the demo's own rules, which may change a pill's padding or font. Four demos use it; as its
 * own module it would be a chunk of its own in each of their embeds, bigger than the rule.
 */
export const pillGroupStyles = css`
  ${pillFieldsetStyles}
  legend {
    float: left;
    font-size: var(--hsw-fs-note);
    margin-right: 0.4em;
  }
  .pill span {
    font-size: var(--hsw-fs-note);
  }
`;

/**
 * The bar over a demo: `<div class="top">`, its choice at the start and what else it holds (a clock, another group)
 * at the other end, wrapping on a narrow screen. `.views`: buttons (`aria-pressed`) that choose what the demo shows.
 */
export const topBarStyles = css`
  .top {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3em 1em;
    align-items: center;
    justify-content: space-between;
  }
  .views {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4em;
  }
`;

/**
 * A name from the program (a callback, a task, a line printed) in a small frame, in the regular weight even in a
 * bold line: `<li class="chip">`, in a `<ul class="chips">` that wraps and stands in the line of text around it.
 */
export const chipStyles = css`
  .chips {
    display: inline-flex;
    flex-wrap: wrap;
    gap: 0.2em;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .chip {
    font-family: var(--hsw-mono);
    font-size: 0.9em;
    padding: 0 0.35em;
    border: 1px solid var(--hsw-border);
    border-radius: 0.35em;
    background: var(--hsw-panel);
    white-space: nowrap;
    font-weight: 400;
  }
`;

/**
 * A legend's row and its swatches: `<div class="legend" aria-hidden="true"><span><span class="swatch …"></span>name
 * </span>…</div>`, the names at the hall's floor (`--hsw-fs-small`), muted, wrapping; a swatch a rounded 0.9em box
 * (border-box: a border drawn inside it) sitting on the text's baseline. The demo gives each swatch its colour
 * (`.swatch.<kind>`) and overrides only what it draws differently. `timelineStyles` includes it.
 */
export const legendStyles = css`
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2em 0.9em;
    font-size: var(--hsw-fs-small);
    color: var(--hsw-muted);
    margin-top: 0.35em;
  }
  .swatch {
    box-sizing: border-box;
    display: inline-block;
    width: 0.9em;
    height: 0.9em;
    border-radius: 0.15em;
    vertical-align: -0.1em;
    margin-right: 0.3em;
  }
`;

/**
 * A checkbox with its name: `<label class="check"><input type="checkbox" …>name</label>`, inline, at note size, the
 * box a little larger than the text and in the accent colour.
 */
export const checkStyles = css`
  .check {
    display: inline-flex;
    gap: 0.35em;
    align-items: center;
    font-size: var(--hsw-fs-note);
  }
  .check input {
    width: 1.1em;
    height: 1.1em;
    accent-color: var(--hsw-accent);
  }
`;

/** The narrow-width container query, from the one breakpoint: `@container ${narrowQuery} { … }`. */
export const narrowQuery = css`(max-width: ${NARROW_PX}px)`;
