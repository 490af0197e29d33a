import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { NARROW_PX } from './breakpoints.ts';

/**
 * Whether a demo is laid out narrow (a phone): true while the host's content box is narrower than `below`
 * pixels. Layout only, never demo state. CSS container queries do the rest; use this where the template itself
 * must change.
 */
export class NarrowController implements ReactiveController {
  private observer: ResizeObserver | undefined;
  private _narrow = false;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly below = NARROW_PX,
  ) {
    host.addController(this);
  }

  get narrow(): boolean {
    return this._narrow;
  }

  hostConnected(): void {
    if (typeof ResizeObserver === 'undefined') return;
    this.observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width ?? this.below;
      const narrow = width > 0 && width < this.below;
      if (narrow !== this._narrow) {
        this._narrow = narrow;
        this.host.requestUpdate();
      }
    });
    this.observer.observe(this.host);
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }
}
