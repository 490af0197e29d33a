/**
 * What strace, /proc, ps, pidstat, ss and Go's scheduler trace show for a process in four states, from real
 * recordings (observe-recordings.ts, written by scripts/record-observe.ts), and a diagnosis game on them.
 *
 * Pure: no DOM, no timers, no randomness. The functions that read a recording's telling feature (where strace
 * says the time goes, a read that never returns, context switches that grow) are used by the demo to point at
 * the line that matters, and by tests/unit/observe-real.test.ts on the committed and on fresh recordings.
 */
import { clampIndex } from '../../lib/stepping.ts';
import { SPEAKER_SEQUENCE } from './observe-sequence.ts';
import { RECORDINGS } from './observe-recordings.ts';
import {
  COMMANDS,
  PROCESS_STATES,
  type CommandId,
  type ProcessState,
  type Shot,
  type StateRecording,
} from './observe-types.ts';

export { SPEAKER_SEQUENCE };

// ---------------------------------------------------------------- reading the outputs

export interface SyscallRow {
  readonly pct: number;
  readonly seconds: number;
  readonly calls: number;
  readonly errors: number;
  readonly syscall: string;
}

/** The rows of `strace -c`'s table (the total left out). */
export function straceRows(text: string): SyscallRow[] {
  const rows: SyscallRow[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*([\d.]+)\s+([\d.]+)\s+(\d+)\s+(\d+)\s+(?:(\d+)\s+)?(\w+)\s*$/.exec(line);
    if (!m || m[6] === 'total') continue;
    rows.push({
      pct: Number(m[1]),
      seconds: Number(m[2]),
      calls: Number(m[4]),
      errors: Number(m[5] ?? 0),
      syscall: m[6] ?? '',
    });
  }
  return rows;
}

/** The syscall `strace -c` says took most of the time, or null when nothing completed. */
export function topSyscall(text: string): SyscallRow | null {
  const rows = straceRows(text);
  return rows.reduce<SyscallRow | null>((best, r) => (best === null || r.pct > best.pct ? r : best), null);
}

/** Voluntary and nonvoluntary switches summed over the lines of `grep ctxt /proc/PID/task/*\/status`. */
export function ctxtTotals(text: string): { voluntary: number; nonvoluntary: number } {
  let voluntary = 0;
  let nonvoluntary = 0;
  for (const m of text.matchAll(/(nonvoluntary|voluntary)_ctxt_switches:\s*(\d+)/g)) {
    if (m[1] === 'voluntary') voluntary += Number(m[2]);
    else nonvoluntary += Number(m[2]);
  }
  return { voluntary, nonvoluntary };
}

/** How many switches the threads made between the two looks, a second apart (summed over threads). */
export function ctxtGrowth(rec: StateRecording): { voluntary: number; nonvoluntary: number } {
  const a = ctxtTotals(rec.ctxtBefore);
  const b = ctxtTotals(rec.ctxtAfter);
  return { voluntary: b.voluntary - a.voluntary, nonvoluntary: b.nonvoluntary - a.nonvoluntary };
}

/** A `read(` that strace saw start and never saw return (the process was still in it when strace left). */
export function unfinishedRead(text: string): boolean {
  const starts = /(^|\n)(\[pid\s+\d+\] )?read\(\d+,/.test(text);
  const returned = /read\([^\n]*\)\s+=\s+-?\d+/.test(text);
  return starts && !returned;
}

/** Per thread, the kernel function it sleeps in (ps's WCHAN), "-" for a running one. */
export function wchans(psText: string): { stat: string; wchan: string }[] {
  return psText
    .split('\n')
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length >= 4)
    .map((f) => ({ stat: f[1] ?? '', wchan: f[2] ?? '' }));
}

/** Pidstat's per-thread nonvoluntary switches per second, summed (the `|__` lines). */
export function pidstatNonvoluntary(text: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /\s([\d.]+)\s+([\d.]+)\s+\|__\S+\s*$/.exec(line);
    if (m) sum += Number(m[2]);
  }
  return sum;
}

/**
 * Each state's telling feature, as the slide states it:
 * - idle: the time is in epoll_wait / epoll_pwait (the loop sleeps in the kernel, waiting for events);
 * - blocked: a read that does not return, strace -c sees (almost) nothing complete, and the thread sleeps (S) in
 *   the kernel's pipe read;
 * - contended: the time is in futex (threads wait for the lock);
 * - cpu: no system calls, and nonvoluntary context switches grow (the scheduler takes the core away).
 */
export function hasTellingFeature(state: ProcessState, rec: StateRecording): boolean {
  const top = topSyscall(rec.straceC.output);
  switch (state) {
    case 'idle':
      return top !== null && /^epoll_p?wait$/.test(top.syscall) && top.pct >= 90;
    case 'blocked': {
      const threads = wchans(rec.ps.output);
      const calls = straceRows(rec.straceC.output).reduce((s, r) => s + r.calls, 0);
      return (
        unfinishedRead(rec.straceE.output) &&
        calls <= 2 &&
        threads.length === 1 &&
        (threads[0]?.stat ?? '').startsWith('S') &&
        /pipe/.test(threads[0]?.wchan ?? '')
      );
    }
    case 'contended':
      return top !== null && top.syscall === 'futex' && top.pct >= 90;
    case 'cpu': {
      const calls = straceRows(rec.straceC.output).reduce((s, r) => s + r.calls, 0);
      const g = ctxtGrowth(rec);
      return calls < 20 && g.nonvoluntary >= 10 && g.nonvoluntary > g.voluntary;
    }
  }
}

