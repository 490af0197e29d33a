/**
 * heavy-task as the loop picture (components/heavy-task/heavy-task-scene.ts): each clicker step maps to a scene, each
 * step moves something, and what the step's notes paragraph names is where it says — the heavy callback on the call
 * stack with sixty requests waiting and the worker idle; then the next slice in the check queue behind a request that
 * runs between slices; then the task in the worker thread and the stack free.
 */
import { describe, expect, it } from 'vitest';
import { moved, placeOf, type Scene } from '../../components/shared/loop-picture/loop-picture-model.ts';
import {
  SPEAKER_SEQUENCE,
  initialState,
  stateForStep,
  simulate,
} from '../../components/heavy-task/heavy-task-model.ts';
import { SHOWN, sceneOf, waitingCount } from '../../components/heavy-task/heavy-task-scene.ts';
import { heavyTaskText } from '../../components/heavy-task/heavy-task-text.ts';
import words from '../../slides/text/heavy-task.ts';

const scenes = (lang: 'en' | 'ru'): Scene[] => {
  let s = initialState();
  return SPEAKER_SEQUENCE.map((_, i) => {
    s = stateForStep(i, s);
    return sceneOf(s.params, heavyTaskText[lang].picture);
  });
};
const notes = (lang: 'en' | 'ru') => words.text[lang].notes.map((b) => ('p' in b ? b.p : '').toLowerCase());

describe('heavy-task’s loop picture', () => {
  it('maps every clicker step to a scene of Node’s loop, and every step moves a chip', () => {
    for (const lang of ['en', 'ru'] as const) {
      const all = scenes(lang);
      expect(all).toHaveLength(SPEAKER_SEQUENCE.length);
      for (const s of all) expect(s.flavour).toBe('node');
      for (let i = 1; i < all.length; i++) expect(moved(all[i - 1]!, all[i]!), `step ${i}`).not.toEqual([]);
    }
  });

  it('inline: the heavy callback on the call stack, sixty requests waiting, the worker idle (notes 1)', () => {
    const [inline] = scenes('en');
    expect(placeOf(inline!).get('heavy')).toBe('stack');
    expect(inline!.stack).toHaveLength(1);
    expect(inline!.lit).toEqual(['stack']);
    expect(waitingCount(inline!)).toBe(60);
    expect(inline!.readyList).toHaveLength(SHOWN + 1);
    expect(inline!.pool).toEqual([null]);
    expect(inline!.poolName).toBe('Worker thread');
    // the worst of them waits the heavy task's 300 ms (less the 2 ms of its own work after its arrival)
    expect(simulate({ ...initialState().params, mode: 'inline' }).stats.max).toBe(299);
    expect(notes('en')[0]).toMatch(/call stack.*sixty requests|sixty requests.*call stack/s);
    expect(notes('en')[0]).toMatch(/three hundred milliseconds/);
    expect(notes('ru')[0]).toMatch(/стек вызовов/);
    expect(notes('ru')[0]).toMatch(/шестьдесят запросов/);
  });

  it('in chunks: the next slice waits in the check queue while a request runs between slices (notes 2)', () => {
    const [, chunked] = scenes('en');
    const at = placeOf(chunked!);
    expect(at.get('heavy')).toBe('macrotasks');
    expect(chunked!.macrotasks[0]!.label).toBe('slice 3/30');
    expect(chunked!.stack.map((c) => c.id)).toEqual(['req-41']);
    expect(chunked!.lit).toEqual(['macrotasks']);
    expect(notes('en')[1]).toMatch(/check queue/);
    expect(notes('ru')[1]).toMatch(/очереди check/);
  });

  it('in a worker: the task in the worker thread, the stack runs one request, nothing waits (notes 3)', () => {
    const [, , worker] = scenes('en');
    expect(placeOf(worker!).get('heavy')).toBe('pool');
    expect(worker!.stack.map((c) => c.id)).toEqual(['req-41']);
    expect(worker!.readyList).toEqual([]);
    expect(worker!.lit).toEqual(['pool']);
    expect(notes('en')[2]).toMatch(/worker thread/);
    expect(notes('ru')[2]).toMatch(/поток воркера/);
  });

  it('speaks Russian with the same places', () => {
    const en = scenes('en').map(placeOf);
    const ru = scenes('ru').map(placeOf);
    expect(ru).toEqual(en);
    expect(scenes('ru')[2]!.poolName).toBe('Поток воркера');
  });
});
