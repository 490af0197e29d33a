"""One poll, one epoll_wait and (when every descriptor is below 1024) one select over N pipes, K of them readable.

Run under strace by tests/unit/select-epoll-real.test.ts:
    strace -f -qq -s 100000 -e trace=poll,ppoll,epoll_ctl,epoll_wait,epoll_pwait,select,pselect6 python3 select-strace.py N K
The markers written to stderr (a `write(2, …)` is not traced) are not needed: each traced call appears once.
Prints one JSON object with the descriptors used and what Python got back.
"""
import json
import os
import resource
import select
import sys

n, k = int(sys.argv[1]), int(sys.argv[2])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
need = 2 * n + 64
if soft != resource.RLIM_INFINITY and soft < need:
    resource.setrlimit(resource.RLIMIT_NOFILE, (need if hard == resource.RLIM_INFINITY else min(need, hard), hard))

pipes = [os.pipe() for _ in range(n)]
reads = [r for r, _ in pipes]
for _, w in pipes[:k]:
    os.write(w, b"x")

p = select.poll()
for r in reads:
    p.register(r, select.POLLIN)
polled = p.poll(0)

ep = select.epoll()
for r in reads:
    ep.register(r, select.EPOLLIN)
waited = ep.poll(0, n)

selected = None
if max(reads) < 1024:
    selected = len(select.select(reads, [], [], 0)[0])

print(json.dumps({"reads": reads, "poll": len(polled), "epoll": len(waited), "select": selected, "epfd": ep.fileno()}))
