import { css, unsafeCSS } from 'lit';
import { ACTORS } from './loop-picture-model.ts';

/** A chip's fill and the text on it by its actor's class: the deck's tokens (assets/theme.css). */
const actorStyles = unsafeCSS(
  ACTORS.map((a) => `.chip.${a} { --fill: var(--hsw-actor-${a}); --ink: var(--hsw-actor-${a}-text); }`).join('\n'),
);

/**
 * The loop picture's look (STAGE.md's regions): the call stack on the left, the loop's ring in the middle, the timers
 * and the queues on the right, the kernel across the bottom. Each region is outlined in its actor's colour and lit
 * (a thicker outline, a tint) when the step is about it; a chip is filled with its actor's colour and written in its
 * ink. Labels at `--hsw-fs-small` (20 px or more as presented); chips move in 350 ms (the element), the ring's hand
 * turns in as long; nothing moves under prefers-reduced-motion.
 */
export const loopPictureStyles = [
  actorStyles,
  css`
  :host {
    display: block;
    --lp-move: 350ms;
    /* the picture's own width picks its layout (a phone's, below) */
    container-type: inline-size;
  }
  .picture {
    display: grid;
    height: 100%;
    box-sizing: border-box;
    /* a slide that sets the picture beside something else may share its width differently (--lp-columns) */
    grid-template-columns: var(--lp-columns, minmax(0, 1.1fr) minmax(0, 1.8fr) minmax(0, 1.4fr));
    grid-template-rows: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) auto;
    grid-template-areas:
      'stack loop timers'
      'stack loop macrotasks'
      'stack loop microtasks'
      'kernel kernel kernel';
    gap: 0.3em 0.45em;
    margin: 0;
  }
  .picture.no-micro {
    grid-template-areas:
      'stack loop timers'
      'stack loop macrotasks'
      'stack loop macrotasks'
      'kernel kernel kernel';
  }
  /* A thread pool: its own row under the kernel band. */
  .picture.with-pool {
    grid-template-rows: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) auto auto;
    grid-template-areas:
      'stack loop timers'
      'stack loop macrotasks'
      'stack loop microtasks'
      'kernel kernel kernel'
      'pool pool pool';
  }
  .picture.no-micro.with-pool {
    grid-template-areas:
      'stack loop timers'
      'stack loop macrotasks'
      'stack loop macrotasks'
      'kernel kernel kernel'
      'pool pool pool';
  }
  /* Futures (when a slide has them): under the loop and the queues in asyncio, a row of their own elsewhere. */
  .picture.with-futures {
    grid-template-rows: minmax(0, 1fr) minmax(0, 1fr) auto auto;
    grid-template-areas:
      'stack loop timers'
      'stack loop macrotasks'
      'stack loop microtasks'
      'futures futures futures'
      'kernel kernel kernel';
  }
  .picture.with-futures.no-micro {
    grid-template-rows: minmax(0, 1fr) minmax(0, 1fr) auto auto;
    grid-template-areas:
      'stack loop timers'
      'stack loop macrotasks'
      'stack futures futures'
      'kernel kernel kernel';
  }
  .picture.with-futures:not(.no-micro) {
    grid-template-rows: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) auto auto;
  }
  /*
   * Narrow (a phone, upright or turned): the ring across the whole width on top, at a height of its own; under it the
   * stack beside the timers and the queues, then the futures, the kernel and the pool, each as tall as it needs (the
   * slide lets the picture grow, demo-styles' narrow query). 26em: a phone's stage (22–23em) is under it, the
   * narrowest presented desktop picture (28em, micro-macro's) over it.
   */
  @container (max-width: 26em) {
    .picture,
    .picture.no-micro,
    .picture.with-pool,
    .picture.no-micro.with-pool,
    .picture.with-futures,
    .picture.with-futures.no-micro,
    .picture.with-futures:not(.no-micro) {
      height: auto;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      grid-template-rows: 12em repeat(6, auto);
      grid-template-areas:
        'loop loop'
        'stack timers'
        'stack macrotasks'
        'stack microtasks'
        'futures futures'
        'kernel kernel'
        'pool pool';
    }
    /* as many threads' lanes a row as hold a chip ("DNS", "file") unbroken, not the stage's eight */
    .pool ol.threads {
      grid-template-columns: repeat(auto-fill, minmax(4.5em, 1fr));
    }
  }
  .region {
    --actor: var(--hsw-border);
    border: 2px solid color-mix(in srgb, var(--actor) 55%, transparent);
    border-radius: 0.4em;
    padding: 0.15em 0.35em 0.25em;
    min-width: 0;
    transition:
      background-color var(--lp-move),
      border-color var(--lp-move);
  }
  .region.lit {
    border: 2px solid var(--actor);
    box-shadow: 0 0 0 2px var(--actor);
    background: color-mix(in srgb, var(--actor) 16%, var(--hsw-bg));
  }
  .region > h4 {
    margin: 0 0 0.15em;
    font-size: var(--hsw-fs-small);
    font-weight: 600;
    color: var(--hsw-fg);
    line-height: 1.2;
  }
  .stack {
    grid-area: stack;
    --actor: var(--hsw-actor-thread);
    display: flex;
    flex-direction: column;
  }
  .loop {
    grid-area: loop;
    --actor: var(--hsw-actor-loop);
    display: flex;
    flex-direction: column;
  }
  .timers {
    grid-area: timers;
    --actor: var(--hsw-actor-timer);
  }
  .macrotasks {
    grid-area: macrotasks;
    --actor: var(--hsw-actor-task);
  }
  .microtasks {
    grid-area: microtasks;
    --actor: var(--hsw-actor-microtask);
  }
  /* its name beside its first row (as the kernel band's), not a line of its own: the ring keeps that height */
  .futures {
    grid-area: futures;
    --actor: var(--hsw-actor-task);
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.2em 0.7em;
  }
  .futures > h4 {
    margin: 0;
  }
  .futures > ul.future-list {
    flex: 1 1 12em;
    min-width: 0;
  }
  /* one future a row; several share a row when they fit (a chain of promises) */
  ul.future-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em 1em;
    min-height: 1.5em;
    font-size: var(--hsw-fs-small);
  }
  .future {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.4em;
  }
  .future ol.lane {
    font-size: 1em;
    min-height: 0;
  }
  .future .name {
    color: var(--hsw-fg);
  }
  /* a pending future is an empty box in its actor's colour; a done one holds its result (filled) */
  .chip.fut.pending {
    background: var(--hsw-bg);
    color: var(--hsw-fg);
    border: 3px solid var(--fill);
  }
  .chip.fut.done {
    border: 3px solid var(--fill);
  }
  /* a coroutine frozen at its await: hollow, dashed, its name still legible */
  .chip.suspended {
    background: var(--hsw-bg);
    color: var(--hsw-fg);
    border: 2px dashed var(--fill);
    font-style: italic;
  }
  .kernel {
    grid-area: kernel;
    --actor: var(--hsw-actor-kernel);
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.2em 0.7em;
  }
  .kernel > h4 {
    margin: 0;
  }
  ol.lane,
  ol.frames {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.25em;
    min-height: 1.5em;
    font-size: var(--hsw-fs-small);
  }
  /* The stack grows upwards: the running frame is on top. */
  ol.frames {
    flex-direction: column-reverse;
    flex-wrap: nowrap;
    justify-content: flex-start;
    flex: 1;
  }
  .chip {
    display: inline-block;
    box-sizing: border-box;
    max-width: 100%;
    padding: 0.05em 0.4em;
    border-radius: 0.35em;
    font-weight: 600;
    line-height: 1.3;
    overflow-wrap: anywhere;
    background: var(--fill);
    color: var(--ink);
  }
  .chip.lit {
    outline: 3px solid var(--hsw-fg);
    outline-offset: 1px;
  }
  /* each callback that ran kept whole on its line, broken only when longer than the region is wide */
  .ran .done {
    display: inline-block;
    max-width: 100%;
  }
  .ran {
    margin: 0 0 0.2em;
    font-size: var(--hsw-fs-small);
    color: var(--hsw-muted);
    overflow-wrap: anywhere;
  }
  /* The ring: a circle in the loop's colour, its phases on it, a hand pointing at the current one. */
  /* The whole loop region: the element sizes the circle to it and sets its labels around it (loop-picture-ring.ts). */
  .ring {
    position: relative;
    flex: 1 1 auto;
    min-height: 0;
    width: 100%;
    font-size: var(--hsw-fs-small);
  }
  .ring > ol.lane {
    display: block;
    font-size: 1em;
  }
  .ring svg {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    overflow: visible;
  }
  /* (the SVG's units are the ring's pixels) */
  .ring circle {
    fill: none;
    stroke: var(--hsw-actor-loop);
    stroke-width: 10;
  }
  .ring.asleep circle {
    stroke-dasharray: 5 18;
    opacity: 0.6;
  }
  .ring .hand {
    stroke: var(--hsw-actor-loop);
    stroke-width: 10;
    stroke-linecap: round;
    transform-box: view-box;
    transform-origin: 50% 50%;
    transform: rotate(var(--turn, 0deg));
    transition: transform var(--lp-move) ease-in-out;
  }
  .ring.idle .hand {
    opacity: 0;
  }
  /* one weight lit or not: a label keeps its size, so the ring's layout holds from step to step */
  .phase {
    position: absolute;
    transform: translate(-50%, -50%);
    white-space: nowrap;
    font-weight: 600;
    padding: 0 0.2em;
    border-radius: 0.35em;
    background: var(--hsw-bg);
    color: var(--hsw-fg);
    border: 2px solid transparent;
    transition:
      background-color var(--lp-move),
      color var(--lp-move);
  }
  .phase.now {
    background: var(--hsw-actor-loop);
    color: var(--hsw-actor-loop-text);
  }
  .centre {
    position: absolute;
    left: 50%;
    top: 50%;
    transform: translate(-50%, -50%);
    text-align: center;
    line-height: 1.2;
    white-space: nowrap;
  }
  .clock {
    display: block;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    color: var(--hsw-fg);
  }
  .zzz {
    display: block;
    color: var(--hsw-muted);
    font-style: italic;
  }
  /* (kept in the layout, so that the circle is sized for the centre at its widest) */
  .centre .off {
    visibility: hidden;
  }
  ul.sockets {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    gap: 0.35em;
    font-size: var(--hsw-fs-small);
  }
  .socket {
    min-width: 2.2em;
    text-align: center;
    font-weight: 700;
    border: 2px solid var(--hsw-actor-kernel);
    border-radius: 0.3em;
    padding: 0 0.3em;
    color: var(--hsw-fg);
    background: var(--hsw-bg);
    transition:
      background-color var(--lp-move),
      color var(--lp-move);
  }
  .socket.coming {
    border-style: dashed;
  }
  .socket.data,
  .socket.ready {
    background: var(--hsw-actor-io);
    color: var(--hsw-actor-io-text);
    border-color: var(--hsw-actor-io);
  }
  .socket.ready {
    outline: 3px solid var(--hsw-fg);
    outline-offset: 1px;
  }
  .ready-list {
    display: flex;
    align-items: center;
    gap: 0.35em;
    font-size: var(--hsw-fs-small);
  }
  .ready-list ol.lane,
  .pool ol.lane {
    font-size: 1em;
  }
  .pool-queue ol.lane {
    align-items: center;
  }
  .pool .pool-queue .name,
  .pool .more {
    color: var(--hsw-fg);
  }
  .pool .more {
    font-weight: 600;
    align-self: center;
  }
  .ready-list .name {
    color: var(--hsw-fg);
  }
  .pool {
    grid-area: pool;
    --actor: var(--hsw-actor-thread);
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.2em 0.7em;
  }
  .pool > h4 {
    margin: 0;
  }
  .pool-queue {
    display: flex;
    align-items: center;
    gap: 0.35em;
    font-size: var(--hsw-fs-small);
  }
  /* A step about the pool lights it as a region is lit, without moving anything: an outline, a tint. */
  .pool.lit {
    outline: 2px solid var(--hsw-actor-thread);
    outline-offset: 2px;
    border-radius: 0.3em;
    background: color-mix(in srgb, var(--hsw-actor-thread) 16%, var(--hsw-bg));
  }
  .region.pool.queue-lit .pool-queue {
    outline: 2px solid var(--hsw-actor-thread);
    outline-offset: 2px;
    border-radius: 0.3em;
  }
  /* A lane per thread, up to eight in a row (the element sets --lanes). */
  ol.threads {
    flex-basis: 100%;
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    grid-template-columns: repeat(var(--lanes, 4), minmax(0, 1fr));
    gap: 0.25em;
    font-size: var(--hsw-fs-small);
  }
  .pool .worker {
    display: flex;
    align-items: center;
    min-height: 1.5em;
    padding: 0.1em 0.25em;
    border: 2px solid var(--hsw-actor-thread);
    border-radius: 0.3em;
  }
  .pool .worker.idle {
    border-style: dashed;
  }
  @media (prefers-reduced-motion: reduce) {
    .region,
    .phase,
    .socket,
    .ring .hand {
      transition: none;
    }
  }
`,
];
