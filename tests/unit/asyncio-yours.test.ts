/**
 * "Your code" on asyncio-loop (components/asyncio-loop/asyncio-loop-yours.ts): the editor's and the run's state, the
 * stepping through lib/stepping, and what a recorded turn shows, on recordings the recorder makes of seed 000's
 * programs under the machine's python3 (the browser runs the same recorder in CPython 3.14; the e2e test
 * tests/e2e/asyncio-yours.spec.ts sees the same turns there). Skipped visibly without python3.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initialYours } from '../../components/asyncio-loop/asyncio-loop-yours-state.ts';
import {
  SPEAKER_SEQUENCE,
  initialState,
  setView,
  setYours,
  stateForStep,
} from '../../components/asyncio-loop/asyncio-loop-model.ts';
import {
  MAX_SOURCE_BYTES,
  SEED_PROGRAMS,
  blockedIn,
  currentTurn,
  draftOf,
  editDraft,
  finished,
  groupRecorded,
  notableHandles,
  openStart,
  chooseStart,
  progressed,
  recordedPhases,
  recordedTurnView,
  runPressed,
  seconds,
  started,
  starts,
  turnExcerpt,
  turnsOf,
  yoursTurnTo,
  type YoursState,
} from '../../components/asyncio-loop/asyncio-loop-yours.ts';
import { PRESETS, listingOf, presetProgram } from '../../components/asyncio-loop/asyncio-loop-programs.ts';
import { parseRecording, type PyRecording } from '../../components/shared/py-record/py-protocol.ts';
import { handleText, turnLines } from '../../components/shared/py-record/py-names.ts';
import { findPython } from './python-tool.ts';

const RECORDER = join(__dirname, '..', '..', 'components', 'shared', 'py-record', 'asyncio_recorder.py');
const python = findPython('asyncio-yours', {
  candidates: ['python3.11', 'python3'],
  skipped: 'seed 000 is not recorded',
});
const listing = (p: Exclude<(typeof PRESETS)[number], 'custom'>) => listingOf(presetProgram(p, 3));

const tmp = mkdtempSync(join(tmpdir(), 'asyncio-yours-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function record(source: string): PyRecording {
  const file = join(tmp, `p${Math.random().toString(36).slice(2)}.py`);
  writeFileSync(file, source);
  const r = spawnSync(python.exe!, [RECORDER, file], { encoding: 'utf8', timeout: 60_000 });
  const rec = parseRecording(r.stdout);
  if (!rec) throw new Error(`not a recording: ${r.stderr}`);
  return rec;
}

const recorded = (recording: PyRecording): YoursState => finished(initialYours(), { kind: 'recorded', recording });

describe('"Your code": state', () => {
  it("starts from seed 000's blocking program until the person edits; a start opens in the editor", () => {
    const s = initialYours();
    expect(draftOf(s, listing)).toBe(SEED_PROGRAMS.blocking50);
    const edited = editDraft(s, 'print(1)');
    expect(draftOf(edited, listing)).toBe('print(1)');
    const opened = openStart(chooseStart(edited, 'gather10'), listing);
    expect(draftOf(opened, listing)).toBe(listingOf(presetProgram('gather10', 3)));
    expect(starts(PRESETS)).toEqual([
      'blocking50',
      'cooperative50',
      'heartbeat',
      ...PRESETS.filter((p) => p !== 'custom'),
    ]);
  });

  it('Run loads Python the first time only; progress and started move the job; a long program is refused', () => {
    const s = initialYours();
    expect(runPressed(s, false, listing).job).toBe('loading');
    expect(runPressed(s, true, listing).job).toBe('running');
    const p = progressed(runPressed(s, false, listing), 10, 100);
    expect([p.loaded, p.total]).toEqual([10, 100]);
    expect(started(p).job).toBe('running');
    expect(progressed(s, 1, 2)).toBe(s); // not running: nothing to report
    const long = runPressed(editDraft(s, 'x'.repeat(MAX_SOURCE_BYTES + 1)), true, listing);
    expect(long.job).toBe('idle');
    expect(long.outcome).toEqual({ kind: 'tooLong', bytes: MAX_SOURCE_BYTES + 1 });
    expect(finished(p, { kind: 'stopped' })).toMatchObject({ job: 'idle', outcome: { kind: 'stopped' }, index: 0 });
  });

  it('a speaker step leaves "Your code" as the person left it; an unchanged part keeps the state', () => {
    const mine = editDraft(initialYours(), 'print(1)');
    const s = setYours(setView(initialState(), 'yours'), mine);
    for (let step = 0; step < SPEAKER_SEQUENCE.length; step++) expect(stateForStep(step, s).yours).toBe(mine);
    expect(setYours(s, mine)).toBe(s);
  });

  it('groups runs of four or more of one callback, with the calls their tasks run', () => {
    const whats = [
      ...Array.from({ length: 5 }, (_, i) => `Task.__step of task 'Task-${i + 2}' (work(${i}))`),
      "Task.__wakeup of task 'Task-1' (main()) (task 'Task-2' is done)",
      'asyncio.sleep timer: set the result of future fut-3',
      'the result of blocking_io(0.25) from worker asyncio_0: set the result of future fut-4',
      "gather.<locals>._done_callback: a callback of task 'Task-3' (work(1))",
      'Future.set_result: a callback of future fut-5',
      'print(1)',
    ];
    expect(groupRecorded(whats)).toEqual([
      { callback: 'Task.__step', tasks: ['work(0)', 'work(1)', 'work(2)', 'work(3)', 'work(4)'], count: 5 },
      { callback: 'Task.__wakeup', tasks: ['main()'], count: 1 },
      { callback: 'asyncio.sleep timer', tasks: ['fut-3'], count: 1 },
      { callback: 'result of asyncio_0', tasks: ['blocking_io(0.25)'], count: 1 },
      { callback: 'gather._done_callback', tasks: ['work(1)'], count: 1 },
      { callback: 'Future.set_result', tasks: ['fut-5'], count: 1 },
      { callback: 'print', tasks: [], count: 1 },
    ]);
  });
});

describe(`"Your code": seed 000's programs as CPython records them${python.skip}`, () => {
  it.skipIf(!python.exe)('blocking: the 50 time.sleep(0.1) run in one turn that keeps the thread 5 s', () => {
    const rec = record(SEED_PROGRAMS.blocking50);
    expect(rec.end).toBe('done');
    expect(rec.stdout).toBe('done at 5.0\n');
    const s = recorded(rec);
    const blocking = turnsOf(s).filter((t) => blockedIn(t) > 0);
    expect(blocking).toHaveLength(1);
    expect(blocking[0]!.ran).toHaveLength(50);
    expect(seconds(blockedIn(blocking[0]!))).toBe('5');
    expect(notableHandles(blocking[0]!)).toMatchObject({ more: 44 });
    expect(notableHandles(blocking[0]!).shown).toHaveLength(6);
    // the turn view of that turn: ntodo = 50 __step of Task-2…Task-51, one group
    const v = recordedTurnView(blocking[0]!);
    expect(v.ntodo).toBe(50);
    expect(v.ran).toEqual([{ callback: 'Task.__step', tasks: expect.any(Array) as unknown, count: 50 }]);
    expect(v.timeout).toBe(0);
    // and the turn after it starts at 5 s of the loop's clock
    const next = turnsOf(s)[blocking[0]!.n]!;
    expect(next.time).toBe(5);
  });

  it.skipIf(!python.exe)('cooperative: the 50 timers are due together after one sleep of 0.1 s in select()', () => {
    const rec = record(SEED_PROGRAMS.cooperative50);
    expect(rec.stdout).toBe('done at 0.1\n');
    const turns = turnsOf(recorded(rec));
    const slept = turns.filter((t) => (t.slept ?? 0) > 0);
    expect(slept).toHaveLength(1);
    const v = recordedTurnView(slept[0]!);
    expect(v.slept).toBe(100_000_000);
    expect(v.timeout).toBe(100_000_000);
    expect(v.due).toBe(50);
    expect(turns.every((t) => blockedIn(t) === 0)).toBe(true);
  });

  it.skipIf(!python.exe)(
    'the heartbeat beside a worker blocking 100 ms a portion: 4 ticks in a second, as the seed measured',
    () => {
      const rec = record(SEED_PROGRAMS.heartbeat);
      expect(rec.stdout).toBe('4 ticks in 1.0 s\n');
      // ten portions of 100 ms, each in a turn of its own: the loop's clock moves only by blocking
      const blocking = rec.turns.filter((t) => blockedIn(t) > 0);
      expect(blocking).toHaveLength(10);
      expect(seconds(rec.turns.reduce((sum, t) => sum + blockedIn(t), 0))).toBe('1');
      expect(rec.turns.every((t) => (t.slept ?? 0) === 0)).toBe(true);
      expect(recordedPhases(rec.turns)[0]).toMatchObject({ phase: 'main' });
    },
  );

  it.skipIf(!python.exe)(
    "three tasks of one worker are told apart by their calls, the chips name no CPython internals, and each turn marks the program's lines",
    () => {
      const source =
        'import asyncio\n\nasync def worker(n):\n    await asyncio.sleep(n / 10)\n    print(n)\n\n' +
        'async def main():\n    await asyncio.gather(*(worker(n) for n in (1, 2, 3)))\n\nasyncio.run(main())\n';
      const rec = record(source);
      expect([rec.end, rec.stdout, rec.source]).toEqual(['done', '1\n2\n3\n', source]);
      const views = rec.turns.map(recordedTurnView);
      const chips = views.flatMap((v) => [...v.ran, ...v.readyBefore, ...v.readyAfter, ...v.scheduledAfter]);
      const names = chips.map((c) => `${c.callback} ${c.tasks.join(' ')}`);
      for (const internal of ['_set_result_unless_cancelled', 'TaskStepMethWrapper', 'task_wakeup', 'Task-'])
        expect(
          names.filter((n) => n.includes(internal)),
          internal,
        ).toEqual([]);
      expect(views[1]!.ran).toEqual(
        [1, 2, 3].map((n) => ({ callback: 'Task.__step', tasks: [`worker(${n})`], count: 1 })),
      );
      expect(names).toContain('asyncio.sleep timer fut-2');
      // the lines: main starts at 7 and waits at 8; each worker starts at 3 and waits at 4; each wakes at 4, prints, ends
      expect(turnLines(rec.turns[0]!)).toEqual([7, 8]);
      // the code view shows them with a line of context each side
      expect(turnExcerpt(source, turnLines(rec.turns[0]!))).toEqual({
        code: '\nasync def main():\n    await asyncio.gather(*(worker(n) for n in (1, 2, 3)))\n',
        from: 6,
        to: 9,
        current: [2, 3],
      });
      expect(turnExcerpt(source, [])).toBeNull();
      expect(turnExcerpt('a\nb\nc\nd\ne\nf\n', [2, 6], 3)).toEqual({ code: 'a\nb\nc', from: 1, to: 3, current: [2] });
      expect(turnLines(rec.turns[1]!)).toEqual([3, 4]);
      const printed = rec.turns.find((t) => t.ran.some((h) => h.stdout === '2\n'))!;
      expect(turnLines(printed)).toEqual([4]);
      // the command line's words are the same: one naming for both
      const file = join(tmp, 'workers.py');
      writeFileSync(file, source);
      const cli = spawnSync(
        join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx'),
        [join(__dirname, '..', '..', 'scripts', 'asyncio.ts'), 'record', file, '--engine', 'python3'],
        { encoding: 'utf8', timeout: 60_000 },
      );
      for (const h of rec.turns.flatMap((t) => t.ran)) expect(cli.stdout).toContain(`  ran ${handleText(h)}\n`);
      expect(cli.stdout).toContain("  ran Task.__step of task 'Task-3' (worker(2)) · lines 3, 4\n");
    },
  );

  it.skipIf(!python.exe)(
    'stepping goes through lib/stepping: before the first turn, each turn, clamped at the end',
    () => {
      const s = recorded(record(SEED_PROGRAMS.blocking50));
      const n = turnsOf(s).length;
      expect(currentTurn(s)).toBeNull();
      const one = yoursTurnTo(s, 'forward');
      expect(currentTurn(one)?.n).toBe(1);
      const end = yoursTurnTo(s, 'end');
      expect(end.index).toBe(n);
      expect(yoursTurnTo(end, 'forward')).toBe(end);
      expect(yoursTurnTo(end, 'reset').index).toBe(0);
      expect(yoursTurnTo(one, 'back').index).toBe(0);
      expect(yoursTurnTo(s, n + 10).index).toBe(n);
    },
  );
});
