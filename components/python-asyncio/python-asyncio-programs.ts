/**
 * The seven code variants of the slide, as programs of the asyncio model (components/shared/asyncio-sim): a
 * server's loop with a heartbeat that asks to be woken every 100 ms, idle for 250 ms, then two requests handled at
 * once (`gather`), each making one call of 300 ms; then the heartbeat is cancelled. (No idle after the requests:
 * where the run ends is then decided by turns, not by the clock, so a real run's tick count cannot fall on a
 * boundary.) Only the call differs. The Python the slide
 * shows is the model's own listing (`toPython`), which tests/unit/python-asyncio-real.test.ts runs under CPython
 * against a loopback HTTP server that answers after the same 300 ms.
 */
import { heartbeatCoroutine, type Program, type Step } from '../shared/asyncio-sim/index.ts';

export const VARIANTS = [
  'time_sleep',
  'asyncio_sleep',
  'requests',
  'thread_requests',
  'thread_cpu',
  'process_cpu',
  'no_await',
] as const;
export type Variant = (typeof VARIANTS)[number];

/** The figures of the programs: every duration in ms. */
export interface VariantParams {
  /** The heartbeat's period. */
  readonly tickMs: number;
  /** Idle before the requests. */
  readonly idleMs: number;
  /** The call each request makes (the HTTP server answers after this long; a CPU loop takes this long). */
  readonly callMs: number;
  /** Requests handled at once. */
  readonly requests: number;
}

export const SLIDE_PARAMS: VariantParams = { tickMs: 100, idleMs: 250, callMs: 300, requests: 2 };

/** The loopback URL of the listing; the real check replaces the port with its server's. */
export const URL_LINE = (callMs: number) => `URL = "http://127.0.0.1:8000/rates"  # answers in ${callMs / 1000} s`;

/** The call each variant makes in `handle()`. */
export function callStep(v: Variant, ms: number): Step {
  switch (v) {
    case 'time_sleep':
      return { op: 'block', ms };
    case 'asyncio_sleep':
      return { op: 'sleep', ms };
    case 'requests':
      return { op: 'block', ms, python: 'r = requests.get(URL)', label: 'requests.get' };
    case 'thread_requests':
      return {
        op: 'to_thread',
        kind: 'block',
        ms,
        python: 'r = await asyncio.to_thread(requests.get, URL)',
        label: 'requests.get',
      };
    case 'thread_cpu':
      return { op: 'to_thread', kind: 'cpu', ms };
    case 'process_cpu':
      return { op: 'in_process', ms };
    case 'no_await':
      return { op: 'forget', coro: 'fetch' };
  }
}

/**
 *   async def heartbeat():          # every 100 ms
 *       loop = asyncio.get_running_loop()
 *       while True:
 *           ticks.append(loop.time())
 *           await asyncio.sleep(0.1)
 *   async def handle():
 *       <the variant's call>
 *   async def main():
 *       hb = asyncio.create_task(heartbeat())
 *       await asyncio.sleep(0.25)
 *       await asyncio.gather(handle(), handle())
 *       hb.cancel()
 */
export function variantProgram(v: Variant, p: VariantParams = SLIDE_PARAMS, file?: string): Program {
  const usesRequests = v === 'requests' || v === 'thread_requests';
  const header = usesRequests ? ['import requests', '', URL_LINE(p.callMs)] : [];
  return {
    main: 'main',
    ...(file !== undefined ? { file } : {}),
    header,
    processWorkers: p.requests,
    coroutines: [
      heartbeatCoroutine(p.tickMs),
      ...(v === 'no_await' ? [{ name: 'fetch', steps: [{ op: 'sleep', ms: p.callMs } as const] }] : []),
      { name: 'handle', steps: [callStep(v, p.callMs)] },
      {
        name: 'main',
        steps: [
          { op: 'create_task', coro: 'heartbeat', task: 'hb' },
          { op: 'sleep', ms: p.idleMs },
          { op: 'gather', coros: Array.from({ length: p.requests }, () => 'handle') },
          { op: 'cancel', task: 'hb' },
        ],
      },
    ],
  };
}
