import { html, nothing, svg, type SVGTemplateResult } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { NARROW_PX } from '../ui/breakpoints.ts';
import { NarrowController } from '../ui/narrow.ts';
import '../ui/labelled-slider.ts';
import '../ui/code-panel.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { niceTicks } from '../../lib/ticks.ts';
import { axisRoom, fits, laneLabel, span, timeAxis, timeline, timelineSvg } from '../shared/timeline/timeline.ts';
import { tasksGatherText } from './tasks-gather-text.ts';
import { styles } from './tasks-gather-styles.ts';
import * as model from './tasks-gather-model.ts';
import {
  LATENCY,
  axisSpan,
  outcome,
  received,
  resumeReason,
  setFail,
  setLatency,
  setStrategy,
  type CallOutcome,
  type Outcome,
  type TasksGatherState,
} from './tasks-gather-model.ts';
import {
  CALLS,
  HANDLER_LINE,
  STRATEGIES,
  listing,
  presentedHandler,
  presentedRepr,
  type CallName,
} from './tasks-gather-programs.ts';

/**
 * A call's bar is a task (the deck's task colour, data-actor="task"): filled while it runs to its result or its
 * exception (the ✗ and the label say which), faint when cancelled.
 */
const FILL = {
  result: 'var(--hsw-actor-task)',
  exception: 'var(--hsw-actor-task)',
  cancelled: 'var(--hsw-actor-task)',
} as const;

/** Task vs coroutine: three latencies, five strategies, a failing call; a timeline of who ran when. */
export class TasksGatherDemo extends DemoElement<TasksGatherState> {
  static override styles = styles;

  /** Narrow or not, and the timeline's box's width: its viewBox follows it, so its text stays 15 px. */
  private readonly width = new NarrowController(this, NARROW_PX, {
    fallback: 700,
    redrawAfter: 4,
    of: () => this.renderRoot.querySelector('.chart'),
  });

  /** The time axis of the latencies last drawn (axisSpan runs a dozen programs; a strategy keeps the latencies). */
  private axis: { latencies: TasksGatherState['latencies']; span: number } | undefined;

  constructor() {
    super(model);
  }

  private axisSpan(): number {
    const latencies = this.state.latencies;
    if (this.axis?.latencies !== latencies) this.axis = { latencies, span: axisSpan(this.state) };
    return this.axis.span;
  }

