/**
 * The await-future slide as the deck's one picture of the loop (await-future-scene.ts): every step of the wake-up
 * (and of the toggle's two) maps to a CPython scene, every step moves something, and what the step's notes paragraph
 * names is where the notes say: the Task's coroutine on the call stack while it runs, the frames frozen on the future
 * while the task waits, Task-1's __wakeup hanging on the future, then in `_ready` once the result is set.
 */
import { describe, expect, it } from 'vitest';
import { sceneAt, sceneOf } from '../../components/await-future/await-future-scene.ts';
import { SPEAKER_SEQUENCE, stateForStep, wakeSteps } from '../../components/await-future/await-future-model.ts';
import { moved, placeOf, type Scene } from '../../components/shared/loop-picture/loop-picture-model.ts';

const labels = (list: readonly { label: string }[]) => list.map((c) => c.label);
const steps = SPEAKER_SEQUENCE.map((_, i) => sceneOf(stateForStep(i, { alreadyThere: false, index: 0 })));
const fut = (s: Scene) => s.futures?.find((f) => f.id === 'fut');

describe('await-future: the wake-up in the loop picture', () => {
  it('maps every step of both runs to a CPython scene with a futures region, and refuses a step that is not there', () => {
    for (const already of [false, true])
      wakeSteps(already).forEach((_, i) => {
        const s = sceneAt(already, i);
        expect(s.flavour).toBe('cpython');
        expect(s.futures).not.toBeNull();
        expect(s.phase).toBe('run');
      });
    expect(() => sceneAt(false, 7)).toThrow(/no step 7/);
  });

  it('every clicker step moves a chip between regions (or brings one in or takes one away)', () => {
    for (let i = 1; i < steps.length; i++) expect(moved(steps[i - 1]!, steps[i]!), `step ${i}`).not.toEqual([]);
    // and the toggle's second step too
    expect(moved(sceneAt(true, 0), sceneAt(true, 1))).not.toEqual([]);
  });

  it('0: Task-1’s coroutine runs on the stack, sock_recv on top; fut is made, pending, with sock_recv’s own callback', () => {
    const s = steps[0]!;
    expect(labels(s.stack)).toEqual(['Task-1.__step', 'handler', 'fetch', 'sock_recv']);
    expect(s.stack.every((c) => !c.suspended)).toBe(true);
    expect(fut(s)).toMatchObject({ done: false, label: 'fut' });
    expect(labels(fut(s)!.waiters ?? [])).toEqual([]);
    expect(s.sockets).toEqual([{ id: 'sock', label: 'sock', state: 'coming' }]);
    expect(s.lit).toEqual(['stack']);
  });

  it('1: the yield freezes the whole chain on fut: the frames leave the stack and hang on it, frozen', () => {
    const s = steps[1]!;
    expect(labels(s.stack)).toEqual(['Task-1.__step']);
    expect(labels(fut(s)!.waiters!)).toEqual(['handler', 'fetch', 'sock_recv']);
    expect(fut(s)!.waiters!.every((c) => c.suspended)).toBe(true);
    expect(placeOf(s).get('frame-handler')).toBe('futures');
  });

  it('2: the task parks: its __wakeup hangs on fut, the stack is empty, the loop holds nothing of it', () => {
    const s = steps[2]!;
    expect(s.stack).toEqual([]);
    expect(labels(fut(s)!.callbacks!)).toEqual(['_sock_read_done', 'Task-1.__wakeup']);
    expect(s.macrotasks).toEqual([]);
    expect(placeOf(s).get('task-1')).toBe('futures');
  });

  it('3: the data arrives: the reader runs, fut holds the data, its callbacks still hang on it, nothing queued', () => {
    const s = steps[3]!;
    expect(labels(s.stack)).toEqual(['_sock_recv']);
    expect(fut(s)).toMatchObject({ done: true, label: "fut = b'data'" });
    expect(labels(fut(s)!.callbacks!)).toEqual(['_sock_read_done', 'Task-1.__wakeup']);
    expect(s.macrotasks).toEqual([]);
    expect(s.now).toBe(50);
  });

  it('4: set_result resumes no one: the callbacks move into _ready, the frames stay frozen on fut', () => {
    const s = steps[4]!;
    expect(labels(s.macrotasks)).toEqual(['_sock_read_done', 'Task-1.__wakeup']);
    expect(placeOf(s).get('task-1')).toBe('macrotasks');
    expect(fut(s)!.callbacks).toEqual([]);
    expect(fut(s)!.waiters!.every((c) => c.suspended)).toBe(true);
    expect(moved(steps[3]!, s).sort()).toEqual(['read-done', 'task-1']);
  });

  it('5: the next turn runs __wakeup: it and the frames are back on the stack, running; 6: they return', () => {
    const s = steps[5]!;
    expect(labels(s.stack)).toEqual(['Task-1.__wakeup', 'handler', 'fetch', 'sock_recv']);
    expect(s.stack.every((c) => !c.suspended)).toBe(true);
    expect(s.macrotasks).toEqual([]);
    const end = steps[6]!;
    expect(end.stack).toEqual([]);
    expect(end.futures).toEqual([]);
    expect(labels(end.macrotasks)).toEqual(['_run_until_complete_cb']);
    expect(end.ran).toEqual(['sock_recv', 'fetch', 'handler']);
  });

  it('nothing is ever in _scheduled: this wake-up needs no timer', () => {
    for (const s of steps) expect(s.timers).toEqual([]);
  });
});
