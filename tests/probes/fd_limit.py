"""Open-files limits as CPython sees them, and how many sockets it can hold open (tests/unit/pitfalls-limits-real).

Prints one JSON line: the soft and hard RLIMIT_NOFILE from /proc/self/limits, how many of `want` sockets it opened,
and the errno name of the failure that stopped it (null when all opened). A socket is a file descriptor: past the
soft limit, socket() fails with EMFILE.
"""
import errno
import json
import socket
import sys


def limits():
    with open("/proc/self/limits") as f:
        for line in f:
            if line.startswith("Max open files"):
                soft, hard = line.split()[3:5]
                return int(soft), int(hard)
    raise SystemExit("no 'Max open files' line in /proc/self/limits")


want = int(sys.argv[1])
soft, hard = limits()
held, error = [], None
try:
    for _ in range(want):
        held.append(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
except OSError as e:
    error = errno.errorcode.get(e.errno, str(e.errno))
print(json.dumps({"soft": soft, "hard": hard, "opened": len(held), "error": error}))
