import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { NARROW_PX } from './breakpoints.ts';

export interface WidthOptions {
  /** The width `width` reports until the host has been measured (and where there is no ResizeObserver). */
  readonly fallback: number;
  /** Redraw the host when its width changes by more than this many pixels (a drawing whose viewBox follows it). */
  readonly redrawAfter: number;
  /**
   * The element whose width `width` reports, in the host's render (a drawing's box in one column of two), found after
   * each update; the host's own content box without it.
   */
  readonly of?: () => Element | null | undefined;
}

/**
 * Whether a demo is laid out narrow (a phone): true while the host's content box is narrower than `below`
 * pixels. Layout only, never demo state. CSS container queries do the rest; use this where the template itself
 * must change. With `trackWidth`, it also reports the content box's width (`width`, rounded) and redraws the host
 * when it changes, for a drawing sized to the demo (a timeline whose text stays the same size).
 */
export class NarrowController implements ReactiveController {
  private observer: ResizeObserver | undefined;
  private measured: Element | undefined;
  private _narrow = false;
  private _width: number;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly below = NARROW_PX,
    private readonly trackWidth?: WidthOptions,
  ) {
    this._width = trackWidth?.fallback ?? 0;
    host.addController(this);
  }

  get narrow(): boolean {
    return this._narrow;
  }

  /** The host's content width in pixels (`trackWidth.fallback` until measured; 0 without `trackWidth`). */
  get width(): number {
    return this._width;
  }

  hostConnected(): void {
    if (typeof ResizeObserver === 'undefined') return;
    this.observer = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const width = entry.contentRect.width;
        if (entry.target === this.host) {
          const narrow = width > 0 && width < this.below;
          changed ||= narrow !== this._narrow;
          this._narrow = narrow;
        }
        const w = Math.round(width);
        if (entry.target === (this.measured ?? this.host) && this.trackWidth && w > 0) {
          if (Math.abs(w - this._width) > this.trackWidth.redrawAfter) {
            this._width = w;
            changed = true;
          }
        }
      }
      if (changed) this.host.requestUpdate();
    });
    this.observer.observe(this.host);
  }

  hostUpdated(): void {
    const box = this.trackWidth?.of?.() ?? undefined;
    if (!this.observer || box === this.measured) return;
    if (this.measured) this.observer.unobserve(this.measured);
    this.measured = box;
    if (box) this.observer.observe(box);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.measured = undefined;
  }
}
