/**
 * The one narrow-width breakpoint of every demo, in CSS pixels of the demo's own width (not the window's): below
 * it a demo lays itself out for a phone. The same number serves the CSS (`@container (max-width: …)` through
 * `narrowQuery` in demo-styles.ts) and the templates that change on phones (`NarrowController`).
 */
export const NARROW_PX = 620;
