import { LitElement, html, nothing, svg } from 'lit';
import type { Lang } from '../../../lib/i18n.ts';
import { prefersReducedMotion } from '../../../lib/motion.ts';
import { styleProps } from '../../ui/style-props.ts';
import {
  PHASES,
  phaseIndex,
  sceneLabels,
  scene as makeScene,
  shownQueue,
  type Chip,
  type Flavour,
  type FutureView,
  type Region,
  type Scene,
  type TimerChip,
} from './loop-picture-model.ts';
import { loopPictureText } from './loop-picture-text.ts';
import { loopPictureStyles } from './loop-picture-styles.ts';

/** How long a chip takes to move from one region to another (and the ring's hand to turn). */
const MOVE_MS = 350;
/** The ring's circle: its radius in % of the ring's box; the phases' labels sit around it, a little further out. */
const RADIUS = 28;
const LABEL_X = 32;
const LABEL_Y = 42;
/**
 * Where the first phase sits, in degrees clockwise from the top: the talk's four steps sit on the diagonals, so that
 * no label sits beside the clock in the middle.
 */
const START: Record<Flavour, number> = { simple: 45, node: 0, cpython: 0 };
/** The picture shows at most this many of the callbacks that ran, the most recent last. */
const RAN_SHOWN = 3;

/**
 * `<hsw-loop-picture .scene=${scene} lang=…>`: the one picture of the event loop (loop-picture-model.ts). Thin: it
 * draws the scene; when the next scene moves a chip (the same id in another place), the chip slides there in 350 ms
 * (a new one fades in), none under prefers-reduced-motion. Animations go through the Web Animations API, never a
 * style attribute (the deck's Content Security Policy).
 */
export class LoopPicture extends LitElement {
  static override properties = {
    scene: { attribute: false },
    lang: { reflect: true },
  };
  static override styles = loopPictureStyles;

  declare scene: Scene;
  declare lang: Lang;

  /** Where each chip was drawn before this update (screen boxes, by chip id). */
  private boxesBefore = new Map<string, DOMRect>();
  /** The hand's angle so far: it only ever turns forward, as the loop does. */
  private turn = 0;

  constructor() {
    super();
    this.scene = makeScene({ flavour: 'simple' });
    this.lang = 'en';
  }

  private chipElements(): HTMLElement[] {
    return [...(this.renderRoot.querySelectorAll?.('[data-chip]') ?? [])] as HTMLElement[];
  }

  protected override willUpdate(): void {
    const i = phaseIndex(this.scene);
    if (i >= 0) {
      const target = START[this.scene.flavour] + (360 * i) / PHASES[this.scene.flavour].length;
      this.turn += (((target - this.turn) % 360) + 360) % 360;
    }
    this.boxesBefore = new Map();
    if (!this.hasUpdated) return;
    for (const el of this.chipElements()) this.boxesBefore.set(el.dataset.chip!, el.getBoundingClientRect());
  }

