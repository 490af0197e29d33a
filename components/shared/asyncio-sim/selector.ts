/**
 * selectors.EpollSelector with virtual time: file descriptors with a reader registered (BaseSelectorEventLoop's
 * `key.data` is the reader handle), level-triggered readiness, and `select(timeout)` that sleeps on the
 * machine's clock. The timeout is rounded up to whole milliseconds, as EpollSelector.select does
 * (`math.ceil(timeout * 1e3) * 1e-3`: epoll_wait counts milliseconds). A thread that slept wakes the machine's
 * `wakeLatencyNs` late (0 by default: an ideal machine).
 */
import type { Handle } from './events.ts';
import type { Machine } from './machine.ts';

interface Key {
  readonly fd: number;
  reader: Handle | null;
  readable: boolean;
}

export class EpollSelector {
  private keys = new Map<number, Key>();
  private nextFd = 3;

  constructor(private readonly machine: Machine) {}

  /** A new file descriptor number (a socket, the self-pipe). */
  newFd(): number {
    return this.nextFd++;
  }

  register(fd: number, reader: Handle): void {
    const key = this.keys.get(fd);
    if (key) key.reader = reader;
    else this.keys.set(fd, { fd, reader, readable: false });
  }

  unregister(fd: number): void {
    this.keys.delete(fd);
  }

  get_key(fd: number): Handle | null {
    return this.keys.get(fd)?.reader ?? null;
  }

  /** Data arrived on `fd` (a peer wrote, a thread wrote the self-pipe); stays readable until `drain`. */
  makeReadable(fd: number): void {
    const key = this.keys.get(fd);
    if (key) key.readable = true;
  }

  /** The reader read everything (`recv` until EAGAIN). */
  drain(fd: number): void {
    const key = this.keys.get(fd);
    if (key) key.readable = false;
  }

  private readyKeys(): Key[] {
    return [...this.keys.values()].filter((k) => k.readable && k.reader !== null);
  }

  /** `select(timeout)`: timeout in ns, null to wait until an event. Returns the readable keys' reader handles. */
  select(timeout: number | null): { fd: number; reader: Handle }[] {
    let deadline: number | null = null;
    if (timeout !== null) {
      const ms = timeout <= 0 ? 0 : Math.ceil(timeout / 1e6 - 1e-9);
      deadline = this.machine.now + ms * 1e6;
    }
    if (this.readyKeys().length === 0 && (deadline === null || deadline > this.machine.now)) {
      const ok = this.machine.waitMain(deadline, () => this.readyKeys().length > 0);
      if (!ok) throw new Error('deadlock: select() with no timeout and nothing that could ever wake it');
      const late = this.machine.wakeLatencyNs;
      if (late > 0) this.machine.waitMain(this.machine.now + late, () => false);
      this.machine.takeGil();
    }
    return this.readyKeys().map((k) => ({ fd: k.fd, reader: k.reader! }));
  }
}
