/** collections.deque, as far as the loop's `_ready` uses it: append, popleft, len. */
export class Deque<T> {
  private items: T[] = [];
  private head = 0;
  get length(): number {
    return this.items.length - this.head;
  }
  append(x: T): void {
    this.items.push(x);
  }
  popleft(): T {
    if (this.head >= this.items.length) throw new Error('IndexError: pop from an empty deque');
    const x = this.items[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return x;
  }
  toArray(): T[] {
    return this.items.slice(this.head);
  }
}
