/**
 * micro-macro as the loop picture (components/micro-macro/micro-macro-scene.ts): each clicker step maps to a scene,
 * each step moves something, and what the step's notes paragraph names is where it says — B in the timers, C and then
 * the continuation E in the microtask queue, C, E and B each taken onto the call stack in the order the simulator
 * (the real order Node and Chromium print) runs them, lit while they run.
 */
import { describe, expect, it } from 'vitest';
import { moved, placeOf, type Scene } from '../../components/shared/loop-picture/loop-picture-model.ts';
import {
  SPEAKER_SEQUENCE,
  currentRun,
  initialState,
  sourceOf,
  stateForStep,
} from '../../components/micro-macro/micro-macro-model.ts';
import { sceneOf, shortName } from '../../components/micro-macro/micro-macro-scene.ts';
import words from '../../slides/text/micro-macro.ts';

const scenes = (): Scene[] => {
  let s = initialState();
  return SPEAKER_SEQUENCE.map((_, i) => {
    s = stateForStep(i, s);
    const run = currentRun(s);
    if (!run || !run.ok) throw new Error('the talk’s example has a run');
    return sceneOf(run, s.index, sourceOf(s));
  });
};
const notes = (lang: 'en' | 'ru') => words.text[lang].notes.map((b) => ('p' in b ? b.p : '').toLowerCase());
const labels = (list: readonly { label: string }[]) => list.map((c) => c.label);
/** The id of the chip labelled `label` (the same callback keeps it from queue to stack). */
const idOf = (all: readonly Scene[], label: string): string => {
  for (const s of all)
    for (const c of [...s.stack, ...s.timers, ...s.macrotasks, ...s.microtasks]) if (c.label === label) return c.id;
  throw new Error(`no chip ${label}`);
};

describe('micro-macro’s loop picture', () => {
  it('maps every clicker step to a scene of the browser’s loop, and every step moves a chip', () => {
    const all = scenes();
    expect(all).toHaveLength(SPEAKER_SEQUENCE.length);
    for (const s of all) expect(s.flavour).toBe('simple');
    for (let i = 1; i < all.length; i++) expect(moved(all[i - 1]!, all[i]!), `step ${i}`).not.toEqual([]);
  });

  it('labels each callback as the simulator names it, shortened', () => {
    expect(shortName("() => console.log('B')")).toBe("log('B')");
    expect(shortName("console.log('E');")).toBe("log('E')");
    expect(shortName('async () => …')).toBe('async () => …');
  });

  it('step 0: nothing has run; the stack, the microtasks and the timers empty (notes 1)', () => {
    const [start] = scenes();
    expect(start!.stack).toEqual([]);
    expect(start!.timers).toEqual([]);
    expect(start!.microtasks).toEqual([]);
    expect(notes('en')[0]).toMatch(/call stack, the microtask queue and the timer queue/);
    expect(notes('ru')[0]).toMatch(/стек вызовов, очередь микрозадач и очередь таймеров/);
  });

  it('setTimeout: B waits in the timers, due at 0 ms, the script on the stack (notes 2)', () => {
    const all = scenes();
    const s = all[1]!;
    expect(labels(s.timers)).toEqual(["log('B')"]);
    expect(s.timers[0]!.due).toBe(0);
    expect(s.lit).toEqual(['timers']);
    expect(labels(s.stack)).toEqual(['script']);
    expect(s.stack[0]!.lit).toBe(true);
    expect(notes('en')[1]).toMatch(/b in the timer queue/);
    expect(notes('ru')[1]).toMatch(/b в очередь таймеров/);
  });

  it('queueMicrotask: C waits in the microtask queue while the script still runs (notes 3)', () => {
    const s = scenes()[2]!;
    expect(labels(s.microtasks)).toEqual(["log('C')"]);
    expect(s.lit).toEqual(['microtasks']);
    expect(labels(s.stack)).toEqual(['script']);
    expect(notes('en')[2]).toMatch(/c in the microtask queue.*still on the stack/);
    expect(notes('ru')[2]).toMatch(/c в очередь микрозадач.*на стеке/);
  });

  it('await: the async function on the stack, its continuation E behind C in the microtasks (notes 4)', () => {
    const s = scenes()[3]!;
    expect(labels(s.microtasks)).toEqual(["log('C')", "log('E')"]);
    expect(labels(s.stack)).toEqual(['script', 'async () => …']);
    expect(s.stack.map((c) => c.lit ?? false)).toEqual([false, true]);
    expect(labels(s.timers)).toEqual(["log('B')"]);
    expect(notes('en')[3]).toMatch(/queues behind c in the microtask queue/);
    expect(notes('ru')[3]).toMatch(/в очередь микрозадач за c/);
  });

  it('the stack empty of the script: C runs before the timer; then E; then B (notes 5, 6, 7)', () => {
    const all = scenes();
    const [c, e, b] = [idOf(all, "log('C')"), idOf(all, "log('E')"), idOf(all, "log('B')")];
    // C: from the microtasks onto the stack, lit; B still waits
    expect(placeOf(all[3]!).get(c)).toBe('microtasks');
    expect(placeOf(all[4]!).get(c)).toBe('stack');
    expect(all[4]!.stack.map((x) => x.id)).toEqual([c]);
    expect(all[4]!.stack[0]!.lit).toBe(true);
    expect(all[4]!.stack[0]!.actor).toBe('microtask');
    expect(placeOf(all[4]!).get(b)).toBe('timers');
    expect(all[4]!.lit).toEqual(['stack']);
    expect(notes('en')[4]).toMatch(/stack is empty.*microtask queue goes first.*: c\./s);
    expect(notes('ru')[4]).toMatch(/стек пуст.*очередь микрозадач.*: c\./s);
    // E: the continuation, and the microtask queue empty
    expect(all[5]!.stack.map((x) => x.id)).toEqual([e]);
    expect(all[5]!.microtasks).toEqual([]);
    expect(placeOf(all[5]!).get(b)).toBe('timers');
    expect(notes('en')[5]).toMatch(/then e.*microtask queue is empty/s);
    expect(notes('ru')[5]).toMatch(/потом e.*очередь микрозадач наконец пуста/s);
    // B: the timer, taken onto the stack as a timer
    expect(all[6]!.stack.map((x) => x.id)).toEqual([b]);
    expect(all[6]!.stack[0]!.actor).toBe('timer');
    expect(all[6]!.timers).toEqual([]);
    expect(all[6]!.phase).toBe('timers');
    expect(notes('en')[6]).toMatch(/next macrotask: the timer, b/);
    expect(notes('ru')[6]).toMatch(/следующую макрозадачу — таймер, b/);
  });

  it('the end: everything ran, the queues empty, the loop asleep (notes 8)', () => {
    const end = scenes().at(-1)!;
    expect(end.stack).toEqual([]);
    expect([...end.timers, ...end.microtasks, ...end.macrotasks]).toEqual([]);
    expect(end.asleep).toBe(true);
    // the run takes no virtual time: no clock to read
    expect(end.now).toBeNull();
    expect(notes('en')[7]).toMatch(/a, d, f, c, e, b/);
    expect(notes('ru')[7]).toMatch(/a, d, f, c, e, b/);
  });
});
