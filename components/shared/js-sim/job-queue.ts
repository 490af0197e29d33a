/**
 * A first-in, first-out queue of jobs whose `shift` is constant time however long it grows (an array's `shift` copies
 * the whole array once it is large, which made a queue of 100,000 microtasks quadratic).
 */
import type { Job } from './values.ts';

export class JobQueue {
  private items: (Job | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(job: Job): void {
    this.items.push(job);
  }

  shift(): Job | undefined {
    if (this.head >= this.items.length) return undefined;
    const job = this.items[this.head];
    this.items[this.head++] = undefined;
    // drop the consumed half now and then, so memory follows what is queued
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return job;
  }

  map<T>(f: (job: Job) => T): T[] {
    const out: T[] = [];
    for (let i = this.head; i < this.items.length; i++) out.push(f(this.items[i]!));
    return out;
  }
}
