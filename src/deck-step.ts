/**
 * The speaker step the deck shows now: reveal's fragment index f is speaker step f + 1, and a slide with no fragment
 * shown (f undefined or -1) is at step 0. The one place that turns one into the other (the shell's plugins, the
 * workshop and the embed snippets all ask here).
 */
export function currentSpeakerStep(deck: { getIndices(): { f?: number | undefined } }): number {
  const f = deck.getIndices().f;
  return typeof f === 'number' && f >= 0 ? f + 1 : 0;
}
