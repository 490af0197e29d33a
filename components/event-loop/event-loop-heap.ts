/** The event loop's timer heap: a binary min-heap of pending timers, nearest deadline on top. Pure. */

/** A pending timer. `seq` breaks ties between equal deadlines: first set, first run (as in Node and libuv). */
export interface Timer {
  readonly id: number;
  readonly label: string;
  readonly due: number;
  readonly seq: number;
  /** The microtasks its callback queues, as a promise chain: the first is queued, each queues the next. */
  readonly chain: readonly string[];
}

function before(a: Timer, b: Timer): boolean {
  return a.due < b.due || (a.due === b.due && a.seq < b.seq);
}

export function heapPush(heap: readonly Timer[], t: Timer): Timer[] {
  const h = [...heap, t];
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    const hi = h[i]!;
    const hp = h[p]!;
    if (!before(hi, hp)) break;
    h[i] = hp;
    h[p] = hi;
    i = p;
  }
  return h;
}

export function heapPop(heap: readonly Timer[]): { top: Timer | undefined; heap: Timer[] } {
  if (heap.length === 0) return { top: undefined, heap: [] };
  const h = [...heap];
  const top = h[0]!;
  const last = h.pop()!;
  if (h.length > 0) {
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && before(h[l]!, h[m]!)) m = l;
      if (r < h.length && before(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      const tmp = h[i]!;
      h[i] = h[m]!;
      h[m] = tmp;
      i = m;
    }
  }
  return { top, heap: h };
}

export function isHeap(heap: readonly Timer[]): boolean {
  return heap.every((t, i) => i === 0 || !before(t, heap[(i - 1) >> 1]!));
}
