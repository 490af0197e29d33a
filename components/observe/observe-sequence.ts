/**
 * The observe demo's speaker sequence, one entry per clicker step, step 0 included: what the process is doing
 * and which command's real output is shown, then the diagnosis game.
 * - an idle event loop under `strace -c`: its time is in epoll_pwait;
 * - a process blocked on a pipe under `strace -e`: one read that never returns;
 * - lock contention under `strace -c`: all the time in futex;
 * - CPU-bound on too few cores under `pidstat -w`: nonvoluntary switches;
 * - the game: read an output, name the cause.
 */
export const SPEAKER_SEQUENCE = [
  { mode: 'explore', process: 'idle', command: 'straceC' },
  { mode: 'explore', process: 'blocked', command: 'straceE' },
  { mode: 'explore', process: 'contended', command: 'straceC' },
  { mode: 'explore', process: 'cpu', command: 'pidstat' },
  { mode: 'game', process: 'idle', command: 'straceC' },
] as const;
