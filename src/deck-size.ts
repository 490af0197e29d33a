/**
 * The projector's slide size and reveal's margin around it. The Content Security Policy (scripts/csp.ts) allows, by
 * hash, the two style sheets reveal's print view writes from exactly these figures.
 */
export const SLIDE_WIDTH = 1280;
export const SLIDE_HEIGHT = 720;
export const SLIDE_MARGIN = 0.03;
