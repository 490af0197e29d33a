import { describe, expect, it } from 'vitest';
import {
  ROUNDS,
  SPEAKER_SEQUENCE,
  answer,
  ctxtTotals,
  hasTellingFeature,
  initialState,
  nextRound,
  pidstatNonvoluntary,
  restartGame,
  score,
  setCommand,
  setProcess,
  shotOf,
  stateForStep,
  straceRows,
  tellingLine,
  headerLine,
  outputLines,
  presentedLines,
  PRESENTED_TELLING,
  splitComment,
  topSyscall,
  unfinishedRead,
  wchans,
} from '../../components/observe/observe-model.ts';
import { RECORDINGS, RECORDED } from '../../components/observe/observe-recordings.ts';
import { COMMANDS, PROCESS_STATES } from '../../components/observe/observe-types.ts';
import { observeText } from '../../components/observe/observe-text.ts';

const STRACE_C = `strace: Process 30477 attached with 7 threads
% time     seconds  usecs/call     calls    errors syscall
------ ----------- ----------- --------- --------- ----------------
 93.10    2.818810          51     54687     25040 futex
  6.90    0.208000         100      2080           epoll_pwait
------ ----------- ----------- --------- --------- ----------------
100.00    3.026810          53     56767     25040 total`;

describe('reading the outputs (hand-made examples)', () => {
  it('strace -c: rows with and without errors, the total left out, the top one by time', () => {
    expect(straceRows(STRACE_C)).toEqual([
      { pct: 93.1, seconds: 2.81881, calls: 54687, errors: 25040, syscall: 'futex' },
      { pct: 6.9, seconds: 0.208, calls: 2080, errors: 0, syscall: 'epoll_pwait' },
    ]);
    expect(topSyscall(STRACE_C)?.syscall).toBe('futex');
    expect(topSyscall('strace: Process 1 attached')).toBeNull();
  });

  it('a read strace saw start and never return', () => {
    expect(unfinishedRead('strace: Process 9 attached\nread(3, strace: Process 9 detached\n <detached ...>')).toBe(
      true,
    );
    expect(unfinishedRead('read(3, "x", 1) = 1')).toBe(false);
    expect(unfinishedRead('[pid 12] read(5, "ab", 2) = 2\n[pid 12] read(5, ')).toBe(false);
    expect(unfinishedRead('epoll_pwait(13, [], 1024, 100, NULL, 8) = 0')).toBe(false);
  });

  it('context switches summed over threads; pidstat’s nonvoluntary column summed over its thread lines', () => {
    const text =
      '/proc/1/task/1/status:voluntary_ctxt_switches:\t7\n/proc/1/task/1/status:nonvoluntary_ctxt_switches:\t2\n/proc/1/task/2/status:voluntary_ctxt_switches:\t3\n/proc/1/task/2/status:nonvoluntary_ctxt_switches:\t40';
    expect(ctxtTotals(text)).toEqual({ voluntary: 10, nonvoluntary: 42 });
    const pidstat =
      'Average:        0      4816         -      0.00      0.00  app\nAverage:        0         -      4816      0.00      0.00  |__app\nAverage:        0         -      4817      0.00     30.69  |__app\nAverage:        0         -      4818      1.00     24.75  |__app';
    expect(pidstatNonvoluntary(pidstat)).toBeCloseTo(55.44, 5);
  });

  it('ps -L: each thread’s state and wait channel', () => {
    expect(wchans('  TID STAT WCHAN                  COMMAND\n 3929 S    anon_pipe_read         python3')).toEqual([
      { stat: 'S', wchan: 'anon_pipe_read' },
    ]);
  });

  it('marks the telling lines', () => {
    expect(tellingLine('idle', '[pid 1] epoll_pwait(13, [], 1024, 100, NULL, 8) = 0')).toBe(true);
    expect(tellingLine('contended', '100.00    2.818810          51     54687     25040 futex')).toBe(true);
    expect(tellingLine('blocked', 'read(3, strace: Process 9 detached')).toBe(true);
    expect(tellingLine('blocked', 'strace: Process 9 attached')).toBe(false);
  });
});