  override render() {
    const lang = this.lang;
    const t = tasksGatherText[lang];
    const s = this.state;
    const o = outcome(s);
    const ms = (v: number) => t.ms(formatNumber(v, lang));
    const code = listing(s.strategy, s.latencies, s.fail, { network: t.network });
    // The line the switch changes: the failing call.
    const failLines = code
      .split('\n')
      .flatMap((l, i) => (l.includes('fails=True') ? [i + 1] : []))
      .filter((i) => i > HANDLER_LINE);
    const reason = resumeReason(o);
    const reasonText =
      reason === 'sum'
        ? t.reason.sum(ms(o.sum))
        : reason === 'max'
          ? t.reason.max(ms(o.max))
          : reason === 'after_failure'
            ? t.reason.after_failure(ms(o.failureAt ?? 0))
            : t.reason.at_failure();
    const pickers = html`<div class="top">
      <fieldset>
        <legend class=${this.presenting ? 'sr-only' : ''}>${t.strategyLegend}</legend>
        ${STRATEGIES.map(
          (k) => html`<label class="pill">
            <input
              type="radio"
              name="strategy"
              value=${k}
              .checked=${s.strategy === k}
              @change=${() => this.setState(setStrategy(this.state, k))}
            /><span>${t.strategies[k]}</span>
          </label>`,
        )}
      </fieldset>
      <label class="fail">
        <input
          type="checkbox"
          .checked=${s.fail}
          @change=${(e: Event) => this.setState(setFail(this.state, (e.target as HTMLInputElement).checked))}
        />
        ${t.fail}
      </label>
    </div>`;
    const sliders = html`<div class="sliders">
      ${CALLS.map(
        (n, i) =>
          html`<hsw-slider
            label=${t.latency(n)}
            integer
            min=${LATENCY.min}
            max=${LATENCY.max}
            step=${LATENCY.step}
            .value=${s.latencies[i] ?? 0}
            .format=${ms}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.setState(setLatency(this.state, n, e.detail.value))}
          ></hsw-slider>`,
      )}
    </div>`;
    const receives = html`<p data-figure="receives">
      ${this.presenting ? t.receivesShort[o.caller.raised ? 'raised' : 'value'] : `${t.receivesLabel} ${t.received[received(o)]}`}
      <code class=${o.caller.raised ? 'bad' : ''}>${this.presenting ? presentedRepr(o.caller.receives) : o.caller.receives}</code>
    </p>`;
    if (this.presenting) {
      // Presented: the handler (the lines where it waits, and the failing call, highlighted) beside what it got and
      // when; the timeline across the stage; the strategies, the switch and the latencies one click away (the
      // clicker sets them). Why it resumed then is said aloud (the slide's notes).
      const few = presentedHandler(s.strategy, s.latencies, s.fail);
      return html`
        <section aria-label=${t.demoLabel}>
          <div class="head">
            <hsw-code class="few" .code=${few.code} language="python" label=${t.codeLabel} .current=${few.current}></hsw-code>
            <div class="figures">
              <p data-figure="resume"><strong>${t.resumeAt(ms(o.caller.end))}</strong></p>
              ${receives}
              <hsw-details lang=${lang} .open=${this.detailsOpen} label=${t.settingsDetails}>${pickers} ${sliders}</hsw-details>
            </div>
          </div>
          <div class="chart">${this.timeline(o)}</div>
        </section>
      `;
    }
    return html`
      <section aria-label=${t.demoLabel}>
        ${pickers}
        <div class="main">
          <hsw-details class="code" lang=${lang} .open=${this.detailsOpen} label=${t.codeDetails}>
            <hsw-code .code=${code} language="python" label=${t.codeLabel} .current=${failLines}></hsw-code>
          </hsw-details>
          <div class="right">
            <hsw-details class="latencies" lang=${lang} .open=${this.detailsOpen} label=${t.latencyDetails}>
              ${sliders}
            </hsw-details>
            <div class="chart">${this.timeline(o)}</div>
            <div class="figures">
              <p data-figure="resume">
                <strong>${t.resumeAt(ms(o.caller.end))}</strong>${reasonText}
              </p>
              ${receives} ${this.afterFailure(o)}
            </div>
          </div>
        </div>
      </section>
    `;
  }

  private afterFailure(o: Outcome) {
    const t = tasksGatherText[this.lang];
    const ms = (v: number) => t.ms(formatNumber(v, this.lang));
    const names = (cs: readonly CallOutcome[]) => cs.map((c) => c.name).join(t.and);
    const unattended = o.calls.filter((c) => c.unattended);
    const cancelled = o.calls.filter((c) => c.how === 'cancelled');
    const never = o.calls.filter((c) => c.how === 'not_started');
    const lines: string[] = [];
    if (unattended.length > 0)
      lines.push(t.afterUnattended(names(unattended), ms(Math.max(...unattended.map((c) => c.end ?? 0)))));
    if (cancelled.length > 0) lines.push(t.afterCancelled(names(cancelled), ms(cancelled[0]!.end ?? 0)));
    if (never.length > 0) lines.push(t.afterNotStarted(names(never)));
    return lines.length === 0 ? nothing : html`<p data-figure="after">${lines.join(' ')}</p>`;
  }

  private timeline(o: Outcome) {
    const lang = this.lang;
    const t = tasksGatherText[lang];
    const n = (v: number) => formatNumber(v, lang);
    const narrow = this.width.narrow;
    // One time axis for every step of the slide (model.axisSpan): the clicks' differences stay visible.
    const span0 = this.axisSpan();
    const tl = timeline({
      width: this.width.width,
      minWidth: 300,
      maxWidth: 1400,
      labels: narrow ? 96 : 108,
      // presented, the axis's last label clear of the navigation arrows (bottom right), the lanes taller below it
      right: this.presenting ? 75 : 22,
      span: span0,
      presenting: this.presenting,
    });
    const { x, font: FONT, W } = tl;
    // The markers' labels above the lanes: "b fails" and "handler resumes", each beside its line; when both are
    // drawn, each on a row of its own ("b fails" above), so that they never overlap, whatever the latencies and the
    // language (a width estimated from the characters did not hold for bold text). Both rows are kept on every step,
    // so that the lanes stand still when a failure marker appears.
    // a marker's label's width, estimated generously (bold)
    const wide = (text: string) => text.length * FONT * 0.72;
    // (left of its line also where, drawn to the right, it would run past the edge: "обработчик продолжает" on a
    // phone; its width estimated generously, bold)
    const resumeRight = x(o.caller.end) > W * 0.6 || x(o.caller.end) + wide(t.resumes) > W;
    const showFailure = o.failureAt !== null && o.failureAt !== o.caller.end;
    const twoRows = true;
    const rowY = (row: 0 | 1) => FONT + row * (FONT + 6);
    const top = (twoRows ? 2 * FONT + 6 : FONT) + 8;
    // presented, the lanes take the stage's height below the handler (the timeline ends above the progress bar)
    const laneH = this.presenting ? 60 : 28;
    const gap = 6;
    const lanes = ['caller', ...CALLS] as const;
    const axisY = top + lanes.length * (laneH + gap);
    const mid = (y: number) => tl.mid(y, laneH);
    const laneY = (i: number) => top + i * (laneH + gap);
    const parts: SVGTemplateResult[] = [];
    const label = (x0: number, w: number, y: number, text: string, cls = 'bar-label') => {
      if (fits(tl, w, text)) parts.push(svg`<text class=${cls} x=${x0 + 5} y=${mid(y)}>${text}</text>`);
    };

    // caller: awaiting from 0 until it resumes
    const cy = laneY(0);
    parts.push(laneLabel(tl, cy, laneH, t.callerLane));
    parts.push(span(tl, { from: 0, to: o.caller.end, y: cy, h: laneH, cls: 'waiting', rx: 3, actor: 'task' }));
    label(x(0), x(o.caller.end) - x(0), cy, t.waiting, 'wait-label');

    CALLS.forEach((name: CallName, i) => {
      const c = o.calls[i]!;
      const y = laneY(i + 1);
      // presented, the lane is named by its call alone ("a"): the hall reads fewer words
      parts.push(laneLabel(tl, y, laneH, this.presenting ? name : t.callLane(name)));
      if (c.start === null || c.end === null || c.how === 'not_started') {
        parts.push(svg`<text class="note" x=${tl.left + 4} y=${mid(y)}>${t.notStarted}</text>`);
        return;
      }
      const x0 = x(c.start);
      const x1 = x(c.end);
      const how = c.how;
      if (c.unattended) {
        // the part after the caller gave up, hatched
        const xr = x(o.caller.end);
        parts.push(span(tl, { from: c.start, to: o.caller.end, y, h: laneH, rx: 3, fill: FILL.result, actor: 'task' }));
        parts.push(span(tl, { from: o.caller.end, to: c.end, y, h: laneH, rx: 3, cls: 'unattended', actor: 'task' }));
        label(xr, x1 - xr, y, t.unattended, 'note');
      } else {
        parts.push(
          span(tl, { from: c.start, to: c.end, y, h: laneH, rx: 3, fill: FILL[how], cls: how, actor: 'task' }),
        );
        label(x0, x1 - x0, y, t.ends[how], how === 'cancelled' ? 'note' : 'bar-label');
      }
      parts.push(svg`<text class="end-mark ${how}" x=${x1 + 3} y=${mid(y)}>${how === 'result' ? '✓' : '✗'}</text>`);
    });

    // A label beside its line, kept inside the drawing where it is wider than the room on either side (a phone).
    const marker = (at: number, cls: string, text: string, anchorRight: boolean, y: number) =>
      svg`<line class=${cls} x1=${x(at)} x2=${x(at)} y1=${y + 4} y2=${axisY}></line>
        <text class="marker-label ${cls}" x=${anchorRight ? Math.max(x(at) - 4, wide(text) + 2) : Math.min(x(at) + 4, W - wide(text) - 2)} y=${y} text-anchor=${anchorRight ? 'end' : 'start'}>${text}</text>`;
    const marks = niceTicks(tl.span, narrow || this.presenting ? 3 : 6);
    return timelineSvg(
      tl,
      axisY + axisRoom(tl),
      t.chartLabel(t.strategies[this.state.strategy], t.ms(n(o.caller.end)), o.caller.receives),
      svg`${timeAxis(tl, { marks, top, axisY, unit: t.msUnit, format: n })}
      ${parts}
      ${showFailure ? marker(o.failureAt, 'failure', t.failed, !resumeRight, rowY(0)) : nothing}
      ${marker(o.caller.end, 'resume', t.resumes, resumeRight, rowY(twoRows ? 1 : 0))}`,
    );
  }
}

customElements.define('hsw-tasks-gather', TasksGatherDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-tasks-gather': TasksGatherDemo;
  }
}
