import { html } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/labelled-slider.ts';
import '../ui/chart-panel.ts';
import '../ui/details.ts';
import type { ChartSpec } from '../ui/chart-panel.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import * as model from './c10k-model.ts';
import {
  GiB,
  KiB,
  MiB,
  RAM_CHOICES,
  RANGES,
  STACK_CHOICES,
  figures,
  memorySeries,
  type C10kInput,
  type StackPreset,
} from './c10k-model.ts';
import { styles } from './c10k-styles.ts';
import { c10kText, formatBytes, formatCount } from './c10k-text.ts';

/** Memory and switching cost of a thread per connection, against an event loop. Renders the model's figures. */
export class C10kDemo extends DemoElement<C10kInput> {
  static override styles = styles;

  constructor() {
    super(model);
  }

  /** Every control changes one input; the figures follow from the model. */
  private patch(change: Partial<C10kInput>): void {
    this.setState({ ...this.state, ...change });
  }

  override render() {
    const lang = this.lang;
    const t = c10kText[lang];
    const s = this.state;
    const f = figures(s);
    const open = this.detailsOpen;
    const n = (v: number, d = 0) => formatNumber(v, lang, d);
    const bytes = (v: number) => formatBytes(v, lang);
    const limit = f.firstLimit ?? f.lowestLimit;
    const limitText = f.firstLimit
      ? t.firstLimit(n(s.connections), t.limitNames[limit.name], n(limit.maxThreads))
      : t.noLimit(n(s.connections), t.limitNames[limit.name], n(limit.maxThreads));
    const coreDigits = f.threads.switchCoresHigh < 1 ? 2 : 1;
    const limitValue = (name: (typeof f.limits)[number]['name']): string => {
      if (name === 'max_map_count') return n(s.maxMapCount);
      if (name === 'ulimit-u') return '';
      return bytes(s.ram);
    };

    return html`
      <section aria-label=${t.demoLabel}>
        <div class="controls ${s.stackPreset === 'custom' ? 'custom' : ''}">
          <hsw-slider
            label=${t.connections}
            log
            integer
            min=${RANGES.connections.min}
            max=${RANGES.connections.max}
            .value=${s.connections}
            .format=${(v: number) => n(v)}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.patch({ connections: e.detail.value })}
          ></hsw-slider>
          <hsw-slider
            label=${t.requests}
            log
            min=${RANGES.requestsPerConnection.min}
            max=${RANGES.requestsPerConnection.max}
            .value=${s.requestsPerConnection}
            .format=${(v: number) => t.perSecond(n(v, 2))}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.patch({ requestsPerConnection: e.detail.value })}
          ></hsw-slider>
          <div class="field">
            <label for="stack">${t.stack}</label>
            <select id="stack" @change=${(e: Event) => this.patch({ stackPreset: (e.target as HTMLSelectElement).value as StackPreset })}>
              ${STACK_CHOICES.map(
                (p) => html`<option value=${p} ?selected=${s.stackPreset === p}>${t.stackPresets[p]}</option>`,
              )}
            </select>
          </div>
          ${
            s.stackPreset === 'custom'
              ? html`<hsw-slider
                label=${t.customStack}
                log
                integer
                min=${RANGES.customStack.min}
                max=${RANGES.customStack.max}
                .value=${s.customStack}
                .format=${bytes}
                @value-changed=${(e: CustomEvent<{ value: number }>) => this.patch({ customStack: e.detail.value })}
              ></hsw-slider>`
              : ''
          }
        </div>
        <hsw-details lang=${lang} .open=${open} label=${t.moreInputs}>
          <div class="controls">
          <hsw-slider
            label=${t.resident}
            log
            integer
            min=${RANGES.residentPerThread.min}
            max=${RANGES.residentPerThread.max}
            .value=${s.residentPerThread}
            .format=${bytes}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.patch({ residentPerThread: e.detail.value })}
          ></hsw-slider>
          <hsw-slider
            label=${t.state}
            log
            integer
            min=${RANGES.stateBytes.min}
            max=${RANGES.stateBytes.max}
            .value=${s.stateBytes}
            .format=${bytes}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.patch({ stateBytes: e.detail.value })}
          ></hsw-slider>
          <div class="field">
            <label for="ram">${t.ram}</label>
            <select id="ram" @change=${(e: Event) => this.patch({ ram: Number((e.target as HTMLSelectElement).value) * GiB })}>
              ${RAM_CHOICES.map((ram) => html`<option value=${ram / GiB} ?selected=${s.ram === ram}>${bytes(ram)}</option>`)}
            </select>
          </div>
          </div>
        </hsw-details>

        <hsw-details lang=${lang} .open=${open} label=${t.figuresLabel}>
        <table class="data">
          <thead>
            <tr>
              <th scope="col">${t.column.metric}</th>
              <th scope="col">${t.column.threads}</th>
              <th scope="col">${t.column.loop}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">${t.rows.threads}</th>
              <td class="threads">${n(s.connections)}</td>
              <td class="loop">1</td>
            </tr>
            <tr>
              <th scope="row">${t.rows.virtual}</th>
              <td class="threads" data-figure="thread-virtual">${bytes(f.threads.virtual)}</td>
              <td class="loop" data-figure="loop-virtual">${bytes(f.loop.virtual)}</td>
            </tr>
            <tr>
              <th scope="row">${t.rows.resident}</th>
              <td class="threads" data-figure="thread-resident">${bytes(f.threads.resident)}</td>
              <td class="loop" data-figure="loop-resident">${bytes(f.loop.resident)}</td>
            </tr>
            <tr>
              <th scope="row">${t.rows.switches}</th>
              <td class="threads" data-figure="switches">${t.perSecond(n(f.threads.switchesPerSecond))}</td>
              <td class="loop">${t.noSwitches}</td>
            </tr>
            <tr>
              <th scope="row">${t.rows.switchCpu}</th>
              <td class="threads" data-figure="switch-cpu">${t.cores(n(f.threads.switchCoresLow, coreDigits), n(f.threads.switchCoresHigh, coreDigits))}</td>
              <td class="loop">${t.noSwitches}</td>
            </tr>
          </tbody>
        </table>
        </hsw-details>

        <p class="callout ${f.firstLimit ? 'bad' : 'warn'}" role="status">${limitText}</p>

        <div class="lower">
          <hsw-chart
            .lang=${lang}
            .load=${this.near || this.active}
            label=${t.chartLabel(n(s.connections))}
            .spec=${this.chartSpec(lang)}
          ></hsw-chart>
          <hsw-details class="ceilings" lang=${lang} .open=${open} label=${t.limitsCaption}>
            <ul class="limits">
              ${[...f.limits]
                .sort((a, b) => a.maxThreads - b.maxThreads)
                .map(
                  (l) =>
                    html`<li class=${s.connections > l.maxThreads ? 'hit' : ''}>
                      <code>${t.limitNames[l.name]}</code> ≤ ${n(l.maxThreads)}: ${t.limitWhy[l.name](limitValue(l.name))}
                    </li>`,
                )}
            </ul>
          </hsw-details>
        </div>
      </section>
    `;
  }

