/**
 * The page's side of "Your code"'s worker (components/shared/py-record/py-runner.ts) against a stand-in worker that
 * answers as py-worker.ts does: the time budget counts from Run once Python is loaded (a callback a program left
 * behind keeps the worker from even starting the next run), and a recording over MAX_RECORDING_CHARS is refused
 * before it is parsed; `warm()` has one worker load Python ahead of the first run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_RECORDING_CHARS,
  type RunRequest,
  type WarmRequest,
  type WorkerMessage,
} from '../../components/shared/py-record/py-protocol.ts';

class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  readonly requests: RunRequest[] = [];
  readonly warms: WarmRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(r: RunRequest | WarmRequest): void {
    if (r.kind === 'warm') this.warms.push(r);
    else this.requests.push(r);
  }
  terminate(): void {
    this.terminated = true;
  }
  say(m: WorkerMessage): void {
    this.onmessage?.({ data: m } as MessageEvent<WorkerMessage>);
  }
  get lastId(): number {
    return this.requests[this.requests.length - 1]!.id;
  }
}

vi.mock('../../components/shared/py-record/create-py-worker.ts', () => ({
  pyWorkerAvailable: () => true,
  createPyWorker: () => new FakeWorker(),
}));

const { BUDGET_MS, PyRunner } = await import('../../components/shared/py-record/py-runner.ts');

const recording = (stdout = '') =>
  JSON.stringify({
    python: '3.14.2',
    ok: true,
    end: 'done',
    message: null,
    line: null,
    turns: [],
    stdout,
    stderr: '',
    traceback: null,
  });

/** Whether the promise has settled once the pending microtasks have run (no timer involved: the clock is fake). */
async function settled<T>(p: Promise<T>): Promise<T | 'pending'> {
  let out: T | 'pending' = 'pending';
  void p.then((v) => (out = v));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return out;
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the time budget', () => {
  it('starts at Run once Python is loaded: a worker that never starts the next run is stopped after the budget', async () => {
    const runner = new PyRunner();
    const first = runner.run('print(1)', false);
    const w = FakeWorker.made[0]!;
    w.say({ kind: 'started', id: w.lastId, python: '3.14.2' });
    w.say({ kind: 'result', id: w.lastId, json: recording('1\n') });
    expect((await first).kind).toBe('recorded');
    // the program left `loop.call_later(0, busy)` behind: the worker never reads the next request
    const second = runner.run('print(2)', false);
    expect(w.requests).toHaveLength(2);
    vi.advanceTimersByTime(BUDGET_MS + 2_000 - 1);
    expect(await settled(second)).toBe('pending');
    vi.advanceTimersByTime(1);
    expect(await second).toEqual({ kind: 'overtime', budgetMs: BUDGET_MS });
    expect(w.terminated).toBe(true);
    // the next run has a new worker
    void runner.run('print(3)', false);
    expect(FakeWorker.made).toHaveLength(2);
    runner.dispose();
  });

  it("does not count a fresh worker's loading of Python", async () => {
    const runner = new PyRunner();
    const run = runner.run('print(1)', false);
    const w = FakeWorker.made[0]!;
    for (let i = 0; i < 60; i++) {
      w.say({ kind: 'progress', loaded: i, total: 60 });
      vi.advanceTimersByTime(1_000);
    }
    expect(await settled(run)).toBe('pending');
    w.say({ kind: 'started', id: w.lastId, python: '3.14.2' });
    vi.advanceTimersByTime(BUDGET_MS);
    w.say({ kind: 'result', id: w.lastId, json: recording() });
    expect((await run).kind).toBe('recorded');
    expect(w.terminated).toBe(false);
  });
});

describe('the size of a recording', () => {
  it('a recording over MAX_RECORDING_CHARS is refused unread, and its worker is not used again', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const runner = new PyRunner();
    const run = runner.run('print(1)', false);
    const w = FakeWorker.made[0]!;
    w.say({ kind: 'started', id: w.lastId, python: '3.14.2' });
    const json = recording('x'.repeat(MAX_RECORDING_CHARS));
    w.say({ kind: 'result', id: w.lastId, json });
    expect(await run).toEqual({ kind: 'oversize', chars: json.length });
    expect(parse.mock.calls.filter(([text]) => text === json)).toHaveLength(0);
    expect(w.terminated).toBe(true);
  });

  it("the worker's own refusal (it did not send the recording) is the same outcome", async () => {
    const runner = new PyRunner();
    const run = runner.run('print(1)', false);
    const w = FakeWorker.made[0]!;
    w.say({ kind: 'started', id: w.lastId, python: '3.14.2' });
    w.say({ kind: 'oversize', id: w.lastId, chars: MAX_RECORDING_CHARS + 1 });
    expect(await run).toEqual({ kind: 'oversize', chars: MAX_RECORDING_CHARS + 1 });
    expect(w.terminated).toBe(true);
  });

  it('a recording at the bound is read', async () => {
    const runner = new PyRunner();
    const run = runner.run('print(1)', false);
    const w = FakeWorker.made[0]!;
    w.say({ kind: 'started', id: w.lastId, python: '3.14.2' });
    const json = recording('y'.repeat(MAX_RECORDING_CHARS - recording().length));
    expect(json.length).toBe(MAX_RECORDING_CHARS);
    w.say({ kind: 'result', id: w.lastId, json });
    expect((await run).kind).toBe('recorded');
  });
});

describe('Python loaded ahead (warm)', () => {
  it('makes the worker and asks it to load once; the first Run uses that worker; after Stop a new one is warmed', async () => {
    const runner = new PyRunner();
    runner.warm();
    runner.warm();
    expect(FakeWorker.made).toHaveLength(1);
    const w = FakeWorker.made[0]!;
    expect(w.warms).toEqual([{ kind: 'warm' }]);
    expect(w.requests).toHaveLength(0);
    const run = runner.run('print(1)', false);
    expect(FakeWorker.made).toHaveLength(1);
    expect(w.requests).toHaveLength(1);
    w.say({ kind: 'started', id: w.lastId, python: '3.14.2' });
    w.say({ kind: 'result', id: w.lastId, json: recording('1\n') });
    expect(await settled(run)).toMatchObject({ kind: 'recorded' });
    runner.warm();
    expect(w.warms).toHaveLength(1);
    // Stop ends the worker: the next warm makes and warms a new one
    const stuck = runner.run('while True: pass', false);
    runner.stop();
    expect(await settled(stuck)).toEqual({ kind: 'stopped' });
    expect(w.terminated).toBe(true);
    runner.warm();
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[1]!.warms).toEqual([{ kind: 'warm' }]);
  });
});
