import { css } from 'lit';
import { controlStyles } from '../ui/theme.ts';
import { calloutStyles, demoHostStyles, narrowQuery, pillRowStyles, srOnlyStyles } from '../ui/demo-styles.ts';

/** The wake-up demo: the path as three groups of stages (hardware, kernel, your thread), the caption, the trigger. */
export const styles = [
  controlStyles,
  demoHostStyles,
  calloutStyles,
  pillRowStyles,
  srOnlyStyles,
  css`
    section {
      display: flex;
      flex-direction: column;
      gap: 0.45em;
    }
    p {
      margin: 0;
    }
    /* Three lanes, top to bottom: the packet goes down from the card through the kernel to your thread. */
    .path {
      display: flex;
      flex-direction: column;
      gap: 0.25em;
    }
    .place {
      display: flex;
      align-items: center;
      gap: 0.6em;
      padding: 0.25em 0.5em;
      border-radius: 0.4em;
      background: var(--hsw-panel);
      min-width: 0;
    }
    .place-name {
      flex: 0 0 6.2em;
      font-size: var(--hsw-fs-note);
      color: var(--hsw-muted);
      font-weight: 600;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.3em 1.3em;
    }
    li {
      position: relative;
      padding: 0.1em 0.45em;
      border: 2px solid var(--hsw-border);
      border-radius: 0.35em;
      background: var(--hsw-control-bg);
      white-space: nowrap;
      font-family: var(--hsw-mono);
    }
    /* The arrow between two stages of a lane (drawn, not text). */
    li + li::before {
      content: '';
      position: absolute;
      left: -1.15em;
      top: 50%;
      width: 0.8em;
      border-top: 2px solid var(--hsw-muted);
    }
    li + li::after {
      content: '';
      position: absolute;
      left: -0.55em;
      top: calc(50% - 0.25em);
      border: 0.25em solid transparent;
      border-left-color: var(--hsw-muted);
      border-right: 0;
    }
    /* Each lane, its stages passed and the stage now in the colour of its actor: I/O data, the kernel, the thread. */
    .place {
      border-left: 6px solid var(--actor);
    }
    [data-actor='io'] {
      --actor: var(--hsw-actor-io);
      --actor-text: var(--hsw-actor-io-text);
    }
    [data-actor='kernel'] {
      --actor: var(--hsw-actor-kernel);
      --actor-text: var(--hsw-actor-kernel-text);
    }
    [data-actor='thread'] {
      --actor: var(--hsw-actor-thread);
      --actor-text: var(--hsw-actor-thread-text);
    }
    li.done {
      border-color: var(--actor);
    }
    li.ahead {
      color: var(--hsw-muted);
      border-style: dashed;
    }
    li.current {
      background: var(--actor);
      border-color: var(--actor);
      color: var(--actor-text);
      font-weight: 700;
    }
    /* Presented: the three lanes share the stage's height, the stages large enough to read from the back. */
    :host([presenting]) {
      height: 100%;
    }
    :host([presenting]) section {
      height: 100%;
    }
    :host([presenting]) .path {
      flex: 1 1 auto;
      gap: 0.4em;
    }
    :host([presenting]) .place {
      flex: 1 1 0;
      padding: 0.3em 0.6em;
    }
    /* (1.05em: the kernel's five stages stay on one line in Russian, the longest) */
    :host([presenting]) li {
      font-size: 1.05em;
      padding: 0.35em 0.55em;
    }
    :host([presenting]) .place-name {
      font-size: 1em;
    }
    .caption {
      font-size: 1.05em;
      min-height: 2.7em;
    }
    .caption .figure {
      display: block;
      font-weight: 700;
    }
    .caption.silent {
      border-left-color: var(--hsw-warn);
    }
    .caption.reported {
      border-left-color: var(--hsw-good);
    }
    .now {
      display: flex;
      flex-wrap: wrap;
      gap: 0.3em 0.6em;
      font-size: var(--hsw-fs-note);
      color: var(--hsw-muted);
    }
    .now .on {
      color: var(--hsw-fg);
      font-weight: 600;
    }
    .controls {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4em 1em;
      align-items: center;
    }
    fieldset {
      font-size: var(--hsw-fs-note);
    }
    .in-linux {
      font-family: var(--hsw-mono);
      font-size: var(--hsw-fs-small);
      overflow-wrap: anywhere;
    }
    @container ${narrowQuery} {
      li {
        white-space: normal;
      }
      .place {
        flex-direction: column;
        align-items: flex-start;
        gap: 0.2em;
      }
      .place-name {
        flex: none;
      }
    }
  `,
];
