/**
 * Lib/heapq.py (and its C twin `_heapq`), the same algorithm step for step: `heappush`, `heappop`, `heapify`
 * compare with `<` only, exactly as CPython does, so timers with equal `when` leave the heap in the same order
 * as they do in CPython.
 */
export interface Ordered<T> {
  lt(other: T): boolean;
}

// 'heap' is a heap at all indices >= startpos, except possibly for pos. pos is the index of a leaf with a
// possibly out-of-order value. Restore the heap invariant.
function siftdown<T extends Ordered<T>>(heap: T[], startpos: number, pos: number): void {
  const newitem = heap[pos]!;
  while (pos > startpos) {
    const parentpos = (pos - 1) >> 1;
    const parent = heap[parentpos]!;
    if (newitem.lt(parent)) {
      heap[pos] = parent;
      pos = parentpos;
      continue;
    }
    break;
  }
  heap[pos] = newitem;
}

function siftup<T extends Ordered<T>>(heap: T[], pos: number): void {
  const endpos = heap.length;
  const startpos = pos;
  const newitem = heap[pos]!;
  // Bubble up the smaller child until hitting a leaf.
  let childpos = 2 * pos + 1;
  while (childpos < endpos) {
    const rightpos = childpos + 1;
    if (rightpos < endpos && !heap[childpos]!.lt(heap[rightpos]!)) childpos = rightpos;
    heap[pos] = heap[childpos]!;
    pos = childpos;
    childpos = 2 * pos + 1;
  }
  heap[pos] = newitem;
  siftdown(heap, startpos, pos);
}

export function heappush<T extends Ordered<T>>(heap: T[], item: T): void {
  heap.push(item);
  siftdown(heap, 0, heap.length - 1);
}

export function heappop<T extends Ordered<T>>(heap: T[]): T {
  const lastelt = heap.pop();
  if (lastelt === undefined) throw new Error('IndexError: index out of range');
  if (heap.length > 0) {
    const returnitem = heap[0]!;
    heap[0] = lastelt;
    siftup(heap, 0);
    return returnitem;
  }
  return lastelt;
}

export function heapify<T extends Ordered<T>>(x: T[]): void {
  for (let i = (x.length >> 1) - 1; i >= 0; i--) siftup(x, i);
}
