"""Socket probes for the `nonblocking` and `io-uring` slides.

tests/unit/real-syscalls.test.ts runs these under `strace -f -c` and compares the kernel's own syscall counts
with the models. Each subcommand prints one JSON line. The programs use recv()/send() on sockets (the
`recvfrom`/`sendto` syscalls) and os.write() for the peer side (`write`), so the reads and writes being counted
are not confused with the interpreter's own read() calls at start-up.

  ready N K            N socket pairs registered in one epoll, data waiting on K of them; one epoll_wait,
                       then one recv per ready socket.                       (select-epoll idea, checked here)
  batch B              answer a batch of B requests the readiness way: one epoll_wait, then per request one
                       recv (the request) and one send (the response).              (io-uring: 2B + 1)
  strategy S           one thread, sockets A, B, C; a writer thread puts data on B at 30 ms, C at 60 ms,
                       A at 90 ms; S = blocking | polling | multiplexer.             (nonblocking)
  regular-file PATH    what select() and epoll say about a regular file.            (io-uring)

Sources: read(2), recv(2), socket(7) (EAGAIN on a non-blocking socket), epoll(7), epoll_ctl(2) (EPERM for a
regular file), select(2) / poll(2) (regular files are always ready).
"""

import json
import os
import resource
import select
import socket
import sys
import threading
import time


def raise_fd_limit(need):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(need, hard), hard))


def ready(n, k):
    raise_fd_limit(2 * n + 64)
    pairs = [socket.socketpair() for _ in range(n)]
    ep = select.epoll()
    for server, _peer in pairs:
        ep.register(server.fileno(), select.EPOLLIN)  # registration: once per socket (epoll_ctl)
    for _server, peer in pairs[:k]:
        os.write(peer.fileno(), b"x")
    by_fd = {server.fileno(): server for server, _ in pairs}
    events = ep.poll(0)  # one epoll_wait
    got = 0
    for fd, _mask in events:
        got += len(by_fd[fd].recv(16))  # one recv per ready socket
    print(json.dumps({"registered": n, "ready": len(events), "bytes": got}))


def batch(b):
    raise_fd_limit(2 * b + 64)
    pairs = [socket.socketpair() for _ in range(b)]
    ep = select.epoll()
    for server, _peer in pairs:
        ep.register(server.fileno(), select.EPOLLIN)
    for _server, peer in pairs:
        os.write(peer.fileno(), b"GET")  # the requests arrive
    by_fd = {server.fileno(): server for server, _ in pairs}
    events = ep.poll(0)  # 1 epoll_wait (maxevents defaults to FD_SETSIZE - 1 = 1023)
    for fd, _mask in events:
        s = by_fd[fd]
        s.recv(16)  # read the request
        s.send(b"200")  # write the response
    print(json.dumps({"batch": b, "ready": len(events)}))


ARRIVAL_MS = {"B": 30, "C": 60, "A": 90}


def strategy(name):
    names = ["A", "B", "C"]
    pairs = {s: socket.socketpair() for s in names}
    server = {s: pairs[s][0] for s in names}
    t0 = time.monotonic()

    def writer():
        for s in sorted(names, key=lambda x: ARRIVAL_MS[x]):
            delay = t0 + ARRIVAL_MS[s] / 1000 - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            os.write(pairs[s][1].fileno(), s.encode())

    served = {}
    order = []
    eagain = 0
    reads = 0
    waits = 0
    w = threading.Thread(target=writer)
    w.start()
    if name == "blocking":
        for s in names:  # read(A), read(B), read(C): sleeps in read(A) while B and C are ready
            server[s].recv(16)
            reads += 1
            served[s] = (time.monotonic() - t0) * 1000
            order.append(s)
    elif name == "polling":
        for s in names:
            server[s].setblocking(False)  # fcntl(O_NONBLOCK), before the loop
        i = 0
        while len(served) < 3:
            s = names[i % 3]
            i += 1
            reads += 1
            try:
                data = server[s].recv(16)
            except BlockingIOError:  # EAGAIN
                eagain += 1
                continue
            if data and s not in served:
                served[s] = (time.monotonic() - t0) * 1000
                order.append(s)
    elif name == "multiplexer":
        ep = select.epoll()
        for s in names:
            ep.register(server[s].fileno(), select.EPOLLIN)
        by_fd = {server[s].fileno(): s for s in names}
        while len(served) < 3:
            events = ep.poll()  # sleeps until something is ready
            waits += 1
            for fd, _mask in events:
                s = by_fd[fd]
                server[s].recv(16)
                reads += 1
                served[s] = (time.monotonic() - t0) * 1000
                order.append(s)
                ep.unregister(fd)  # served: one message per socket in this experiment
    else:
        raise SystemExit("unknown strategy " + name)
    w.join()
    print(
        json.dumps(
            {
                "strategy": name,
                "order": order,
                "servedMs": served,
                "arrivalMs": ARRIVAL_MS,
                "reads": reads,
                "eagain": eagain,
                "waits": waits,
            }
        )
    )


def regular_file(path):
    with open(path, "rb") as f:
        t = time.monotonic()
        r, _w, _x = select.select([f], [], [], 5)
        select_ms = (time.monotonic() - t) * 1000
        ep = select.epoll()
        try:
            ep.register(f.fileno(), select.EPOLLIN)
            epoll = "registered"
        except OSError as e:
            epoll = os.strerror(e.errno) + " (" + ("EPERM" if e.errno == 1 else str(e.errno)) + ")"
    print(json.dumps({"selectReady": len(r) == 1, "selectMs": select_ms, "epoll": epoll}))


def main():
    cmd = sys.argv[1]
    if cmd == "ready":
        ready(int(sys.argv[2]), int(sys.argv[3]))
    elif cmd == "batch":
        batch(int(sys.argv[2]))
    elif cmd == "strategy":
        strategy(sys.argv[2])
    elif cmd == "regular-file":
        regular_file(sys.argv[2])
    else:
        raise SystemExit("unknown command " + cmd)


if __name__ == "__main__":
    main()
