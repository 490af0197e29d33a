import { describe, expect, it } from 'vitest';
import { currentSpeakerStep } from '../../src/deck-step.ts';

const at = (f: number | undefined) => ({ getIndices: () => ({ h: 3, v: 0, f }) });

describe('currentSpeakerStep: reveal fragment f is speaker step f + 1', () => {
  it('is 0 on a slide with no fragment shown', () => {
    expect(currentSpeakerStep(at(undefined))).toBe(0);
    expect(currentSpeakerStep(at(-1))).toBe(0);
  });
  it('is f + 1 once fragment f is shown', () => {
    expect(currentSpeakerStep(at(0))).toBe(1);
    expect(currentSpeakerStep(at(6))).toBe(7);
  });
});
