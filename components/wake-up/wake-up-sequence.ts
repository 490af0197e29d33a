/**
 * The wake-up demo's speaker sequence, one entry per clicker step, step 0 included: where on the path from the network
 * card to `read()` the packet is (`index` into the model's `PATH`: 0, the thread asleep in `epoll_wait` before
 * anything arrives; 1 … 9, the nine stages; 10, `epoll_wait` called again with data left), and the trigger mode. The
 * last two steps call `epoll_wait` again, level-triggered and then edge-triggered. Plain data: the slide imports it
 * without loading the demo, and its length is the number of steps.
 */
export const SPEAKER_SEQUENCE = [
  { index: 0, trigger: 'level' },
  { index: 1, trigger: 'level' },
  { index: 2, trigger: 'level' },
  { index: 3, trigger: 'level' },
  { index: 4, trigger: 'level' },
  { index: 5, trigger: 'level' },
  { index: 6, trigger: 'level' },
  { index: 7, trigger: 'level' },
  { index: 8, trigger: 'level' },
  { index: 9, trigger: 'level' },
  { index: 10, trigger: 'level' },
  { index: 10, trigger: 'edge' },
] as const;
