/**
 * The await-future slide's model: the wake-up read off the asyncio model's run, step by step, hand-worked; the
 * toggle; stepping and the speaker sequence. CPython comparisons: await-future-real.test.ts (the turns) and
 * await-future-code.test.ts (the quoted lines).
 */
import { describe, expect, it } from 'vitest';
import {
  SPEAKER_SEQUENCE,
  current,
  initialState,
  move,
  setAlreadyThere,
  shortName,
  stateForStep,
  totalTurns,
  wakeSteps,
} from '../../components/await-future/await-future-model.ts';
import { EXCERPTS, renderExcerpt } from '../../components/await-future/await-future-code.ts';

describe('await-future: the six steps of the wake-up', () => {
  const steps = wakeSteps(false);

  it('the call and six steps, in three turns of the loop', () => {
    expect(steps.map((s) => s.code)).toEqual(['call', 'yield', 'park', 'setResult', 'schedule', 'wakeup', 'resume']);
    expect(steps.map((s) => s.turn)).toEqual([1, 1, 1, 2, 2, 3, 3]);
    expect(totalTurns(false)).toBe(8);
  });

  it('the chain freezes together at the yield and stays frozen until __wakeup sends into it', () => {
    const states = steps.map((s) => [s.frames.handler, s.frames.fetch, s.frames.sock_recv].join(' '));
    expect(states).toEqual([
      'running running running',
      'frozen frozen frozen',
      'frozen frozen frozen',
      'frozen frozen frozen',
      'frozen frozen frozen',
      'resumed resumed resumed',
      'returned returned returned',
    ]);
  });

  it('set_result resumes nothing: it puts __wakeup into _ready, after sock_recv’s own done-callback', () => {
    expect(steps[2]).toMatchObject({ waiter: true, ready: [], future: 'pending' });
    expect(steps[2]!.callbacks).toEqual(['BaseSelectorEventLoop._sock_read_done', 'Task.task_wakeup']);
    expect(steps[3]).toMatchObject({ future: 'finished', sleptMs: 50, ready: [] });
    // lines 261–262 store the result: the callbacks still hang on the future until line 263 schedules them
    expect(steps[3]!.callbacks).toEqual(['BaseSelectorEventLoop._sock_read_done', 'Task.task_wakeup']);
    expect(steps[4]!.callbacks).toEqual([]);
    expect(steps[4]!.ready).toEqual(['BaseSelectorEventLoop._sock_read_done', 'Task.task_wakeup']);
    expect(steps[4]!.frames.handler).toBe('frozen');
    expect(steps[6]!.ready).toEqual(['_run_until_complete_cb']);
    expect(steps.map((s) => s.ready.map(shortName).join(' '))[4]).toBe('_sock_read_done Task-1.__wakeup');
  });

  it('with the result already there the chain collapses in the first __step: the turns of an empty program', () => {
    const a = wakeSteps(true);
    expect(a.map((s) => s.code)).toEqual(['already', 'alreadyDone']);
    expect(a.every((s) => s.turn === 1 && s.future === 'none')).toBe(true);
    expect(a[1]!.frames.handler).toBe('returned');
    expect(totalTurns(true)).toBe(6);
  });

  it('each step marks the lines at work, and only lines it shows', () => {
    const r = renderExcerpt(EXCERPTS.yield);
    expect(r.code.split('\n')).toEqual([
      '# futures.py:284–287',
      'def __await__(self):',
      '    if not self.done():',
      '        self._asyncio_future_blocking = True',
      '        yield self  # This tells Task to wait for completion.',
    ]);
    expect(r.current).toEqual([4, 5]);
    for (const segs of Object.values(EXCERPTS)) {
      const { code, current: marked } = renderExcerpt(segs);
      const n = code.split('\n').length;
      expect(marked.length).toBeGreaterThan(0);
      for (const line of marked) expect(line).toBeLessThanOrEqual(n);
    }
  });
});

describe('await-future: stepping, the toggle, the speaker sequence', () => {
  it('forward to the end and no further; the toggle starts over', () => {
    let s = initialState();
    for (let i = 0; i < 10; i++) s = move(s, 'forward');
    expect(s.index).toBe(6);
    expect(current(s).code).toBe('resume');
    expect(move(s, 'back').index).toBe(5);
    s = setAlreadyThere(s, true);
    expect(s).toEqual({ alreadyThere: true, index: 0 });
    expect(move(move(s, 'forward'), 'forward').index).toBe(1);
  });

  it('the clicker walks the call and the six steps', () => {
    expect(SPEAKER_SEQUENCE).toHaveLength(7);
    const codes = SPEAKER_SEQUENCE.map((_, i) => current(stateForStep(i, setAlreadyThere(initialState(), true))).code);
    expect(codes).toEqual(['call', 'yield', 'park', 'setResult', 'schedule', 'wakeup', 'resume']);
  });
});