/** The recorded output of one command for one state; null where none exists (jcmd; schedtrace for two states). */
export function shotOf(state: ProcessState, command: CommandId): Shot | null {
  if (command === 'jcmd') return null;
  return RECORDINGS[state][command];
}

// ---------------------------------------------------------------- the demo's state

export type Mode = 'explore' | 'game';

/** The game's rounds: an output to read, and the state it came from. */
export const ROUNDS: readonly { readonly state: ProcessState; readonly command: CommandId }[] = [
  { state: 'contended', command: 'straceC' },
  { state: 'cpu', command: 'ctxt' },
  { state: 'blocked', command: 'straceE' },
  { state: 'idle', command: 'straceE' },
  { state: 'cpu', command: 'pidstat' },
  { state: 'blocked', command: 'ps' },
];

export interface ObserveState {
  readonly mode: Mode;
  readonly process: ProcessState;
  readonly command: CommandId;
  /** The game: the current round, and the answer given in each round (null: not yet). */
  readonly round: number;
  readonly answers: readonly (ProcessState | null)[];
}

const noAnswers = (): (ProcessState | null)[] => ROUNDS.map(() => null);

export function initialState(): ObserveState {
  return stateForStep(0, null);
}

/** Speaker step `step` (clamped); the game's answers so far are kept. */
export function stateForStep(step: number, current: ObserveState | null): ObserveState {
  const s = SPEAKER_SEQUENCE[clampIndex(step, SPEAKER_SEQUENCE.length)] ?? SPEAKER_SEQUENCE[0];
  return {
    mode: s.mode,
    process: s.process,
    command: s.command,
    round: current?.round ?? 0,
    answers: current?.answers ?? noAnswers(),
  };
}

export function setMode(s: ObserveState, mode: Mode): ObserveState {
  return mode === s.mode ? s : { ...s, mode };
}

export function setProcess(s: ObserveState, process: ProcessState): ObserveState {
  return process === s.process || !PROCESS_STATES.includes(process) ? s : { ...s, process };
}

export function setCommand(s: ObserveState, command: CommandId): ObserveState {
  return command === s.command || !COMMANDS.includes(command) ? s : { ...s, command };
}

/** Answers the current round (once: a second answer changes nothing). */
export function answer(s: ObserveState, choice: ProcessState): ObserveState {
  const round = clampIndex(s.round, ROUNDS.length);
  if (s.answers[round] !== null && s.answers[round] !== undefined) return s;
  const answers = s.answers.slice();
  answers[round] = choice;
  return { ...s, answers };
}

export function nextRound(s: ObserveState): ObserveState {
  const round = Math.min(ROUNDS.length - 1, s.round + 1);
  return round === s.round ? s : { ...s, round };
}

export function restartGame(s: ObserveState): ObserveState {
  return { ...s, round: 0, answers: noAnswers() };
}

export function score(s: ObserveState): { right: number; answered: number } {
  let right = 0;
  let answered = 0;
  s.answers.forEach((a, i) => {
    if (a === null) return;
    answered++;
    if (a === ROUNDS[i]?.state) right++;
  });
  return { right, answered };
}

/**
 * An output's lines as a person reads them. strace writes the call it is tracing and its own messages to the same
 * stream: detached in the middle of a call that never returned, it printed "read(3, " and then, on the same line,
 * "strace: Process 17124 detached". Such a message goes on a line of its own; the call stays as strace began it.
 */
export function outputLines(output: string): string[] {
  return output.split('\n').flatMap((line) => {
    const at = line.indexOf('strace: ');
    return at > 0 ? [line.slice(0, at), line.slice(at)] : [line];
  });
}

/**
 * A line that names the columns of ps's, pidstat's or strace -c's output: shown with the telling lines, whose numbers
 * and letters mean nothing without it.
 */
export function headerLine(line: string): boolean {
  return /^\s*TID\s+STAT\b/.test(line) || /\bUID\s+TGID\s+TID\b/.test(line) || /^%\s*time\s+seconds\b/.test(line);
}

/** The most telling lines shown while presenting: two alike lines say what four do, in half the characters. */
export const PRESENTED_TELLING = 2;

/** What a hall is shown of an output: the header that names the columns and the first telling lines. */
export function presentedLines(state: ProcessState, lines: readonly string[]): string[] {
  let telling = 0;
  return lines.filter((l) => headerLine(l) || (tellingLine(state, l) && telling++ < PRESENTED_TELLING));
}

/** A recorded command and its trailing comment (`cmd   # what it shows`), apart: the comment is translated. */
export function splitComment(command: string): { command: string; comment: string | null } {
  const m = /^(.*?)\s+#\s+(.*)$/.exec(command);
  return m ? { command: m[1] ?? command, comment: m[2] ?? null } : { command, comment: null };
}

/** A line of an output that shows its state's telling feature (the demo marks it). */
export function tellingLine(state: ProcessState, line: string): boolean {
  switch (state) {
    case 'idle':
      return /epoll_p?wait/.test(line);
    case 'blocked':
      return /(^|\] )read\(|pipe_read/.test(line);
    case 'contended':
      return /futex/.test(line);
    case 'cpu':
      return (
        /nonvoluntary_ctxt_switches/.test(line) || /\s(?!0\.00\s)[\d.]+\s+\|__/.test(line) || /^\s*\d+\s+R/.test(line)
      );
  }
}
