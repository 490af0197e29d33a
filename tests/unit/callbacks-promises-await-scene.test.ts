/**
 * callbacks-promises-await as the loop picture (components/callbacks-promises-await/callbacks-promises-await-scene.ts):
 * every step of every run maps to a Node scene, every clicker step moves something, and what the step's notes
 * paragraph names is where it says: the caller alone on the stack at the start; at each style's first wait the stack
 * empty, the loop asleep in poll, the query's socket on its way, and the continuation waiting on what holds it (db.get
 * holding the callback, four promises holding the four reactions, two promises holding the suspended frames); then
 * where the error went.
 */
import { describe, expect, it } from 'vitest';
import { moved, placeOf, type Scene } from '../../components/shared/loop-picture/loop-picture-model.ts';
import {
  FAILURES,
  SPEAKER_SEQUENCE,
  STYLES,
  stateForStep,
  stepsOf,
} from '../../components/callbacks-promises-await/callbacks-promises-await-model.ts';
import { sceneOf } from '../../components/callbacks-promises-await/callbacks-promises-await-scene.ts';
import { callbacksPromisesAwaitText } from '../../components/callbacks-promises-await/callbacks-promises-await-text.ts';
import words from '../../slides/text/callbacks-promises-await.ts';

const scenes = (lang: 'en' | 'ru'): Scene[] =>
  SPEAKER_SEQUENCE.map((_, i) => sceneOf(stateForStep(i), callbacksPromisesAwaitText[lang].picture));
const notes = (lang: 'en' | 'ru') => words.text[lang].notes.map((b) => ('p' in b ? b.p : '').toLowerCase());
const labels = (list: readonly { label: string }[]) => list.map((c) => c.label);
/** What waits on what: `holder: waiter, …` for each future of the waiting region. */
const waits = (s: Scene) =>
  (s.futures ?? []).map((f) => `${f.label}: ${labels([...(f.waiters ?? []), ...(f.callbacks ?? [])]).join(', ')}`);
const socket = (s: Scene, id: string) => s.sockets.find((k) => k.id === id)?.state;