describe('the committed recordings', () => {
  it.each(PROCESS_STATES)('%s has its telling feature', (state) => {
    expect(hasTellingFeature(state, RECORDINGS[state])).toBe(true);
  });

  it('each feature belongs to its own state only', () => {
    for (const a of PROCESS_STATES)
      for (const b of PROCESS_STATES)
        if (a !== b) expect(hasTellingFeature(a, RECORDINGS[b]), `${a} on ${b}`).toBe(false);
  });

  it('say where and when they were recorded; every command shows its PID as recorded', () => {
    expect(RECORDED.kernel).toMatch(/^Linux /);
    expect(RECORDED.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    for (const s of PROCESS_STATES) {
      const rec = RECORDINGS[s];
      for (const c of ['straceC', 'straceE', 'tasks', 'ps', 'ctxt', 'pidstat'] as const)
        expect(rec[c].command).toContain(String(rec.pid));
    }
    expect(shotOf('blocked', 'schedtrace')).toBeNull();
    expect(shotOf('idle', 'jcmd')).toBeNull();
    expect(shotOf('cpu', 'schedtrace')?.output).toMatch(/gomaxprocs=1 idleprocs=0 .*runqueue=[1-9]/);
    expect(shotOf('idle', 'schedtrace')?.output).toMatch(/idleprocs=2 .*runqueue=0/);
  });
});

describe('the demo’s state and the game', () => {
  it('the speaker sequence: idle, blocked, contended, CPU-bound, then the game', () => {
    expect(SPEAKER_SEQUENCE.map((s) => [s.mode, s.process, s.command])).toEqual([
      ['explore', 'idle', 'straceC'],
      ['explore', 'blocked', 'straceE'],
      ['explore', 'contended', 'straceC'],
      ['explore', 'cpu', 'pidstat'],
      ['game', 'idle', 'straceC'],
    ]);
    expect(stateForStep(0, initialState())).toEqual(initialState());
  });

  it('an answer counts once; the score survives a speaker step; restart clears it', () => {
    let s = stateForStep(4, initialState());
    expect(score(s)).toEqual({ right: 0, answered: 0 });
    s = answer(s, ROUNDS[0]!.state);
    expect(answer(s, 'idle')).toBe(s);
    s = nextRound(s);
    s = answer(s, 'idle'); // round 2 is the CPU-bound one
    expect(score(s)).toEqual({ right: 1, answered: 2 });
    expect(score(stateForStep(1, s))).toEqual({ right: 1, answered: 2 });
    for (let i = 0; i < 10; i++) s = nextRound(s);
    expect(s.round).toBe(ROUNDS.length - 1);
    expect(score(restartGame(s))).toEqual({ right: 0, answered: 0 });
    expect(restartGame(s).round).toBe(0);
  });

  it('every round’s output exists and is one a person can tell apart', () => {
    for (const r of ROUNDS) expect(shotOf(r.state, r.command)?.output.length).toBeGreaterThan(0);
  });

  it('setters ignore what is not a state or a command', () => {
    const s = initialState();
    expect(setProcess(s, 'nope' as never)).toBe(s);
    expect(setCommand(s, 'rm' as never)).toBe(s);
    expect(setProcess(s, 'cpu').process).toBe('cpu');
  });
});

describe('marking pidstat lines', () => {
  it('marks a thread with nonvoluntary switches, not an idle one', () => {
    expect(tellingLine('cpu', 'Average:        0         -      4817      0.00     30.69  |__app')).toBe(true);
    expect(tellingLine('cpu', 'Average:        0         -      4816      0.00      0.00  |__app')).toBe(false);
  });
});

describe('what the slide shows of a recording, in either language', () => {
  it('strace’s own message goes on a line of its own: the blocked read reads “read(3, ”', () => {
    const out = RECORDINGS.blocked.straceE.output;
    expect(out).toContain('read(3, strace: Process');
    const lines = outputLines(out);
    expect(lines).toContain('read(3, ');
    expect(lines.filter((l) => tellingLine('blocked', l))).toEqual(['read(3, ']);
    expect(lines.some((l) => /^read\(3, strace/.test(l))).toBe(false);
    expect(lines).toContain('strace: Process 17124 detached');
  });

  it('presented, the telling lines of ps and pidstat come with the header that names their columns', () => {
    for (const state of PROCESS_STATES) {
      for (const command of ['ps', 'pidstat'] as const) {
        const lines = outputLines(RECORDINGS[state][command].output);
        if (!lines.some((l) => tellingLine(state, l))) continue;
        expect(lines.filter(headerLine), `${state} ${command}`).toHaveLength(1);
      }
    }
  });

  it('presented, an output is its header and at most two telling lines: strace -c and pidstat name their columns', () => {
    for (const state of PROCESS_STATES) {
      for (const command of COMMANDS) {
        const shot = shotOf(state, command);
        if (shot === null) continue;
        const shown = presentedLines(state, outputLines(shot.output));
        expect(shown.filter((l) => tellingLine(state, l)).length, `${state} ${command}`).toBeLessThanOrEqual(
          PRESENTED_TELLING,
        );
        expect(
          shown.filter((l) => !tellingLine(state, l) && !headerLine(l)),
          `${state} ${command}`,
        ).toEqual([]);
      }
    }
    const idle = presentedLines('idle', outputLines(RECORDINGS.idle.straceC.output));
    expect(idle.map((l) => l.split(/\s+/).at(-1))).toEqual(['syscall', 'epoll_pwait']);
    const cpu = presentedLines('cpu', outputLines(RECORDINGS.cpu.pidstat.output));
    expect(cpu).toHaveLength(3);
    expect(cpu[0]).toContain('nvcswch/s');
  });

  it('every comment of a recorded command or program has its words in both languages', () => {
    const comments = PROCESS_STATES.flatMap((state) => {
      const rec = RECORDINGS[state];
      const shots = Object.values(rec).filter(
        (v): v is { command: string } => typeof v === 'object' && v !== null && 'command' in v,
      );
      return [rec.program, ...shots.map((s) => s.command)].map((c) => splitComment(c).comment);
    }).filter((c): c is string => c !== null);
    expect(comments).toContain('its header and Average lines');
    for (const c of comments) {
      expect(observeText.en.comments[c], c).toBe(c);
      expect(observeText.ru.comments[c], c).toBeDefined();
      expect(observeText.ru.comments[c], c).not.toBe(c);
    }
    expect(splitComment('pidstat -w -t -p 1 1 1   # its header and Average lines')).toEqual({
      command: 'pidstat -w -t -p 1 1 1',
      comment: 'its header and Average lines',
    });
  });
});
