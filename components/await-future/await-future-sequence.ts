/**
 * The await-future slide's speaker sequence, one entry per clicker step, step 0 included: the call, then the six
 * steps of the wake-up (an index into the model's `wakeSteps(false)`).
 */
export const SPEAKER_SEQUENCE = [
  // Task-1's __step sends into handler → fetch → sock_recv: no data yet, a future is made
  { index: 0 },
  // 1: await fut: Future.__await__ yields itself, up through the whole chain
  { index: 1 },
  // 2: the task parks: add_done_callback(__wakeup), _fut_waiter
  { index: 2 },
  // 3: data arrives; the reader calls fut.set_result(data)
  { index: 3 },
  // 4: __schedule_callbacks puts __wakeup into _ready with call_soon: nothing resumed yet
  { index: 4 },
  // 5: step 6 of the next turn calls __wakeup → __step → coro.send(None)
  { index: 5 },
  // 6: __await__ returns self.result(); the frames return up the chain
  { index: 6 },
] as const;
