"""select's descriptor limit, seen from CPython on this machine.

Opens pipes until some descriptor is >= 1024 (raising RLIMIT_NOFILE's soft limit if it is too low), then calls
select.select with (a) every open descriptor 3 … 1023, (b) the same plus 1024, (c) descriptor 1024 alone.
Prints one JSON object. Used by tests/unit/select-epoll-real.test.ts.
"""
import json
import os
import resource
import select

soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
if soft != resource.RLIM_INFINITY and soft < 1100:
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(1100, hard) if hard != resource.RLIM_INFINITY else 1100, hard))

opened = []
while not opened or max(opened) < 1024:
    r, w = os.pipe()
    opened += [r, w]


def attempt(fds):
    try:
        select.select(fds, [], [], 0)
        return {"ok": True}
    except Exception as e:  # noqa: BLE001 - we report whatever the runtime raises
        return {"ok": False, "error": f"{type(e).__name__}: {e}"}


# Every descriptor 3 … 1023 that is open (the pipes fill the gaps left by the interpreter's own files).
open_below = []
for fd in range(3, 1024):
    try:
        os.fstat(fd)
        open_below.append(fd)
    except OSError:
        pass

print(json.dumps({
    "rlimit_nofile": resource.getrlimit(resource.RLIMIT_NOFILE)[0],
    "open_below_1024": len(open_below),
    "lowest": open_below[0],
    "highest_below": open_below[-1],
    "all_below": attempt(open_below),
    "below_plus_1024": attempt(open_below + [1024]),
    "only_1023": attempt([1023]),
    "only_1024": attempt([1024]),
}))
