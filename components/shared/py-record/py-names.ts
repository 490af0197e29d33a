/**
 * How a recorded handle is named, once for the command line (`npm run asyncio -- record`, scripts/asyncio.ts) and the
 * asyncio-loop slide's "Your code" turn view. The recorder (asyncio_recorder.py's `describe`) writes each handle as a
 * person reads it — `Task.__step of task 'Task-3' (worker(2))`, `asyncio.sleep timer: set the result of future
 * fut-3` — and the command line prints that whole; `handleLabel` cuts the same words into the short name and the "for
 * whom" a chip shows (`Task.__step (worker(2))`, `asyncio.sleep timer (fut-3)`), never CPython's internal names.
 */
import type { RecordedHandle, RecordedTurn } from './py-protocol.ts';

export interface HandleLabel {
  /** What ran: `Task.__step`, `Task.__wakeup`, `asyncio.sleep timer`, `result of asyncio_0`, a callback's name. */
  readonly name: string;
  /** For whom: the call a task runs (`worker(2)`), a future (`fut-3`), the worker's call, a task's name; or null. */
  readonly who: string | null;
}

const TASK = /^Task\.__(step|wakeup) of task '([^']*)' \((.*)\)$/;
const DONE = / \((?:future [^ ]+|task '[^']*') is done\)$/;

export function handleLabel(what: string): HandleLabel {
  const task = TASK.exec(what.replace(DONE, ''));
  if (task) return { name: `Task.__${task[1]!}`, who: task[3]! };
  let m = /^asyncio\.sleep timer: set the result of future (\S+)$/.exec(what);
  if (m) return { name: 'asyncio.sleep timer', who: m[1]! };
  m = /^the result of (.*) from worker (\S+): set the result of future \S+$/.exec(what);
  if (m) return { name: `result of ${m[2]!}`, who: m[1]! };
  if (what.startsWith('the default executor shut down')) return { name: 'executor shut down', who: null };
  m = /^future (\S+) is done: was it cancelled\?/.exec(what);
  if (m) return { name: 'cancelled?', who: m[1]! };
  m = /^(\S+): a callback of (?:task '([^']*)'(?: \((.*)\))?|future (\S+))$/.exec(what);
  if (m) return { name: m[1]!.replace('.<locals>.', '.'), who: m[3] ?? m[2] ?? m[4]! };
  return { name: /^[^(:\s]+/.exec(what)?.[0] ?? what, who: null };
}

/** The program's lines a turn ran at, in order: where its tasks resumed and paused, its callbacks' lines. */
export function turnLines(turn: Pick<RecordedTurn, 'ran'>): number[] {
  const lines = new Set<number>();
  for (const h of turn.ran) for (const l of h.lines ?? []) lines.add(l);
  return [...lines].sort((a, b) => a - b);
}

/** A handle in a line of text: the recorder's words and, when it ran the program's code, its lines. */
export function handleText(h: Pick<RecordedHandle, 'what' | 'lines'>): string {
  const lines = h.lines ?? [];
  return lines.length === 0 ? h.what : `${h.what} · line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
}