describe('callbacks-promises-await’s loop picture', () => {
  it('maps every step of every run to a scene of Node’s loop with the waiting region, in both languages', () => {
    for (const style of STYLES)
      for (const failure of FAILURES)
        stepsOf({ style, failure, index: 0 }).forEach((_, index) => {
          for (const lang of ['en', 'ru'] as const) {
            const s = sceneOf({ style, failure, index }, callbacksPromisesAwaitText[lang].picture);
            expect(s.flavour).toBe('node');
            expect(s.futures).not.toBeNull();
            expect(s.futuresName).toBe(lang === 'en' ? 'Waiting' : 'Ждут');
            expect(s.timers).toEqual([]);
            expect(s.macrotasks).toEqual([]);
          }
        });
  });

  it('every clicker step moves a chip, and one paragraph of notes speaks to each', () => {
    for (const lang of ['en', 'ru'] as const) {
      const all = scenes(lang);
      expect(all).toHaveLength(SPEAKER_SEQUENCE.length);
      expect(notes(lang)).toHaveLength(SPEAKER_SEQUENCE.length);
      for (let i = 1; i < all.length; i++) expect(moved(all[i - 1]!, all[i]!), `step ${i}`).not.toEqual([]);
    }
    expect(scenes('ru').map(placeOf)).toEqual(scenes('en').map(placeOf));
  });

  it('0: only the caller on the call stack; the loop not started, nothing waits yet (notes 1)', () => {
    const s = scenes('en')[0]!;
    expect(labels(s.stack)).toEqual(['main']);
    expect(s.phase).toBeNull();
    expect(s.futures).toEqual([]);
    expect(socket(s, 'db')).toBe('idle');
    expect(notes('en')[0]).toMatch(/only the caller is on the call stack/);
    expect(notes('ru')[0]).toMatch(/на стеке вызовов только вызывающий код/);
  });

  it('1: callbacks: the stack empty, the loop asleep in poll, db.get holds the callback, the query on its way (notes 2)', () => {
    const s = scenes('en')[1]!;
    expect(s.stack).toEqual([]);
    expect([s.phase, s.asleep, s.now]).toEqual(['poll', true, 0]);
    expect(waits(s)).toEqual(['db.get: (err, user) => …']);
    expect(placeOf(s).get('cb-db')).toBe('futures');
    expect(socket(s, 'db')).toBe('coming');
    expect(s.lit).toEqual(['futures']);
    expect(notes('en')[1]).toMatch(
      /stack is empty.*sleeps in its poll phase.*socket in the kernel.*callback waits with the driver/s,
    );
    expect(notes('ru')[1]).toMatch(/стек пуст, цикл спит в фазе poll.*сокет ядра.*колбэк ждёт у драйвера/s);
  });

  it('2: promises: four reactions wait on four promises, the whole chain built at 0 ms (notes 3)', () => {
    const s = scenes('en')[2]!;
    expect(s.stack).toEqual([]);
    expect(s.asleep).toBe(true);
    expect(waits(s)).toEqual(['p1: user => api.posts(user)', 'p2: posts => posts.length', 'p3: show', 'p4: handle']);
    expect(s.futures!.every((f) => (f.callbacks ?? []).every((c) => c.actor === 'microtask'))).toBe(true);
    expect(notes('en')[2]).toMatch(/four reactions wait on four promises/);
    expect(notes('ru')[2]).toMatch(/четыре реакции ждут на четырёх промисах/);
  });

  it('3: async/await: load’s frame suspended on p1, the caller’s on p3, the stack empty (notes 4)', () => {
    const s = scenes('en')[3]!;
    expect(s.stack).toEqual([]);
    expect(waits(s)).toEqual(['p1: load', 'p3: main']);
    expect(s.futures!.flatMap((f) => f.waiters ?? []).every((c) => c.suspended)).toBe(true);
    expect(notes('en')[3]).toMatch(/suspended frame.*caller’s frame/s);
    expect(notes('ru')[3]).toMatch(/приостановленный кадр.*кадр вызывающего/s);
  });

  it('4: callbacks, db.get fails: the callback and above it the caller’s, handed the error, at 30 ms (notes 5)', () => {
    const s = scenes('en')[4]!;
    expect(labels(s.stack)).toEqual(['(err, user) => …', 'done']);
    expect(s.now).toBe(30);
    expect(s.futures).toEqual([]);
    expect(notes('en')[4]).toMatch(/on the stack now: the callback, and above it the caller’s callback/);
    expect(notes('ru')[4]).toMatch(/на стеке сейчас колбэк, а над ним колбэк вызывающего/);
  });

  it('5: the throw in a callback: the callback alone on the stack, only the loop below it, lit (notes 6)', () => {
    const s = scenes('en')[5]!;
    expect(labels(s.stack)).toEqual(['(err, posts) => …']);
    expect(s.lit).toEqual(['stack', 'loop']);
    expect(s.now).toBe(80);
    expect(notes('en')[5]).toMatch(/the callback is alone on it, and below it there is only the loop/);
    expect(notes('ru')[5]).toMatch(/колбэк на нём один, под ним только цикл/);
  });

  it('6: promises, db.get fails: one microtask a skipped reaction, then the catch’s handler runs (notes 7)', () => {
    const s = scenes('en')[6]!;
    expect(labels(s.stack)).toEqual(['handle']);
    expect(s.ran).toEqual(['p1 → p2 (reject)', 'p2 → p3 (reject)', 'p3 → p4 (reject)']);
    expect(notes('en')[6]).toMatch(/one microtask for each step it skips/);
    expect(notes('ru')[6]).toMatch(/по одной микрозадаче на каждый пропущенный шаг/);
  });

  it('7: async/await, db.get fails: the caller’s frame back on the stack, its catch handling the error (notes 8)', () => {
    const s = scenes('en')[7]!;
    expect(labels(s.stack)).toEqual(['main', 'handle']);
    expect(s.ran).toEqual(['resume load']);
    expect(notes('en')[7]).toMatch(/caller’s frame is back on the stack/);
    expect(notes('ru')[7]).toMatch(/кадр вызывающего снова на стеке/);
  });

  it('a continuation keeps its chip from where it waits to the microtask queue to the stack', () => {
    const at = (style: 'promises' | 'await', index: number) =>
      placeOf(sceneOf({ style, failure: 'ok', index }, callbacksPromisesAwaitText.en.picture));
    const promises = stepsOf({ style: 'promises', failure: 'ok', index: 0 });
    const settle = promises.findIndex((s) => s.event.k === 'settle');
    expect(at('promises', settle - 1).get('then-p1')).toBe('futures');
    expect(at('promises', settle).get('then-p1')).toBe('microtasks');
    expect(at('promises', settle + 1).get('then-p1')).toBe('stack');
    const awaits = stepsOf({ style: 'await', failure: 'ok', index: 0 });
    const resume = awaits.findIndex((s) => s.event.k === 'settle');
    expect(at('await', resume - 1).get('load')).toBe('futures');
    expect(at('await', resume).get('load')).toBe('microtasks');
    expect(at('await', resume + 1).get('load')).toBe('stack');
  });
});
