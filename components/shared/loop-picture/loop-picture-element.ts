import { LitElement, html, nothing, svg } from 'lit';
import type { Lang } from '../../../lib/i18n.ts';
import { prefersReducedMotion } from '../../../lib/motion.ts';
import { styleProps } from '../../ui/style-props.ts';
import {
  PHASES,
  REGION_ACTOR,
  phaseIndex,
  sceneLabels,
  scene as makeScene,
  shownQueue,
  type Actor,
  type Chip,
  type Flavour,
  type FutureView,
  type Region,
  type Scene,
  type SocketView,
  type TimerChip,
} from './loop-picture-model.ts';
import { loopPictureText } from './loop-picture-text.ts';
import { loopPictureStyles } from './loop-picture-styles.ts';
import { handRoom, ringLayout } from './loop-picture-ring.ts';

/** How long a chip takes to move from one region to another (and the ring's hand to turn). */
const MOVE_MS = 350;
/** The space (px) between the ring's stroke and a phase's label, and between a label and the region's edge. */
const RING_GAP = 4;
/**
 * Where the first phase sits, in degrees clockwise from the top: the talk's four steps sit on the diagonals, so that
 * no label sits beside the clock in the middle.
 */
const START: Record<Flavour, number> = { simple: 45, node: 0, cpython: 0 };
/** A socket is the kernel's; once bytes are in its buffer, it is drawn as I/O data. */
const socketActor = (k: SocketView): Actor => (k.state === 'data' || k.state === 'ready' ? 'io' : 'kernel');
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

  /**
   * Where each chip was drawn after the last update (by chip id, screen pixels from the figure's corner), and the
   * figure's width then. Read once an update, after it renders: read before it (in willUpdate), each clicker press
   * forced a style and layout pass of everything the elements above the picture had just rendered, and then another
   * one after it (tests/e2e/press-work.spec.ts counts reads before a render).
   */
  private drawn: { w: number; chips: Map<string, { x: number; y: number }> } | null = null;
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
  }

  /** The ring is laid out to its region's size (placeRing): again whenever that size changes. */
  private readonly resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.placeRing());
  private observedRing: Element | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resized?.disconnect();
    this.observedRing = null;
  }

  /**
   * The circle as large as the loop region allows with every phase's label outside it and inside the region
   * (loop-picture-ring.ts), on the labels' measured boxes: they differ with the flavour, the language and the font.
   */
  private placeRing(): void {
    const ring = this.renderRoot.querySelector<HTMLElement>('.ring');
    const svgEl = ring?.querySelector('svg');
    const circle = svgEl?.querySelector('circle');
    const hand = svgEl?.querySelector('line');
    if (!ring || !svgEl || !circle || !hand) return;
    const w = ring.clientWidth;
    const h = ring.clientHeight;
    if (w === 0 || h === 0) return;
    const items = [...ring.querySelectorAll<HTMLElement>('.phase')];
    const start = (Math.PI * START[this.scene.flavour]) / 180;
    const angles = items.map((_, i) => start + (2 * Math.PI * i) / items.length);
    const stroke = parseFloat(getComputedStyle(circle).strokeWidth) || 0;
    // The centre at its widest so far: both its lines (the clock and "asleep" are always there, hidden when not
    // shown), the widest clock shown; the circle holds it with the hand between it and the stroke.
    const centreEl = ring.querySelector<HTMLElement>('.centre');
    if (centreEl) this.centreWidth = Math.max(this.centreWidth, centreEl.offsetWidth);
    const centre = centreEl ? { w: this.centreWidth, h: centreEl.offsetHeight } : undefined;
    const layout = ringLayout(
      { w, h },
      items.map((el) => ({ w: el.offsetWidth, h: el.offsetHeight })),
      angles,
      { stroke, gap: RING_GAP, ...(centre ? { centre } : {}) },
    );
    const [cx, cy, r] = [w / 2, h / 2, layout.r];
    // the hand from just outside the centre's box to just inside the stroke (its usual share of a large circle)
    const clear = centre ? handRoom(centre, { stroke, gap: RING_GAP }) - 1.5 * stroke - RING_GAP : 0;
    const inner = Math.max(0.57 * r, clear);
    const outer = Math.max(inner, Math.min(0.89 * r, r - stroke / 2 - RING_GAP));
    svgEl.setAttribute('viewBox', `0 0 ${w} ${h}`);
    for (const [k, v] of [
      ['cx', cx],
      ['cy', cy],
      ['r', r],
    ] as const)
      circle.setAttribute(k, String(v));
    for (const [k, v] of [
      ['x1', cx],
      ['x2', cx],
      ['y1', cy - inner],
      ['y2', cy - outer],
    ] as const)
      hand.setAttribute(k, String(v));
    items.forEach((el, i) => {
      el.style.left = `${layout.labels[i]!.x}px`;
      el.style.top = `${layout.labels[i]!.y}px`;
    });
  }

  /** The flavour and language the ring was last laid out for: its labels change only with them. */
  private ringFor = '';
  /** The widest the centre (the clock) has been since: the ring is laid out again when a wider clock shows. */
  private centreWidth = 0;

  protected override updated(): void {
    const ring = this.renderRoot.querySelector('.ring');
    if (ring !== this.observedRing && this.resized) {
      this.resized.disconnect();
      if (ring) this.resized.observe(ring);
      this.observedRing = ring;
    }
    // The labels' sizes change with the flavour and the language only (a lit phase keeps its size); a resize of the
    // region is the ResizeObserver's. Laying the ring out on every step would read layout on every press.
    const key = `${this.scene.flavour}/${this.lang}`;
    const centre = this.renderRoot.querySelector<HTMLElement>('.ring .centre');
    if (key !== this.ringFor) {
      this.ringFor = key;
      this.centreWidth = 0;
      this.placeRing();
    } else if (centre && centre.offsetWidth > this.centreWidth + 0.5) this.placeRing();
    const before = this.drawn;
    this.drawn = null;
    const figure = this.renderRoot.querySelector('figure');
    if (!figure || prefersReducedMotion()) return;
    // Every chip's place is read first, then every animation started: reading a box after an animation has started
    // would lay the picture out again, once per chip.
    const f = figure.getBoundingClientRect();
    if (f.width === 0 || f.height === 0) return;
    const moves = this.chipElements().map((el) => {
      const box = el.getBoundingClientRect();
      // reveal scales the slide: a translation in the chip's own pixels is the screen's divided by that scale
      const scale = el.offsetWidth > 0 ? box.width / el.offsetWidth : 1;
      const now = { x: box.left - f.left, y: box.top - f.top };
      return { el, now, scale, was: before?.chips.get(el.dataset.chip!) };
    });
    this.drawn = { w: f.width, chips: new Map(moves.map(({ el, now }) => [el.dataset.chip!, now])) };
    // nothing drawn before, or the figure has another width since (the window, the slide's scale): nothing to slide
    if (!before || before.chips.size === 0 || before.w !== f.width) return;
    for (const { el, now, scale, was } of moves) {
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
      const dx = (was.x - now.x) / scale;
      const dy = (was.y - now.y) / scale;
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
    return html`<li class=${cls} data-chip=${c.id} data-actor=${c.actor}>${text}</li>`;
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
    return html`<section class="region ${region} ${this.lit(region)}" data-actor=${REGION_ACTOR[region]}>
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
      <svg aria-hidden="true">
        ${svg`<circle data-actor="loop"></circle>
        <line class="hand"></line>`}
      </svg>
      <ol class="lane" aria-label=${labels.loop}>
        ${phases.map(
          (p, i) =>
            html`<li class="phase ${i === at ? 'now' : ''}" aria-current=${i === at ? 'step' : 'false'} data-phase=${p}>
              ${labels.phases[i]}
            </li>`,
        )}
      </ol>
      <p class="centre">
        <span class="clock ${s.now === null ? 'off' : ''}">${t.clock(s.now ?? 0)}</span>
        <span class="zzz ${s.asleep ? '' : 'off'}">${labels.asleep}</span>
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
      <section class="region stack ${this.lit('stack')}" data-actor=${REGION_ACTOR.stack}>
        <h4 id="lp-stack">${labels.stack}</h4>
        ${ran.length ? html`<p class="ran">${labels.ran}: ${ran.map((r) => html`<span class="done">${r}</span> `)}</p>` : nothing}
        <ol class="frames" aria-labelledby="lp-stack">
          ${s.stack.map((c) => this.chip(c))}
        </ol>
      </section>
      <section class="region loop ${this.lit('loop')}" data-actor=${REGION_ACTOR.loop}>${this.ring(labels)}</section>
      <section class="region timers ${this.lit('timers')}" data-actor=${REGION_ACTOR.timers}>
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
          : html`<section class="region futures ${this.lit('futures')}" data-actor=${REGION_ACTOR.futures}>
              <h4 id="lp-futures">${s.futuresName ?? labels.futures}</h4>
              <ul class="future-list" aria-labelledby="lp-futures">
                ${s.futures.map((f) => this.future(f, labels))}
              </ul>
            </section>`
      }
      <section class="region kernel ${this.lit('kernel')}" data-actor=${REGION_ACTOR.kernel}>
        <h4 id="lp-kernel">${labels.kernel}</h4>
        <ul class="sockets" aria-labelledby="lp-kernel">
          ${s.sockets.map((k) => html`<li class="socket ${k.state}" data-socket=${k.id} data-actor=${socketActor(k)}>${k.label}</li>`)}
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
    return html`<section
      class="region pool ${this.lit('pool')} ${this.lit('poolQueue') ? 'queue-lit' : ''}"
      data-actor=${REGION_ACTOR.pool}
    >
      <h4 id="lp-pool">${this.scene.poolName ?? labels.pool}</h4>
      <div class="pool-queue">
        <span class="name" id="lp-pool-queue">${labels.poolQueue}</span>
        <ol class="lane" aria-labelledby="lp-pool-queue">
          ${queue.shown.map((c) => this.chip(c))}
          ${queue.more > 0 ? html`<li class="more">${t.more(queue.more)}</li>` : nothing}
        </ol>
      </div>
      <ol class="threads" aria-labelledby="lp-pool" style=${styleProps({ '--lanes': String(Math.min(threads.length, 8)) })}>
        ${threads.map((c, i) => html`<li class="worker ${c ? '' : 'idle'}" data-thread=${i} data-actor="thread">${c ? html`<ol class="lane">${this.chip(c)}</ol>` : nothing}</li>`)}
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
