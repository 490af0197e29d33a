import { css, html } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import { controlStyles } from '../ui/theme.ts';
import '../ui/labelled-slider.ts';
import '../ui/chart-panel.ts';
import type { ChartSpec } from '../ui/chart-panel.ts';
import { formatNumber, type Lang } from '../../lib/i18n.ts';
import { c10kText } from './c10k-text.ts';
import {
  DEFAULT_INPUT,
  GiB,
  KiB,
  MiB,
  binaryUnit,
  figures,
  inputForStep,
  memorySeries,
  type C10kInput,
  type StackPreset,
} from './c10k-model.ts';

const RAM_CHOICES = [4, 16, 64, 256] as const;

/** Memory and switching cost of a thread per connection, against an event loop. */
export class C10kDemo extends DemoElement<C10kInput> {
  static override styles = [
    controlStyles,
    css`
      :host {
        display: block;
        container-type: inline-size;
        font-size: 20px;
      }
      .controls {
        display: grid;
        grid-template-columns: repeat(3, minmax(0, 1fr));
        gap: 0.5em 1em;
        align-items: end;
      }
      .field label {
        display: block;
        font-size: 0.85em;
      }
      .field select {
        width: 100%;
        margin-top: 0.2em;
      }
      table {
        border-collapse: collapse;
        width: 100%;
        margin-top: 0.6em;
        font-size: 0.85em;
        font-variant-numeric: tabular-nums;
      }
      th,
      td {
        text-align: right;
        padding: 0.15em 0.4em;
        border-bottom: 1px solid var(--hsw-border);
      }
      th:first-child,
      td:first-child {
        text-align: left;
      }
      thead th {
        color: var(--hsw-muted);
        font-weight: 600;
      }
      td.threads {
        color: var(--hsw-bad-text);
        font-weight: 600;
      }
      td.loop {
        color: var(--hsw-good-text);
        font-weight: 600;
      }
      .limit {
        margin: 0.5em 0 0.3em;
        padding: 0.35em 0.6em;
        border-left: 4px solid var(--hsw-warn);
        background: var(--hsw-panel);
        font-size: 0.85em;
      }
      .limit.hit {
        border-left-color: var(--hsw-bad);
      }
      .lower {
        display: grid;
        grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr);
        gap: 0.8em;
        align-items: start;
      }
      ul.limits {
        list-style: none;
        margin: 0;
        padding: 0;
        font-size: 0.72em;
      }
      ul.limits li {
        padding: 0.2em 0;
        line-height: 1.3;
        color: var(--hsw-muted);
      }
      ul.limits li.hit {
        color: var(--hsw-bad-text);
        font-weight: 600;
      }
      ul.limits code {
        font-family: var(--hsw-mono);
        color: var(--hsw-fg);
      }
      .caption {
        font-size: 0.72em;
        color: var(--hsw-muted);
        margin: 0.2em 0;
      }
      hsw-chart {
        --hsw-chart-height: 210px;
      }
      @container (max-width: 620px) {
        .controls {
          grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        }
        .lower {
          grid-template-columns: minmax(0, 1fr);
        }
      }
    `,
  ];

  protected override initialState(): C10kInput {
    return { ...DEFAULT_INPUT };
  }

  protected override stateForStep(step: number): C10kInput {
    return inputForStep(step);
  }

  private update_(patch: Partial<C10kInput>): void {
    this.setState({ ...this.state, ...patch });
  }

  private bytes(value: number, lang: Lang): string {
    const { value: v, unit } = binaryUnit(value);
    const digits = v >= 100 ? 0 : v >= 10 ? 1 : 2;
    return `${formatNumber(v, lang, digits)} ${c10kText[lang].units[unit]}`;
  }