  protected override updated(): void {
    if (this.boxesBefore.size === 0 || prefersReducedMotion()) return;
    for (const el of this.chipElements()) {
      const now = el.getBoundingClientRect();
      const was = this.boxesBefore.get(el.dataset.chip!);
      // reveal scales the slide: a translation in the chip's own pixels is the screen's divided by that scale
      const scale = el.offsetWidth > 0 ? now.width / el.offsetWidth : 1;
      if (!was) {
        el.animate(
          [
            { opacity: 0, transform: 'scale(0.6)' },
            { opacity: 1, transform: 'none' },
          ],
          {
            duration: MOVE_MS,
            easing: 'ease-out',
          },
        );
        continue;
      }
      const dx = (was.left - now.left) / scale;
      const dy = (was.top - now.top) / scale;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
        duration: MOVE_MS,
        easing: 'ease-in-out',
      });
    }
  }

  private lit(region: Region): string {
    return this.scene.lit.includes(region) ? 'lit' : '';
  }

  private chip(c: Chip, text = c.label, extra = '') {
    const cls = `chip ${c.actor} ${c.lit ? 'lit' : ''} ${c.suspended ? 'suspended' : ''} ${extra}`;
    return html`<li class=${cls} data-chip=${c.id}>${text}</li>`;
  }

  /** A future: the box (hollow while pending), the frozen frames attached to it, then its done-callbacks. */
  private future(f: FutureView, labels: ReturnType<typeof sceneLabels>) {
    const callbacks = f.callbacks ?? [];
    return html`<li class="future" data-future=${f.id}>
      <ol class="lane">
        ${this.chip(f, f.label, `fut ${f.done ? 'done' : 'pending'}`)} ${(f.waiters ?? []).map((c) => this.chip(c))}
      </ol>
      ${
        callbacks.length
          ? html`<span class="name">${labels.callbacks}:</span>
              <ol class="lane">
                ${callbacks.map((c) => this.chip(c))}
              </ol>`
          : nothing
      }
    </li>`;
  }

  private lane(region: Region, title: string, list: readonly Chip[]) {
    const id = `lp-${region}`;
    return html`<section class="region ${region} ${this.lit(region)}">
      <h4 id=${id}>${title}</h4>
      <ol class="lane" aria-labelledby=${id}>
        ${list.map((c) => this.chip(c))}
      </ol>
    </section>`;
  }

  private ring(labels: ReturnType<typeof sceneLabels>) {
    const s = this.scene;
    const t = loopPictureText[this.lang];
    const phases = PHASES[s.flavour];
    const at = phaseIndex(s);
    return html`<div
      class="ring ${s.asleep ? 'asleep' : ''} ${at < 0 ? 'idle' : ''}"
      style=${styleProps({ '--turn': `${this.turn}deg` })}
    >
      <svg viewBox="0 0 100 100" preserveAspectRatio="xMidYMid meet" aria-hidden="true">
        ${svg`<circle cx="50" cy="50" r="${RADIUS}"></circle>
        <line class="hand" x1="50" y1="${50 - 16}" x2="50" y2="${50 - RADIUS + 3}"></line>`}
      </svg>
      <ol class="lane" aria-label=${labels.loop}>
        ${phases.map((p, i) => {
          const angle = (2 * Math.PI * i) / phases.length + (Math.PI * START[s.flavour]) / 180;
          return html`<li
            class="phase ${i === at ? 'now' : ''}"
            aria-current=${i === at ? 'step' : 'false'}
            data-phase=${p}
            style=${styleProps({
              left: `${50 + LABEL_X * Math.sin(angle)}%`,
              top: `${50 - LABEL_Y * Math.cos(angle)}%`,
            })}
          >
            ${labels.phases[i]}
          </li>`;
        })}
      </ol>
      <p class="centre">
        ${s.now === null ? nothing : html`<span class="clock">${t.clock(s.now)}</span>`}
        ${s.asleep ? html`<span class="zzz">${labels.asleep}</span>` : nothing}
      </p>
    </div>`;
  }

  override render() {
    const s = this.scene;
    const t = loopPictureText[this.lang];
    const labels = sceneLabels(s.flavour, this.lang);
    const ran = s.ran.slice(-RAN_SHOWN);
    return html`<figure
      class="picture ${labels.microtasks === null ? 'no-micro' : ''} ${s.pool === null ? '' : 'with-pool'} ${s.futures === null ? '' : 'with-futures'} flavour-${s.flavour}"
      aria-label=${t.label}
    >
      <section class="region stack ${this.lit('stack')}">
        <h4 id="lp-stack">${labels.stack}</h4>
        ${ran.length ? html`<p class="ran">${labels.ran}: ${ran.map((r) => html`<span class="done">${r}</span> `)}</p>` : nothing}
        <ol class="frames" aria-labelledby="lp-stack">
          ${s.stack.map((c) => this.chip(c))}
        </ol>
      </section>
      <section class="region loop ${this.lit('loop')}">${this.ring(labels)}</section>
      <section class="region timers ${this.lit('timers')}">
        <h4 id="lp-timers">${labels.timers}</h4>
        <ol class="lane" aria-labelledby="lp-timers">
          ${s.timers.map((c: TimerChip) => this.chip(c, `${c.label} · ${c.due}`))}
        </ol>
      </section>
      ${this.lane('macrotasks', labels.macrotasks, s.macrotasks)}
      ${labels.microtasks === null ? nothing : this.lane('microtasks', labels.microtasks, s.microtasks)}
      ${
        s.futures === null
          ? nothing
          : html`<section class="region futures ${this.lit('futures')}">
              <h4 id="lp-futures">${s.futuresName ?? labels.futures}</h4>
              <ul class="future-list" aria-labelledby="lp-futures">
                ${s.futures.map((f) => this.future(f, labels))}
              </ul>
            </section>`
      }
      <section class="region kernel ${this.lit('kernel')}">
        <h4 id="lp-kernel">${labels.kernel}</h4>
        <ul class="sockets" aria-labelledby="lp-kernel">
          ${s.sockets.map((k) => html`<li class="socket ${k.state}" data-socket=${k.id}>${k.label}</li>`)}
        </ul>
        <div class="ready-list">
          <span class="name" id="lp-ready">${labels.readyList}</span>
          <ol class="lane" aria-labelledby="lp-ready">
            ${s.readyList.map((c) => this.chip(c))}
          </ol>
        </div>
      </section>
      ${s.pool === null ? nothing : this.pool(s.pool, labels)}
    </figure>`;
  }

  /**
   * The thread pool, under the kernel band: its queue (the next few chips and a count of the rest) and a lane per
   * thread, holding the chip it runs or empty; many threads wrap into rows of lanes.
   */
  private pool(threads: readonly (Chip | null)[], labels: ReturnType<typeof sceneLabels>) {
    const t = loopPictureText[this.lang];
    const queue = shownQueue(this.scene.poolQueue);
    return html`<section class="region pool ${this.lit('pool')} ${this.lit('poolQueue') ? 'queue-lit' : ''}">
      <h4 id="lp-pool">${this.scene.poolName ?? labels.pool}</h4>
      <div class="pool-queue">
        <span class="name" id="lp-pool-queue">${labels.poolQueue}</span>
        <ol class="lane" aria-labelledby="lp-pool-queue">
          ${queue.shown.map((c) => this.chip(c))}
          ${queue.more > 0 ? html`<li class="more">${t.more(queue.more)}</li>` : nothing}
        </ol>
      </div>
      <ol class="threads" aria-labelledby="lp-pool" style=${styleProps({ '--lanes': String(Math.min(threads.length, 8)) })}>
        ${threads.map((c, i) => html`<li class="worker ${c ? '' : 'idle'}" data-thread=${i}>${c ? html`<ol class="lane">${this.chip(c)}</ol>` : nothing}</li>`)}
      </ol>
    </section>`;
  }
}

customElements.define('hsw-loop-picture', LoopPicture);

declare global {
  interface HTMLElementTagNameMap {
    'hsw-loop-picture': LoopPicture;
  }
}
