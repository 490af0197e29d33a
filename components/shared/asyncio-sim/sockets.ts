/**
 * selector_events.py `sock_recv` on the model's loop, with a virtual peer: a connected socket whose peer sends its
 * answer some time from now. `sock.recv` is tried first: if the data is already there the coroutine returns
 * without suspending (no turn at all); otherwise a reader (`_sock_recv`) is registered with the selector and a
 * future awaited — the frame chain freezes until step 4 of the turn after the data arrives runs the reader.
 */
import type { Coro } from './futures.ts';
import type { BaseEventLoop } from './loop.ts';

/** A connected socket whose peer sends its answer `latencyNs` from now (0: already there). */
export function socketAnsweringIn(loop: BaseEventLoop, latencyNs: number): number {
  const fd = loop._selector.newFd();
  const arrive = () => {
    loop._peer_wrote.add(fd);
    loop._selector.makeReadable(fd);
  };
  if (latencyNs <= 0) arrive();
  else loop.machine.at(loop.machine.now + latencyNs, arrive);
  return fd;
}

/** `await loop.sock_recv(sock, n)` */
export function* sock_recv(loop: BaseEventLoop, fd: number): Coro<string> {
  if (loop._peer_wrote.has(fd)) {
    loop._peer_wrote.delete(fd);
    return 'data';
  }
  const fut = loop.create_future<string>();
  const handle = loop._add_reader(fd, {
    qualname: 'BaseSelectorEventLoop._sock_recv',
    args: () => [fut.repr(), '<socket>', '65536'],
    fn: () => {
      if (fut.done()) return;
      if (!loop._peer_wrote.has(fd)) return; // BlockingIOError: wait again
      loop._peer_wrote.delete(fd);
      loop._selector.drain(fd);
      fut.set_result('data');
    },
  });
  fut.add_done_callback({
    qualname: 'BaseSelectorEventLoop._sock_read_done',
    fn: () => {
      if (!handle.cancelled()) loop._remove_reader(fd);
    },
  });
  return yield* fut.__await__();
}
