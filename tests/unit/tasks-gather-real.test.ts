/**
 * tasks-gather against the real CPython on this machine: every strategy, with and without the failing call, for
 * two sets of short latencies, run by tests/probes/tasks_gather_probe.py from the very handler source the slide
 * shows (handlerSource). Compared with the asyncio model (tasks-gather-model.ts, outcome):
 * - how each call ended (its result, its exception, cancelled, never started), exactly;
 * - the order in which the calls ended and the caller resumed, exactly (the loop's order: a failure, the
 *   cancellations it causes, the caller's wake-up, the survivors that run on);
 * - what the caller received, as repr prints it, exactly;
 * - when each of those happened: never earlier than the model (a sleep is never short) and no later than the
 *   model plus 20 ms and 25 % (a loaded machine wakes late, and the sequential case adds three wake-ups).
 * A real run on a shared machine can be disturbed: a case that disagrees is run again, up to 3 times. Nothing
 * asserts how fast the machine is. Skipped (visibly) only when python3 is missing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPython } from './python-tool.ts';
import { outcome, type Outcome } from '../../components/tasks-gather/tasks-gather-model.ts';
import {
  CALLS,
  STRATEGIES,
  WINDOW_MARGIN_MS,
  handlerSource,
  type Latencies,
  type Strategy,
} from '../../components/tasks-gather/tasks-gather-programs.ts';

const PROBE = join(__dirname, '..', 'probes', 'tasks_gather_probe.py');
const python = findPython('tasks-gather-real');
const hasPython = python.exe !== null;
const SKIP = python.skip;

/** b finishes first and a before c; then b fails while a is still running and c is long done. */
const LATENCY_SETS: Latencies[] = [
  [60, 30, 90],
  [90, 60, 30],
];

interface Case {
  readonly strategy: Strategy;
  readonly fail: boolean;
  readonly latencies: Latencies;
}
const CASES: Case[] = LATENCY_SETS.flatMap((latencies) =>
  STRATEGIES.flatMap((strategy) => [false, true].map((fail) => ({ strategy, fail, latencies }))),
);

type RealEvent = [who: string, how: string, ms: number, repr: string | null];

function probe(cases: readonly Case[]): RealEvent[][] {
  const input = cases.map((c) => ({
    source: handlerSource(c.strategy, c.latencies, c.fail),
    window_ms: Math.max(...c.latencies) + WINDOW_MARGIN_MS,
  }));
  const r = spawnSync('python3', [PROBE, JSON.stringify(input)], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`probe failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as RealEvent[][];
}

/** What the real run says, in the model's terms. */
function readReal(events: RealEvent[]) {
  const ends = events.filter((e) => e[1] !== 'start');
  const how = CALLS.map((n) => ends.find((e) => e[0] === n)?.[1] ?? 'not_started');
  const caller = ends.find((e) => e[0] === 'caller');
  return {
    how,
    order: ends.map((e) => `${e[0]}.${e[1]}`),
    receives: caller?.[3] ?? null,
    times: ends.map((e) => e[2]),
  };
}

function readModel(m: Outcome) {
  return {
    how: m.calls.map((c) => c.how),
    order: m.order.map((e) => `${e.who}.${e.how}`),
    receives: m.caller.receives,
    times: m.order.map((e) => e.time),
  };
}

const lateBy = (model: number) => 20 + 0.25 * model;

function disagreement(m: ReturnType<typeof readModel>, r: ReturnType<typeof readReal>): string | null {
  if (JSON.stringify(m.how) !== JSON.stringify(r.how)) return `calls ended ${r.how.join()} (model ${m.how.join()})`;
  if (JSON.stringify(m.order) !== JSON.stringify(r.order)) return `order ${r.order.join()} (model ${m.order.join()})`;
  if (m.receives !== r.receives) return `received ${r.receives} (model ${m.receives})`;
  for (let i = 0; i < m.times.length; i++) {
    const [mt, rt] = [m.times[i]!, r.times[i]!];
    if (rt < mt - 1 || rt > mt + lateBy(mt)) return `${m.order[i]} at ${rt} ms (model ${mt} ms)`;
  }
  return null;
}

describe('tasks-gather against CPython', () => {
  it.skipIf(!hasPython)(
    `${CASES.length} runs (5 strategies × fail on/off × 2 latency sets): how each call ended, the order, what the caller received, when${SKIP}`,
    () => {
      const first = probe(CASES);
      const rows = CASES.map((c, i) => {
        const m = readModel(outcome(c));
        let r = readReal(first[i]!);
        const seen: string[] = [];
        for (let attempt = 0; ; attempt++) {
          const d = disagreement(m, r);
          if (d === null) break;
          seen.push(d);
          if (attempt === 2)
            throw new Error(`${JSON.stringify(c)}: no real run agreed with the model: ${seen.join('; ')}`);
          r = readReal(probe([c])[0]!);
        }
        const when = m.order.map((e, j) => `${e} ${m.times[j]}/${r.times[j]}`).join(', ');
        return `${c.strategy}${c.fail ? ' (b fails)' : ''} ${c.latencies.join('/')} ms: ${m.receives}; ${when} (model/CPython ms)`;
      });
      console.info(rows.join('\n'));
    },
    120_000,
  );

  // The CPython lines the slide's notes quote (slides/text/tasks-gather.ts), file and line.
  const QUOTED: [file: string, line: number, text: string][] = [
    ['tasks.py', 774, 'if not return_exceptions:'],
    ['tasks.py', 785, 'outer.set_exception(exc)'],
    ['tasks.py', 941, '_all_tasks = weakref.WeakSet()'],
    ['taskgroups.py', 144, "me = BaseExceptionGroup('unhandled errors in a TaskGroup', self._errors)"],
    ['taskgroups.py', 182, 't.cancel()'],
  ];
  it.skipIf(!hasPython)(`the lines the notes quote are in the installed CPython's asyncio${SKIP}`, () => {
    const dir = python.asyncioDir;
    for (const [file, line, text] of QUOTED)
      expect(readFileSync(join(dir, file), 'utf8').split('\n')[line - 1]?.trim(), `${file}:${line}`).toBe(text);
  });

  it('the cases cover every way a call can end, and the survivors of a failure', () => {
    const all = CASES.map((c) => outcome(c));
    const hows = new Set(all.flatMap((o) => o.calls.map((c) => c.how)));
    expect([...hows].sort()).toEqual(['cancelled', 'exception', 'not_started', 'result']);
    expect(all.some((o) => o.calls.some((c) => c.unattended))).toBe(true);
  });
});
