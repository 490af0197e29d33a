import { html, nothing } from 'lit';
import { DemoElement } from '../ui/demo-element.ts';
import '../ui/labelled-slider.ts';
import '../ui/details.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { inline } from '../../lib/render-text.ts';
import { comparisonText } from './comparison-text.ts';
import { styles } from './comparison-styles.ts';
import * as model from './comparison-model.ts';
import {
  LIMITS,
  SPEAKER_SEQUENCE,
  applyPreset,
  fitAll,
  presetOf,
  setFlag,
  setNumber,
  type ComparisonState,
  type ModelId,
} from './comparison-model.ts';

/**
 * What each model runs a request on, in the deck's colour for that actor (--hsw-actor-*): an OS thread; the loop;
 * or a task of the runtime's own (a goroutine, a virtual thread, an Erlang process: continuations it schedules).
 */
const ACTOR: Record<ModelId, 'thread' | 'loop' | 'task'> = {
  threads: 'thread',
  loop: 'loop',
  goroutines: 'task',
  virtual: 'task',
  erlang: 'task',
};

/** Seed 004's table of the five models; describe a workload and the rows that fit light up, with their reasons. */
export class ComparisonDemo extends DemoElement<ComparisonState> {
  static override styles = styles;

  constructor() {
    super(model);
  }

  override render() {
    const lang = this.lang;
    const t = comparisonText[lang];
    const w = this.state.workload;
    const n = (v: number) => formatNumber(v, lang);
    const rows = fitAll(w);
    const current = presetOf(w);
    const good = rows.filter((r) => r.fit === 'good').map((r) => t.rows[r.model].name);
    const flag = (key: 'blockingLibs' | 'isolation' | 'latency') =>
      html`<label class="check">
        <input
          type="checkbox"
          .checked=${w[key]}
          @change=${(e: Event) => this.setState(setFlag(this.state, key, (e.target as HTMLInputElement).checked))}
        />
        ${t[key]}
      </label>`;

    const open = this.detailsOpen;
    // Presented, the workload the clicker chose heads the list: the step's question, then each model's answer.
    const workloadBox = html`<hsw-details
          class="workload-box"
          lang=${lang}
          .open=${open}
          label=${open ? t.workload : `${t.workload}: ${current ? t.presets[current] : t.customWorkload}`}
        >
          <div class="controls">
            <div class="presets" role="group" aria-label=${t.presetsGroup}>
              <span class="muted">${t.presetsGroup}:</span>
              ${SPEAKER_SEQUENCE.map(
                (name) =>
                  html`<button
                    type="button"
                    aria-pressed=${current === name ? 'true' : 'false'}
                    @click=${() => this.setState(applyPreset(this.state, name))}
                  >
                    ${t.presets[name]}
                  </button>`,
              )}
            </div>
            <div class="workload" role="group" aria-label=${t.workload}>
              <hsw-slider
                label=${t.connections}
                log
                integer
                min=${LIMITS.connections.min}
                max=${LIMITS.connections.max}
                .value=${w.connections}
                .format=${(v: number) => n(v)}
                @value-changed=${(e: CustomEvent<{ value: number }>) =>
                  this.setState(setNumber(this.state, 'connections', e.detail.value))}
              ></hsw-slider>
              <hsw-slider
                label=${t.cpuShare}
                integer
                min=${LIMITS.cpuShare.min}
                max=${LIMITS.cpuShare.max}
                step=${LIMITS.cpuShare.step}
                .value=${w.cpuShare}
                .format=${(v: number) => t.percent(n(v))}
                @value-changed=${(e: CustomEvent<{ value: number }>) =>
                  this.setState(setNumber(this.state, 'cpuShare', e.detail.value))}
              ></hsw-slider>
              <div class="flags">${flag('blockingLibs')} ${flag('isolation')} ${flag('latency')}</div>
            </div>
          </div>
        </hsw-details>`;
    return html`
      <section aria-label=${t.demoLabel}>
        ${open ? nothing : workloadBox}
        ${
          open
            ? nothing
            : html`<ul class="fits" aria-label=${t.head.fit}>
              ${rows.map(
                (r) =>
                  html`<li class="fit-${r.fit}" data-model=${r.model}>
                    <span class="who"
                      ><span class="name"
                        ><span class="actor" data-actor=${ACTOR[r.model]} aria-hidden="true"></span>${t.rows[r.model].name}</span
                      ><span class="why">${t.shortReasons[r.reasons[0] ?? 'go-fit']}</span></span
                    >
                    ${
                      r.fit === 'good'
                        ? html`<span class="badge"
                          ><span aria-hidden="true">✓</span><span class="sr-only">${t.fits.good}</span></span
                        >`
                        : html`<span class="badge">${t.fits[r.fit]}</span>`
                    }
                  </li>`,
              )}
            </ul>`
        }
        ${open ? workloadBox : nothing}
        <hsw-details lang=${lang} .open=${open} label=${t.tableLabel}>
          <table class="models">
            <thead>
              <tr>
                <th scope="col">${t.head.model}</th>
                <th scope="col">${t.head.memory}</th>
                <th scope="col">${t.head.preemption}</th>
                <th scope="col">${t.head.colors}</th>
                <th scope="col">${t.head.when}</th>
                <th scope="col">${t.head.fit}</th>
              </tr>
            </thead>
            <tbody>
              ${rows.map((r) => {
                const row = t.rows[r.model];
                return html`<tr class="fit-${r.fit}" data-model=${r.model}>
                  <th scope="row">
                    <span class="name">${row.name}</span>
                    <span class="examples">${row.examples}</span>
                  </th>
                  <td data-label=${t.head.memory}>${row.memory}</td>
                  <td data-label=${t.head.preemption}>${row.preemption}</td>
                  <td data-label=${t.head.colors}>${row.colors}</td>
                  <td data-label=${t.head.when}>${row.when}</td>
                  <td class="fit" data-label=${t.head.fit}>
                    <span class="badge">${t.fits[r.fit]}</span>
                    <span class="reason">${inline(t.reasons[r.reasons[0] ?? 'go-fit'])}</span>
                  </td>
                </tr>`;
              })}
            </tbody>
          </table>
        </hsw-details>
        <p class="summary ${open ? '' : 'sr-only'}" role="status">
          ${t.summary(good.length ? good.join(', ') : t.noneFits)}
        </p>
      </section>
    `;
  }
}

customElements.define('hsw-comparison', ComparisonDemo);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-comparison': ComparisonDemo;
  }
}
