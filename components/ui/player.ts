import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { prefersReducedMotion } from '../../lib/motion.ts';

export interface PlayerOptions {
  /**
   * One tick of playback. With an `interval`, called once per interval (elapsed = the interval); without one,
   * every animation frame with the milliseconds since the last. Return false when there is nothing more to play.
   */
  tick: (elapsedMs: number) => boolean;
  /** Milliseconds between ticks; 0 (the default) ticks every frame. */
  interval?: number;
  /** With prefers-reduced-motion, "play" jumps here at once instead of animating. */
  jumpToEnd: () => void;
}

/**
 * "Run" for a demo: drives its model with requestAnimationFrame only while playing and only while the demo's
 * slide is shown (`active`); stops when the slide is left or the element leaves the page; under
 * prefers-reduced-motion jumps to the end instead. Nothing runs when nothing plays.
 */
export class Player implements ReactiveController {
  private frame = 0;
  private last = 0;
  private _playing = false;

  constructor(
    private readonly host: ReactiveControllerHost & { active: boolean },
    private readonly options: PlayerOptions,
  ) {
    host.addController(this);
  }

  get playing(): boolean {
    return this._playing;
  }

  /** Starts playing; returns false if it jumped to the end instead (reduced motion). */
  start(): boolean {
    if (this._playing) return true;
    if (prefersReducedMotion()) {
      this.options.jumpToEnd();
      return false;
    }
    this._playing = true;
    this.last = 0;
    this.frame = requestAnimationFrame(this.onFrame);
    this.host.requestUpdate();
    return true;
  }

  stop(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this._playing) {
      this._playing = false;
      this.host.requestUpdate();
    }
  }

  toggle(): void {
    if (this._playing) this.stop();
    else this.start();
  }

  hostUpdate(): void {
    if (this._playing && !this.host.active) this.stop();
  }

  hostDisconnected(): void {
    this.stop();
  }

  private readonly onFrame = (now: number): void => {
    this.frame = 0;
    if (!this._playing || !this.host.active) {
      this.stop();
      return;
    }
    const interval = this.options.interval ?? 0;
    let more = true;
    if (interval > 0) {
      if (!this.last) this.last = now;
      if (now - this.last >= interval) {
        this.last = now;
        more = this.options.tick(interval);
      }
    } else {
      const elapsed = this.last ? now - this.last : 0;
      this.last = now;
      more = this.options.tick(elapsed);
    }
    if (more) this.frame = requestAnimationFrame(this.onFrame);
    else this.stop();
  };
}