  private chartSpec(lang: Lang): ChartSpec {
    const t = c10kText[lang];
    const s = this.state;
    const series = memorySeries(s);
    const f = figures(s);
    const pts = (xs: number[], ys: number[]) => xs.map((x, i) => ({ x, y: ys[i] ?? 0 }));
    // the threads stop at the kernel's lowest ceiling: no curve and no marker for threads past it
    const threadsStand = s.connections <= f.lowestLimit.maxThreads;
    // one scale for every speaker step (the largest of them reaches 256 GiB), wider only if the person's inputs need it
    const all = [...series.threadVirtual, ...series.loopResident, ...series.threadResident];
    const yMin = Math.min(256 * KiB, ...all);
    const yMax = Math.max(1024 * GiB, ...all);
    return {
      x: {
        title: t.chartX,
        log: true,
        min: RANGES.connections.min,
        max: RANGES.connections.max,
        ticks: [10, 100, 1000, 10_000, 100_000, 1_000_000],
        format: (v) => formatCount(v, lang),
      },
      y: {
        title: t.chartY,
        log: true,
        min: yMin,
        max: yMax,
        ticks: [MiB, 32 * MiB, GiB, 32 * GiB, 1024 * GiB, 32 * 1024 * GiB],
        format: (v) => formatBytes(v, lang),
      },
      series: [
        {
          label: t.seriesThreadVirtual,
          points: pts(series.threadConnections, series.threadVirtual),
          color: '--hsw-series-1',
          dashed: true,
        },
        {
          label: t.seriesThreadResident,
          points: pts(series.threadConnections, series.threadResident),
          color: '--hsw-series-1',
        },
        { label: t.seriesLoop, points: pts(series.connections, series.loopResident), color: '--hsw-series-2' },
        {
          label: t.seriesNow,
          marker: true,
          color: '--hsw-series-3',
          points: [
            ...(threadsStand
              ? [
                  { x: s.connections, y: f.threads.virtual },
                  { x: s.connections, y: f.threads.resident },
                ]
              : []),
            { x: s.connections, y: f.loop.resident },
          ],
        },
      ],
    };
  }
}

customElements.define('hsw-c10k', C10kDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-c10k': C10kDemo;
  }
}
