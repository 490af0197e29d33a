/**
 * "Your code"'s part of the asyncio-loop state: its type and its initial value (the rest is asyncio-loop-yours.ts,
 * loaded with the tab's view; this module imports nothing, so the slide's first load stays as it was).
 */
import type { PyRecording } from '../shared/py-record/py-protocol.ts';
import type { PresetId } from './asyncio-loop-programs.ts';

/** Seed 000's programs (asyncio-loop-yours.ts, SEED_PROGRAMS). */
export type SeedProgram = 'blocking50' | 'cooperative50' | 'heartbeat';
export type StartId = SeedProgram | Exclude<PresetId, 'custom'>;

/** How a run ended, as data (py-runner's outcomes, and a program too long to send). */
export type YoursOutcome =
  | { readonly kind: 'recorded'; readonly recording: PyRecording }
  | { readonly kind: 'overtime'; readonly budgetMs: number }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'oversize'; readonly chars: number }
  | { readonly kind: 'tooLong'; readonly bytes: number };

export interface YoursState {
  /** What the editor holds; null until the person edits or opens a program: the chosen start's source. */
  readonly draft: string | null;
  readonly start: StartId;
  readonly debug: boolean;
  /** idle; loading Python; running the program. */
  readonly job: 'idle' | 'loading' | 'running';
  readonly loaded: number;
  readonly total: number;
  readonly outcome: YoursOutcome | null;
  /** 0 before the first turn, i after turn i. */
  readonly index: number;
}

export function initialYours(): YoursState {
  return {
    draft: null,
    start: 'blocking50',
    debug: false,
    job: 'idle',
    loaded: 0,
    total: 0,
    outcome: null,
    index: 0,
  };
}
