/**
 * The pool's steps as the deck's one picture of the loop (components/libuv-pool/libuv-pool-scene.ts): every speaker
 * step maps to a scene, every step moves a chip, and what each step's notes paragraph names is where the notes say
 * (four threads of file reads; lookups holding all four threads and the reads queued behind them; lookups on half the
 * pool and the reads done; sixteen threads, the reads on six of them beside the lookups). Every instant of every schedule maps to a scene too.
 */
import { describe, expect, it } from 'vitest';
import { chips, moved, placeOf, type Scene } from '../../components/shared/loop-picture/loop-picture-model.ts';
import {
  DEFAULT_PARAMS,
  PRESETS,
  SPEAKER_SEQUENCE,
  STEP_AT,
  eventTimes,
  initialState,
  simulatePool,
  stateForStep,
} from '../../components/libuv-pool/libuv-pool-model.ts';
import { WAKE_ID, presetOf, sceneOf } from '../../components/libuv-pool/libuv-pool-scene.ts';
import libuvPoolSlideText from '../../slides/text/libuv-pool.ts';

const stepScene = (step: number, lang: 'en' | 'ru' = 'en'): Scene => {
  const s = stateForStep(step, initialState());
  const schedule = simulatePool(s.params);
  return sceneOf(schedule, eventTimes(schedule)[s.index]!, lang);
};
const scenes = SPEAKER_SEQUENCE.map((_, i) => stepScene(i));
/** The kinds of the requests in a list of chips (ids are `<kind>-<n>`). */
const kinds = (list: readonly ({ id: string } | null)[]) => list.map((c) => (c ? c.id.split('-')[0] : null));

describe('libuv-pool as the loop picture', () => {
  it('maps every speaker step to a Node scene with the pool attached, at the instant the step names', () => {
    expect(SPEAKER_SEQUENCE).toHaveLength(libuvPoolSlideText.text.en.notes.length);
    SPEAKER_SEQUENCE.forEach((name, i) => {
      const s = scenes[i]!;
      expect(s.flavour).toBe('node');
      expect(s.now).toBe(STEP_AT[name]);
      expect(s.pool).toHaveLength(simulatePool(PRESETS[name]).threads);
      expect(stepScene(i, 'ru').pool).toHaveLength(s.pool!.length);
    });
  });

  it('moves a chip at every step', () => {
    for (let i = 1; i < scenes.length; i++) expect(moved(scenes[i - 1]!, scenes[i]!).length).toBeGreaterThan(0);
  });

  it('step 0, a calm day: four threads, each running a file read; no lookup anywhere', () => {
    const s = scenes[0]!;
    expect(kinds(s.pool!)).toEqual(['file', 'file', 'file', 'file']);
    expect(kinds(chips(s))).not.toContain('dns');
    expect(s.asleep).toBe(true);
  });

  it('step 1, the incident: lookups hold all four threads, the reads wait at the head of the queue', () => {
    const s = scenes[1]!;
    expect(kinds(s.pool!)).toEqual(['dns', 'dns', 'dns', 'dns']);
    expect(kinds(s.poolQueue).slice(0, 6)).toEqual(Array(6).fill('file'));
    expect(s.poolQueue[0]!.lit).toBe(true);
    expect(s.lit).toEqual(['poolQueue']);
    // the first four lookups came back: the eventfd woke the loop, their callbacks wait in its queue
    expect(kinds(s.macrotasks)).toEqual(['dns', 'dns', 'dns', 'dns']);
    expect(s.readyList.map((c) => c.id)).toEqual([WAKE_ID]);
    expect(s.asleep).toBe(false);
  });

  it('step 2, today: lookups on at most half the pool, every read done (its callback queued or run)', () => {
    const s = scenes[2]!;
    expect(kinds(s.pool!).filter((k) => k === 'dns')).toHaveLength(2);
    const at = placeOf(s);
    for (let i = 1; i <= DEFAULT_PARAMS.fileCount; i++) expect(at.get(`file-${i}`) ?? 'ran').not.toMatch(/^pool/);
    expect(kinds(s.macrotasks)).toContain('file');
    expect(s.ran.length + s.macrotasks.length).toBe(DEFAULT_PARAMS.fileCount);
  });

  it('step 3, sixteen threads: eight lookups do not fill it, the reads find threads at once', () => {
    const s = scenes[3]!;
    expect(s.pool).toHaveLength(16);
    expect(kinds(s.pool!).filter((k) => k === 'dns')).toHaveLength(8);
    expect(kinds(s.pool!).filter((k) => k === 'file')).toHaveLength(DEFAULT_PARAMS.fileCount);
    expect(kinds(s.poolQueue)).not.toContain('file');
  });

  it('maps every instant of every preset (and the sliders’ own settings) to a scene', () => {
    const own = { ...DEFAULT_PARAMS, poolSize: 3, dnsCount: 5 };
    expect(presetOf(own)).toBeNull();
    for (const params of [...Object.values(PRESETS), own]) {
      const schedule = simulatePool(params);
      for (const t of eventTimes(schedule)) {
        const s = sceneOf(schedule, t, 'ru');
        expect(chips(s).length).toBeLessThanOrEqual(schedule.tasks.length + 1);
        expect(s.pool).toHaveLength(schedule.threads);
      }
    }
  });
});
