/**
 * The speaker sequence of python-asyncio, one entry per clicker step, step 0 included: the variant shown and
 * whether debug mode is on. In the talk's order: what correct code looks like (step 0), `fetch()` without
 * `await`, the blocking calls (`time.sleep`, `requests.get`), the blocking call moved to a thread, CPU work in a
 * thread (the GIL) and in processes, then debug mode catching the blocking call. Plain data.
 */
export const SPEAKER_SEQUENCE = [
  { variant: 'asyncio_sleep', debug: false },
  { variant: 'no_await', debug: false },
  { variant: 'time_sleep', debug: false },
  { variant: 'requests', debug: false },
  { variant: 'thread_requests', debug: false },
  { variant: 'thread_cpu', debug: false },
  { variant: 'process_cpu', debug: false },
  { variant: 'requests', debug: true },
] as const;