  override render() {
    const lang = this.locale;
    const t = c10kText[lang];
    const s = this.state;
    const f = figures(s);
    const n = (v: number, d = 0) => formatNumber(v, lang, d);
    const bytes = (v: number) => this.bytes(v, lang);
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
        <div class="controls">
          <hsw-slider
            label=${t.connections}
            log
            integer
            min="10"
            max="1000000"
            .value=${s.connections}
            .format=${(v: number) => n(v)}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.update_({ connections: e.detail.value })}
          ></hsw-slider>
          <hsw-slider
            label=${t.requests}
            log
            min="0.01"
            max="100"
            .value=${s.requestsPerConnection}
            .format=${(v: number) => t.perSecond(n(v, 2))}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.update_({ requestsPerConnection: e.detail.value })}
          ></hsw-slider>
          <div class="field">
            <label for="stack">${t.stack}</label>
            <select id="stack" @change=${(e: Event) => this.update_({ stackPreset: (e.target as HTMLSelectElement).value as StackPreset })}>
              ${(['linux', 'java', 'custom'] as const).map(
                (p) => html`<option value=${p} ?selected=${s.stackPreset === p}>${t.stackPresets[p]}</option>`,
              )}
            </select>
          </div>
          ${s.stackPreset === 'custom'
            ? html`<hsw-slider
                label=${t.customStack}
                log
                integer
                min=${64 * KiB}
                max=${16 * MiB}
                .value=${s.customStack}
                .format=${bytes}
                @value-changed=${(e: CustomEvent<{ value: number }>) => this.update_({ customStack: e.detail.value })}
              ></hsw-slider>`
            : ''}
          <hsw-slider
            label=${t.resident}
            log
            integer
            min=${4 * KiB}
            max=${1 * MiB}
            .value=${s.residentPerThread}
            .format=${bytes}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.update_({ residentPerThread: e.detail.value })}
          ></hsw-slider>
          <hsw-slider
            label=${t.state}
            log
            integer
            min="256"
            max=${16 * KiB}
            .value=${s.stateBytes}
            .format=${bytes}
            @value-changed=${(e: CustomEvent<{ value: number }>) => this.update_({ stateBytes: e.detail.value })}
          ></hsw-slider>
          <div class="field">
            <label for="ram">${t.ram}</label>
            <select id="ram" @change=${(e: Event) => this.update_({ ram: Number((e.target as HTMLSelectElement).value) * GiB })}>
              ${RAM_CHOICES.map((g) => html`<option value=${g} ?selected=${s.ram === g * GiB}>${bytes(g * GiB)}</option>`)}
            </select>
          </div>
        </div>

        <table>
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

        <p class="limit ${f.firstLimit ? 'hit' : ''}" role="status">${limitText}</p>

        <div class="lower">
          <hsw-chart
            .locale=${lang}
            .load=${this.near || this.active}
            label=${t.chartLabel(n(s.connections))}
            .spec=${this.chartSpec(lang)}
          ></hsw-chart>
          <div>
            <p class="caption">${t.limitsCaption}</p>
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
          </div>
        </div>
      </section>
    `;
  }

  private chartSpec(lang: Lang): ChartSpec {
    const t = c10kText[lang];
    const s = this.state;
    const series = memorySeries(s);
    const f = figures(s);
    const pts = (ys: number[]) => series.connections.map((x, i) => ({ x, y: ys[i] ?? 0 }));
    return {
      x: { title: t.chartX, log: true, min: 10, max: 1_000_000, ticks: [10, 100, 1000, 10_000, 100_000, 1_000_000], format: (v) => formatNumber(v, lang) },
      y: { title: t.chartY, log: true, ticks: [MiB, 32 * MiB, GiB, 32 * GiB, 1024 * GiB, 32 * 1024 * GiB], format: (v) => this.bytes(v, lang) },
      series: [
        { label: t.seriesThreadVirtual, points: pts(series.threadVirtual), color: '--hsw-series-1', dashed: true },
        { label: t.seriesThreadResident, points: pts(series.threadResident), color: '--hsw-series-1' },
        { label: t.seriesLoop, points: pts(series.loopResident), color: '--hsw-series-2' },
        {
          label: t.seriesNow,
          marker: true,
          color: '--hsw-series-3',
          points: [
            { x: s.connections, y: f.threads.virtual },
            { x: s.connections, y: f.threads.resident },
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
