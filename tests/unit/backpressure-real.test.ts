/**
 * The backpressure model's two rules against the real things:
 * - a Node `Writable` (objectMode, and bytes) run here, in this test's own Node: `write()` returns false exactly when
 *   the buffered length reaches highWaterMark, and 'drain' fires when a buffer that said false has emptied; the
 *   reducers `streamWrite`/`streamComplete` answer the same for any sequence of writes and completions;
 * - Python's `asyncio.Queue(maxsize)` (tests/probes/backpressure_queue.py): `put()` waits exactly when the queue is
 *   full, and a `get()` lets a waiting `put()` in; `queuePut`/`queueGet` answer the same. Skipped visibly without
 *   python3.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findPython } from './python-tool.ts';
import fc from 'fast-check';
import {
  emptyQueue,
  emptyStream,
  queueGet,
  queuePut,
  streamComplete,
  streamWrite,
} from '../../components/backpressure/backpressure-model.ts';

type StreamOp = 'write' | 'complete';

/** A real Writable whose writes complete only when told: per op, write()'s answer or whether 'drain' fired, and writableLength. */
function realStream(highWaterMark: number, ops: readonly StreamOp[], objectMode = true) {
  const pending: (() => void)[] = [];
  const w = new Writable({
    objectMode,
    highWaterMark,
    write(_chunk, _enc, cb) {
      pending.push(() => cb());
    },
  });
  let drained = 0;
  w.on('drain', () => drained++);
  const out: { answer: boolean; length: number }[] = [];
  for (const op of ops) {
    if (op === 'write') {
      const ok = w.write(objectMode ? { item: out.length } : Buffer.alloc(1));
      out.push({ answer: ok, length: w.writableLength });
    } else {
      const before = drained;
      pending.shift()?.();
      out.push({ answer: drained > before, length: w.writableLength });
    }
  }
  return out;
}

function modelStream(highWaterMark: number, ops: readonly StreamOp[]) {
  let s = emptyStream;
  return ops.map((op) => {
    if (op === 'write') {
      const r = streamWrite(s, highWaterMark);
      s = r.state;
      return { answer: r.ok, length: s.length };
    }
    const r = streamComplete(s);
    s = r.state;
    return { answer: r.drain, length: s.length };
  });
}

describe('a Node Writable (this Node, ' + process.version + '): write() and drain', () => {
  it('hand-worked: highWaterMark 3 — true, true, false; drain only when all three are written', () => {
    const ops: StreamOp[] = ['write', 'write', 'write', 'complete', 'complete', 'complete', 'write'];
    const real = realStream(3, ops);
    expect(real.map((r) => r.answer)).toEqual([true, true, false, false, false, true, true]);
    expect(real.map((r) => r.length)).toEqual([1, 2, 3, 2, 1, 0, 1]);
    expect(modelStream(3, ops)).toEqual(real);
  });

  it('bytes: false once writableLength reaches highWaterMark, as in objectMode', () => {
    const ops: StreamOp[] = ['write', 'write', 'write', 'write', 'complete'];
    expect(realStream(4, ops, false)).toEqual(modelStream(4, ops));
    expect(realStream(4, ops, false).map((r) => r.answer)).toEqual([true, true, true, false, false]);
  });

  it('the default highWaterMark the slide names: 16 KB up to Node 21, 64 KB from Node 22; 16 objects in objectMode', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(new Writable().writableHighWaterMark).toBe(major >= 22 ? 65536 : 16384);
    expect(new Writable({ objectMode: true }).writableHighWaterMark).toBe(16);
  });

  it('property: for any writes and completions, the model answers as Node does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.constantFrom<StreamOp>('write', 'complete'), { maxLength: 60 }),
        (hwm, ops) => {
          expect(modelStream(hwm, ops)).toEqual(realStream(hwm, ops));
        },
      ),
      { numRuns: 300 },
    );
  });
});

const python = findPython('backpressure-real', {
  needs: 'asyncio',
  skipped: 'the asyncio.Queue comparisons are skipped',
});
const noPython = python.skip;

type QueueOp = 'put' | 'get';

function realQueues(runs: { maxsize: number; ops: QueueOp[] }[]): [number, number, boolean][][] {
  const p = spawnSync(python.exe!, [join(__dirname, '..', 'probes', 'backpressure_queue.py')], {
    input: JSON.stringify(runs),
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (p.status !== 0) throw new Error(`backpressure_queue.py failed: ${p.stderr}`);
  return JSON.parse(p.stdout) as [number, number, boolean][][];
}

function modelQueue(maxsize: number, ops: readonly QueueOp[]): [number, number, boolean][] {
  let s = emptyQueue;
  return ops.map((op) => {
    if (op === 'put') {
      const r = queuePut(s, maxsize);
      s = r.state;
      return [s.size, s.waiting, r.waited];
    }
    const r = queueGet(s);
    s = r.state;
    return [s.size, s.waiting, r.got];
  });
}

describe.skipIf(noPython !== '')(`asyncio.Queue(maxsize): put() waits while full${noPython}`, () => {
  it('hand-worked: maxsize 2 — the third put waits until a get frees a slot; maxsize 0 never waits', () => {
    const ops: QueueOp[] = ['put', 'put', 'put', 'get', 'get', 'get', 'get'];
    const [two, none] = realQueues([
      { maxsize: 2, ops },
      { maxsize: 0, ops },
    ]);
    expect(two).toEqual([
      [1, 0, false],
      [2, 0, false],
      [2, 1, true],
      [2, 0, true],
      [1, 0, true],
      [0, 0, true],
      [0, 0, false],
    ]);
    expect(modelQueue(2, ops)).toEqual(two);
    expect(modelQueue(0, ops)).toEqual(none);
  });

  it('property: for any puts and gets, the model answers as asyncio does', () => {
    const runs = fc.sample(
      fc.record({
        maxsize: fc.integer({ min: 0, max: 5 }),
        ops: fc.array(fc.constantFrom<QueueOp>('put', 'get'), { maxLength: 30 }),
      }),
      { numRuns: 80, seed: 21 },
    );
    const real = realQueues(runs);
    runs.forEach((r, i) => expect(modelQueue(r.maxsize, r.ops), JSON.stringify(r)).toEqual(real[i]));
  });
});
