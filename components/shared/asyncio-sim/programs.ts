/**
 * The programs of the chapter, as data (each is the Python of tests/probes/asyncio_probe.py): seed 000's turn
 * counts, the heartbeat experiment and the fifty-task table.
 */
import type { CoroutineDef, Program, Step } from './program.ts';

/** `turns --program …` of the command line. */
export type TurnsProgram =
  | { kind: 'empty' }
  | { kind: 'nested'; depth: number }
  | { kind: 'gather'; n: number }
  | { kind: 'sleep0'; k: number }
  | { kind: 'thread'; k: number };

export function parseTurnsProgram(text: string): TurnsProgram | null {
  if (text === 'empty') return { kind: 'empty' };
  const m = /^(nested|gather|sleep0|thread):(\d+)$/.exec(text);
  if (!m) return null;
  const n = Number(m[2]);
  if (!Number.isSafeInteger(n) || n > 100_000) return null;
  if (m[1] === 'nested' && n > 500) return null; // deeper than CPython's recursion limit allows comfortably
  switch (m[1]) {
    case 'nested':
      return { kind: 'nested', depth: n };
    case 'gather':
      return n >= 1 ? { kind: 'gather', n } : null;
    case 'sleep0':
      return { kind: 'sleep0', k: n };
    default:
      return { kind: 'thread', k: n };
  }
}

/**
 * empty: `async def main(): pass`. nested:d: main awaits c1, which awaits c2, … d deep; none suspends.
 * gather:n: `await asyncio.gather(*[sleeper() for _ in range(n)])`, each sleeper `await asyncio.sleep(0)` once.
 * sleep0:k: `await asyncio.sleep(0)` k times. thread:k: `await asyncio.to_thread(int)` k times.
 */
export function turnsProgram(p: TurnsProgram): Program {
  switch (p.kind) {
    case 'empty':
      return { main: 'main', coroutines: [{ name: 'main', steps: [] }] };
    case 'nested': {
      const coroutines: CoroutineDef[] = [];
      for (let i = 0; i <= p.depth; i++) {
        coroutines.push({
          name: i === 0 ? 'main' : `level${i}`,
          steps: i < p.depth ? [{ op: 'await', coro: `level${i + 1}` }] : [],
        });
      }
      return { main: 'main', coroutines };
    }
    case 'gather':
      return {
        main: 'main',
        coroutines: [
          { name: 'sleeper', steps: [{ op: 'sleep', ms: 0 }] },
          { name: 'main', steps: [{ op: 'gather', coros: Array.from({ length: p.n }, () => 'sleeper') }] },
        ],
      };
    case 'sleep0':
      return {
        main: 'main',
        coroutines: [{ name: 'main', steps: [{ op: 'repeat', times: p.k, body: [{ op: 'sleep', ms: 0 }] }] }],
      };
    case 'thread':
      return {
        main: 'main',
        coroutines: [
          { name: 'main', steps: [{ op: 'repeat', times: p.k, body: [{ op: 'to_thread', kind: 'block', ms: 0 }] }] },
        ],
      };
  }
}

export interface HeartbeatParams {
  /** The heartbeat asks to be woken every tickMs. */
  readonly tickMs: number;
  /** The worker does `portions` portions of `portionMs` each… */
  readonly portions: number;
  readonly portionMs: number;
  /** …blocking inside each (`time.sleep`) or waiting (`await asyncio.sleep`); `await asyncio.sleep(0)` after each. */
  readonly worker: 'blocking' | 'cooperative';
}

/**
 * The machine seed 000 measured on, as far as the model can tell: its cooperative heartbeat's median of 10.2 ms
 * (and its 300.9 ms blocking median, its 5011 ms longest turn) say that a sleeping thread woke about 0.2 ms late.
 * With this the model gives seed 000's figures: 4 ticks at 300.6 ms, 99 ticks at 10.2 ms, a 5010 ms turn.
 */
export const SEED_MACHINE = { wakeLatencyMs: 0.2 } as const;

/** Seed 000's experiment: a 10 ms heartbeat, ten portions of 100 ms. */
export const SEED_HEARTBEAT: Omit<HeartbeatParams, 'worker'> = { tickMs: 10, portions: 10, portionMs: 100 };

/**
 * The heartbeat coroutine, every heartbeat program's (this one's and python-asyncio's variants'):
 *
 *   async def heartbeat():
 *       while True:
 *           ticks.append(loop.time())
 *           await asyncio.sleep(T)      # T = tickMs
 */
export function heartbeatCoroutine(tickMs: number): CoroutineDef {
  return {
    name: 'heartbeat',
    steps: [
      {
        op: 'repeat',
        times: 'forever',
        body: [
          { op: 'mark', label: 'ticks' },
          { op: 'sleep', ms: tickMs },
        ],
      },
    ],
  };
}

/**
 * The heartbeat program:
 *
 *   async def heartbeat():
 *       while True:
 *           ticks.append(loop.time())
 *           await asyncio.sleep(T)
 *   async def worker():
 *       for _ in range(N):
 *           time.sleep(P)            # or: await asyncio.sleep(P)
 *           await asyncio.sleep(0)
 *   async def main():
 *       hb = asyncio.create_task(heartbeat())
 *       await worker()
 *       hb.cancel()
 */
export function heartbeatProgram(p: HeartbeatParams): Program {
  const portion: Step = p.worker === 'blocking' ? { op: 'block', ms: p.portionMs } : { op: 'sleep', ms: p.portionMs };
  return {
    main: 'main',
    coroutines: [
      heartbeatCoroutine(p.tickMs),
      { name: 'worker', steps: [{ op: 'repeat', times: p.portions, body: [portion, { op: 'sleep', ms: 0 }] }] },
      {
        name: 'main',
        steps: [
          { op: 'create_task', coro: 'heartbeat', task: 'hb' },
          { op: 'await', coro: 'worker' },
          { op: 'cancel', task: 'hb' },
        ],
      },
    ],
  };
}

export interface FiftyParams {
  readonly tasks: number;
  readonly busyMs: number;
  readonly worker: 'blocking' | 'cooperative';
}

/** `await asyncio.gather(*[busy() for _ in range(N)])`, busy being `time.sleep(B)` or `await asyncio.sleep(B)`. */
export function fiftyProgram(p: FiftyParams): Program {
  return {
    main: 'main',
    coroutines: [
      {
        name: 'busy',
        steps: [p.worker === 'blocking' ? { op: 'block', ms: p.busyMs } : { op: 'sleep', ms: p.busyMs }],
      },
      { name: 'main', steps: [{ op: 'gather', coros: Array.from({ length: p.tasks }, () => 'busy') }] },
    ],
  };
}
