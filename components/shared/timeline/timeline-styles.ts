import { css } from 'lit';
import { legendStyles } from '../../ui/demo-styles.ts';

/**
 * The look of `timeline.ts`'s drawings and of the legend under them, in both themes: text at the hall's floor
 * (`--hsw-fs-small`), names and numbers muted, the grid faint, a label on a span in the page's background colour
 * (dark on the dark theme's light bars, light on the light theme's dark ones), a hollow span for waiting. The legend
 * is the deck's (`legendStyles`), with a hollow swatch for waiting.
 */
export const timelineStyles = css`
  svg.timeline {
    display: block;
    width: 100%;
    height: auto;
    margin-top: 0.3em;
    font-family: var(--hsw-font);
  }
  svg.timeline text {
    font-size: var(--hsw-fs-small);
    fill: var(--hsw-fg);
  }
  svg.timeline .lane-label,
  svg.timeline .axis {
    fill: var(--hsw-muted);
  }
  svg.timeline .grid {
    stroke: var(--hsw-grid);
    stroke-width: 1;
  }
  svg.timeline .bar-label {
    fill: var(--hsw-bg);
    font-weight: 600;
  }
  svg.timeline .waiting {
    fill: none;
    stroke: var(--hsw-accent);
    stroke-width: 2;
    stroke-dasharray: 5 3;
  }
  ${legendStyles}
  .swatch.waiting {
    border: 2px dashed var(--hsw-accent);
  }
`;
