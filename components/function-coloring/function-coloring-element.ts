import { html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { styleProps } from '../ui/style-props.ts';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/code-panel.ts';
import '../ui/details.ts';
import { inline } from '../../lib/render-text.ts';
import { Player } from '../ui/player.ts';
import * as model from './function-coloring-model.ts';
import {
  EDGES,
  FUNCTIONS,
  RUNTIMES,
  climb,
  completeClimb,
  reset,
  setFocus,
  setRuntime,
  setView,
  toggle,
  viewOf,
  type ColoringState,
  type ColoringView,
  type FnId,
  type View,
  type Via,
} from './function-coloring-model.ts';
import { fnName } from './function-coloring-listings.ts';
import { MESSAGES, functionColoringText } from './function-coloring-text.ts';
import { styles } from './function-coloring-styles.ts';

/** One level of the climb every this many ms. */
const CLIMB_MS = 450;

/** Where each function sits in the graph, in % of its box: callers above, callees below. */
const POS: Record<FnId, readonly [number, number]> = {
  main: [50, 6],
  handle_cart: [22, 24],
  handle_list: [72, 24],
  total: [12, 46],
  cheapest_first: [52, 44],
  to_line: [88, 58],
  by_price: [52, 66],
  price: [34, 81],
  fetch_price: [34, 95],
};

const VIEWS: readonly View[] = ['graph', 'bridges'];

/** Seed 004's coloring example: click a function to make it async and watch the color climb to main. */
export class FunctionColoring extends DemoElement<ColoringState> {
  private readonly player = new Player(this, {
    interval: CLIMB_MS,
    tick: () => {
      this.setState(climb(this.state));
      return this.state.shown !== null;
    },
    jumpToEnd: () => this.setState(completeClimb(this.state)),
  });

  static override styles = styles;

  constructor() {
    super(model);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Leaving the slide mid-climb shows the climb complete.
    if (changed.has('active') && !this.active && this.player.playing) {
      this.player.stop();
      this.setState(completeClimb(this.state));
    }
    super.willUpdate(changed);
    // Printed (the handout): the slide explained, the color climbed to `main` and two callbacks stuck (speaker step
    // 2), not the first state's invitation to click; kept out of the store (printing changes nothing).
    if (this.print && (changed.has('print') || changed.has('step'))) this.state = model.stateForStep(2, this.state);
  }

  private press(fn: FnId): void {
    this.player.stop();
    const next = toggle(this.state, fn);
    this.setState(next);
    if (next.shown !== null) {
      if (this.print || !this.active) this.setState(completeClimb(next));
      else this.player.start();
    }
  }

  private change(next: ColoringState): void {
    this.player.stop();
    this.setState(completeClimb(next));
  }

  override render() {
    const t = functionColoringText[this.lang];
    const s = this.state;
    const v = viewOf(s, t.comments);
    return html`<section aria-label=${t.demoLabel}>
      <div class="top">
        <div class="group" role="group" aria-label=${t.runtime}>
          <span class="label" aria-hidden="true">${t.runtime}:</span>
          ${RUNTIMES.map(
            (r) =>
              html`<button type="button" aria-pressed=${s.runtime === r ? 'true' : 'false'} @click=${() => this.change(setRuntime(s, r))}>
                ${this.presenting ? t.runtimesShort[r] : t.runtimes[r]}
              </button>`,
          )}
        </div>
        ${
          // Presented, the clicker walks the graph: the bridges are the self-paced view's (their tabs come back only
          // to return from them).
          this.presenting && s.view === 'graph'
            ? nothing
            : html`<div class="group" role="group" aria-label=${t.viewsLabel}>
                ${VIEWS.map(
                  (w) =>
                    html`<button type="button" aria-pressed=${s.view === w ? 'true' : 'false'} @click=${() => this.change(setView(s, w))}>
                      ${t.views[w]}
                    </button>`,
                )}
              </div>`
        }
      </div>
      ${s.view === 'graph' ? this.renderGraphView(v) : this.renderBridges()}
    </section>`;
  }

  private renderGraphView(v: ColoringView): TemplateResult {
    const t = functionColoringText[this.lang];
    const s = this.state;
    const focus = s.focus && v.nodes[s.focus].stuck ? s.focus : null;
    // Presented, the legend and the reset button appear once a function has been chosen.
    const untouched = this.presenting && s.chosen.length === 0;
    // Presented, the status line says what the ⚠ means: the legend leaves it out.
    const legend = untouched
      ? nothing
      : html`<div class="legend" aria-hidden="true">
      <span><span class="swatch sync"></span>${t.legend.sync}</span>
      ${
        v.colored
          ? html`<span><span class="swatch async"></span>${t.legend.async}</span>
              <span><span class="swatch broken"></span>${t.legend.broken}</span>
              ${this.presenting ? nothing : html`<span>⚠ ${t.legend.stuck}</span>`}`
          : nothing
      }
    </div>`;
    const status = html`<div class="status callout ${v.colored && v.functions > 0 ? 'bad' : ''}" role="status">${
      this.presenting ? this.presentedStatus(v) : this.statusText(v)
    }</div>`;
    const actions = html`<div class="actions">
      ${
        v.complete
          ? v.stuck.map(
              (k) =>
                html`<button type="button" aria-pressed=${focus === k.fn ? 'true' : 'false'} @click=${() => this.setState(setFocus(s, focus === k.fn ? null : k.fn))}>
                ${t.whyLabel(k.fn)}
              </button>`,
            )
          : nothing
      }
      ${
        untouched
          ? nothing
          : html`<button type="button" ?disabled=${s.chosen.length === 0} @click=${() => this.change(reset(s))}>↺ ${t.reset}</button>`
      }
    </div>`;
    const right = focus ? this.renderWhy(focus, v.nodes[focus].stuck!) : this.renderCode(v);
    // Presented: the graph left, what happened right; the code is a closed disclosure under it, and a callback's
    // why takes the place of the legend. The clicker opens the why and starts over: no buttons for them.
    // A callback's why takes the status's place too: the count of changes was the step before's.
    if (this.presenting)
      return html`<div class="main">
        <div class="left">${this.renderGraph(v)}</div>
        <div class="right">
          ${
            focus
              ? right
              : html`${status} ${legend}
                  <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.codeLabelShort}>${right}</hsw-details>`
          }
        </div>
      </div>`;
    return html`<div class="main">
      <div class="left">${this.renderGraph(v)} ${legend} ${status} ${this.print ? nothing : actions}</div>
      <div class="right">${right}</div>
    </div>`;
  }

  private renderGraph(v: ColoringView): TemplateResult {
    const t = functionColoringText[this.lang];
    const s = this.state;
    const hot = new Set(v.hotEdges);
    const edges = EDGES.filter((e) => e.from !== 'entry');
    return html`<div class="graph" role="group" aria-label=${t.graphLabel}>
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
        ${edges.map((e) => {
          const [x1, y1] = POS[e.from as FnId];
          const [x2, y2] = POS[e.to];
          return svg`<line x1=${x1} y1=${y1} x2=${x2} y2=${y2} class="edge ${hot.has(e) ? 'hot' : ''} ${e.via ? 'callback' : ''}" vector-effect="non-scaling-stroke"></line>`;
        })}
      </svg>
      ${edges
        .filter((e) => e.via)
        .map((e) => {
          const [x1, y1] = POS[e.from as FnId];
          const [x2, y2] = POS[e.to];
          return html`<span class="via" aria-hidden="true" style=${styleProps({ left: `${(x1 + x2) / 2}%`, top: `${(y1 + y2) / 2}%` })}>${e.via === 'sorted' ? 'sorted(key=…)' : 'map(…)'}</span>`;
        })}
      ${FUNCTIONS.map((f) => {
        const n = v.nodes[f];
        const [x, y] = POS[f];
        const name = fnName(s.runtime, f);
        const cls = v.colored ? n.color : n.chosen ? 'blocks' : 'sync';
        const desc = v.colored
          ? n.color === 'async'
            ? n.chosen
              ? t.state.chosen
              : t.state.async
            : n.color === 'broken'
              ? t.state.broken
              : t.state.sync
          : n.chosen
            ? t.state.blocks
            : t.state.sync;
        return html`<button
          type="button"
          class="node ${cls} ${s.focus === f && n.stuck ? 'focused' : ''}"
          data-actor=${cls === 'async' || cls === 'broken' ? 'task' : nothing}
          style=${styleProps({ left: `${x}%`, top: `${y}%` })}
          aria-pressed=${n.chosen ? 'true' : 'false'}
          aria-label=${v.colored ? t.makeAsync(name) : t.letBlock(name)}
          aria-describedby="d-${f}"
          @click=${() => this.press(f)}
        >
          ${v.colored && n.color === 'async' ? html`<span class="kw">async</span>` : nothing}<span class="fn">${name}</span>${n.stuck ? html`<span class="stuck-mark">⚠</span>` : nothing}${!v.colored && n.chosen ? html`<span class="io">I/O</span>` : nothing}
          <span class="sr-only" id="d-${f}">${desc}${n.stuck ? `; ${t.stuck(n.stuck)}` : ''}</span>
        </button>`;
      })}
    </div>`;
  }

  private statusText(v: ColoringView): TemplateResult {
    const t = functionColoringText[this.lang];
    const s = this.state;
    if (!v.colored) return html`${t.status.noColors(t.runtimes[s.runtime], t.task[s.runtime], s.chosen.length)}`;
    if (s.chosen.length === 0) return html`${t.status.none}`;
    if (!v.complete) {
      const broken = FUNCTIONS.filter((f) => v.nodes[f].color === 'broken');
      return html`${inline(t.status.climbing(broken.join(', '), broken.length))}`;
    }
    return html`${inline(t.status.done(v.functions, v.callSites, v.mainAsync))}
    ${v.stuck.length ? t.status.stuck(v.stuck.length) : nothing}`;
  }

  /** The status while presenting: what the step changed, in a line. */
  private presentedStatus(v: ColoringView): TemplateResult {
    const t = functionColoringText[this.lang];
    const p = t.presented;
    const s = this.state;
    if (!v.colored) return html`${p.noColors(t.runtimesShort[s.runtime])}`;
    if (s.chosen.length === 0) return html`${p.none}`;
    if (!v.complete) {
      const broken = FUNCTIONS.filter((f) => v.nodes[f].color === 'broken');
      return html`${p.climbing(broken.join(', '), broken.length)}`;
    }
    return html`${p.done(v.functions, v.callSites)} ${v.stuck.length ? p.stuck(v.stuck.length) : nothing}`;
  }

  private renderCode(v: ColoringView): TemplateResult {
    const t = functionColoringText[this.lang];
    const r = this.state.runtime;
    const code = v.listing.map((l) => l.text).join('\n');
    const changed = v.listing.flatMap((l, i) => (l.changed ? [i + 1] : []));
    const label = t.codeLabel(t.runtimes[r]);
    if (r === 'erlang') return html`<pre class="plain" aria-label=${label} tabindex="0"><code>${code}</code></pre>`;
    return html`<hsw-code .code=${code} language=${r} .current=${changed} label=${label}></hsw-code>
      ${r === 'python' && changed.length ? html`<p class="note">${t.changedLegend}</p>` : nothing}`;
  }

  private renderWhy(fn: FnId, via: Via): TemplateResult {
    const t = functionColoringText[this.lang];
    const p = t.presented;
    const more =
      via === 'sorted'
        ? html`<p>${inline(t.why.sortedFix)}</p>
            <p>${inline(t.why.js)} <code>${MESSAGES.jsSort}</code> ${t.why.jsWhy}</p>`
        : html`<p>${inline(t.why.mapFix)}</p>`;
    // Presented, the error the step is about; the warning that follows it is the self-paced view's.
    const warning = this.presenting ? '' : `\n${MESSAGES.neverAwaited(fn)}`;
    return html`<div class="why callout warn" role="region" aria-label=${t.whyLabel(fn)}>
      ${
        via === 'sorted'
          ? html`<p>${inline(this.presenting ? p.sorted : t.why.sorted)}</p>
              <pre class="err"><code>${MESSAGES.sortedKey}${warning}</code></pre>`
          : html`<p>${inline(this.presenting ? p.map : t.why.map)}</p>
              <pre class="err"><code>${MESSAGES.mapList(fn)}${warning}</code></pre>`
      }
      ${this.presenting ? html`<hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.why.fixLabel}>${more}</hsw-details>` : more}
      <button type="button" @click=${() => this.setState(setFocus(this.state, null))}>${t.why.close}</button>
    </div>`;
  }

  private renderBridges(): TemplateResult {
    const t = functionColoringText[this.lang].bridges;
    const others = html`<div class="card callout">
        <h3>${t.threadTitle}</h3>
        <p>${inline(t.thread)}</p>
      </div>
      <div class="card callout">
        <h3>${t.safeTitle}</h3>
        <p>${inline(t.safe)}</p>
      </div>
      <div class="card callout muted">
        <h3>${t.libsTitle}</h3>
        <ul>
          ${t.libs.map((l) => html`<li>${inline(l)}</li>`)}
        </ul>
      </div>`;
    const first = html`<div class="card callout bad">
      <h3>${t.runTitle}</h3>
      <p>${inline(t.run)}</p>
      <pre class="err"><code>${MESSAGES.runInLoop}</code></pre>
    </div>`;
    // Presented: the one error a person meets first; the three ways across behind a closed disclosure.
    if (this.presenting)
      return html`<div class="bridges presented">
        ${first}
        <hsw-details lang=${this.lang} .open=${this.detailsOpen} label=${t.moreLabel}
          ><div class="bridges">${others}</div></hsw-details
        >
      </div>`;
    return html`<div class="bridges">${first} ${others}</div>`;
  }
}

customElements.define('hsw-function-coloring', FunctionColoring);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-function-coloring': FunctionColoring;
  }
}
