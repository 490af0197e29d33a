/**
 * Stepping through recorded states: the one pure module every stepped demo uses for forward, back, reset, to the
 * end and go to. A demo's state carries an `index` into a recording of `length` frames (the frames themselves
 * may be stored in the state or recomputed from its parameters); these functions move the index and never
 * anything else, so a demo's Back is always an exact return to what it showed before.
 */
export interface Cursor {
  readonly index: number;
}

function at<S extends Cursor>(state: S, index: number): S {
  return index === state.index ? state : { ...state, index };
}

/** Clamps an index into 0..length-1 (0 for an empty recording or anything not a number). */
export function clampIndex(index: number, length: number): number {
  if (!Number.isFinite(index) || length <= 0) return 0;
  return Math.max(0, Math.min(length - 1, Math.trunc(index)));
}

/**
 * A step written by a person (the deck's `#/<id>/<fragment>`, `embed.html?step=`, `<hsw-slide step>`), as an index
 * into `length` things: a whole number is that index, one past the last is the last (`past` says so), and anything
 * else (`abc`, `1.5`, `1e3`, `-1`) is none (null). The one rule for the deck's addresses and the embeds.
 */
export function indexFromText(text: string, length: number): { index: number; past: boolean } | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return n < length ? { index: n, past: false } : { index: Math.max(0, length - 1), past: true };
}

export function canForward(state: Cursor, length: number): boolean {
  return state.index < length - 1;
}

export function canBack(state: Cursor): boolean {
  return state.index > 0;
}

/** One frame on; unchanged at the end. */
export function forward<S extends Cursor>(state: S, length: number): S {
  return at(state, clampIndex(state.index + 1, length));
}

/** One frame back; unchanged at the start. */
export function back<S extends Cursor>(state: S): S {
  return at(state, Math.max(0, state.index - 1));
}

/** Back to the first frame. */
export function reset<S extends Cursor>(state: S): S {
  return at(state, 0);
}

/** To the last frame. */
export function toEnd<S extends Cursor>(state: S, length: number): S {
  return at(state, Math.max(0, length - 1));
}

/** To frame `index`, clamped. */
export function goTo<S extends Cursor>(state: S, index: number, length: number): S {
  return at(state, clampIndex(index, length));
}

/** A move by name ('forward', 'back', 'reset', 'end') or to a frame (a number). */
export type Move = 'forward' | 'back' | 'reset' | 'end' | number;

/** The move `how` through `length` frames: forward, back, reset, toEnd or goTo. */
export function stepTo<S extends Cursor>(state: S, how: Move, length: number): S {
  switch (how) {
    case 'forward':
      return forward(state, length);
    case 'back':
      return back(state);
    case 'reset':
      return reset(state);
    case 'end':
      return toEnd(state, length);
    default:
      return goTo(state, how, length);
  }
}
