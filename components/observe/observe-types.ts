/**
 * The shapes of the observe demo's recordings (observe-recordings.ts, written by scripts/record-observe.ts) and of
 * what it lets a person pick.
 */

/** What the observed process is doing. */
export type ProcessState = 'idle' | 'blocked' | 'contended' | 'cpu';
export const PROCESS_STATES: readonly ProcessState[] = ['idle', 'blocked', 'contended', 'cpu'];

/** The commands, in the order the slide lists them. `jcmd` is not recorded here (no Java 21 on this machine). */
export type CommandId = 'straceC' | 'straceE' | 'tasks' | 'ps' | 'ctxt' | 'pidstat' | 'ss' | 'schedtrace' | 'jcmd';
export const COMMANDS: readonly CommandId[] = [
  'straceC',
  'straceE',
  'tasks',
  'ps',
  'ctxt',
  'pidstat',
  'ss',
  'schedtrace',
  'jcmd',
];

/** One command as it was run (PID as recorded), with what it printed. */
export interface Shot {
  readonly command: string;
  readonly output: string;
  /** How many lines were left out (scripts/record-observe.ts says which). */
  readonly trimmed: number;
}

export interface StateRecording {
  /** The program that was observed, as started. */
  readonly program: string;
  readonly pid: number;
  readonly straceC: Shot;
  readonly straceE: Shot;
  readonly tasks: Shot;
  readonly ps: Shot;
  /** `grep ctxt /proc/PID/task/*\/status`, a second after `ctxtBefore`. */
  readonly ctxt: Shot;
  /** The two looks in full (the shot may be trimmed). */
  readonly ctxtBefore: string;
  readonly ctxtAfter: string;
  readonly pidstat: Shot;
  readonly ss: Shot;
  /** A Go program in the same state under GODEBUG=schedtrace=1000; null where none was recorded. */
  readonly schedtrace: Shot | null;
}

export interface RecordingMeta {
  readonly date: string;
  readonly kernel: string;
  readonly cpus: number;
  readonly machine: string;
  readonly tools: string;
}
