/**
 * The speaker sequence of function-coloring. Step 0: every function plain (blue). 1: `fetch_price` becomes async,
 * and only it is red: its caller `price` now gets a coroutine. 2: the color has climbed all the way to `main`.
 * 3: the `sorted` key is stuck (sorted calls its key synchronously). 4: the same program in Go: no colors. Plain
 * data; `shown: null` means the climb is complete.
 */
export const SPEAKER_SEQUENCE = [
  { runtime: 'python', chosen: [], shown: null, focus: null },
  { runtime: 'python', chosen: ['fetch_price'], shown: 0, focus: null },
  { runtime: 'python', chosen: ['fetch_price'], shown: null, focus: null },
  { runtime: 'python', chosen: ['fetch_price'], shown: null, focus: 'by_price' },
  { runtime: 'go', chosen: ['fetch_price'], shown: null, focus: null },
] as const;
