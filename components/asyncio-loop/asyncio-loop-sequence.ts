/**
 * The asyncio-loop slide's speaker sequence, one entry per clicker step, step 0 included: the three modes' story.
 * `scheme` is the step of `_run_once` (1..6); `turn` is a turn of the run, 1-based (`'last'`: its last turn).
 */
export const SPEAKER_SEQUENCE = [
  // the three containers and the arrows between them
  { view: 'composition' },
  // step 3: select(), the only place the thread sleeps
  { view: 'scheme', scheme: 3 },
  // step 6: ntodo = len(self._ready), then exactly that many callbacks
  { view: 'scheme', scheme: 6 },
  // an empty program: the first turn runs main's step
  { view: 'recording', preset: 'empty', ntodo: true, turn: 1 },
  // …and six turns in all: the last is shutdown_default_executor's
  { view: 'recording', preset: 'empty', ntodo: true, turn: 'last' },
  // 1000 coroutines: the same few turns as 10, a thousand callbacks in one step 6
  { view: 'recording', preset: 'gather1000', ntodo: true, turn: 3 },
  // a task re-scheduling itself: with ntodo the timer still fires in the next turn
  { view: 'recording', preset: 'starve', ntodo: true, turn: 2 },
  // without the snapshot step 6 never ends: the timer never fires
  { view: 'recording', preset: 'starve', ntodo: false, turn: 1 },
] as const;
