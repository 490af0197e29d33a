"""The slide python-asyncio's code variants, run for real (tests/unit/python-asyncio-real.test.ts).

    python3 python_asyncio_probe.py serve DELAY_MS
        A small HTTP server on loopback (an ephemeral port, printed as one line `PORT <n>`) that answers every GET
        after DELAY_MS, one thread per request; it stops when its stdin is closed.
    python3 python_asyncio_probe.py run FILE
        Runs FILE (a listing the asyncio model wrote, components/python-asyncio/python-asyncio-programs.ts) as
        __main__ and prints one JSON line: its module-level `ticks` (loop.time() of each heartbeat tick) relative to
        the first, in ms, the median interval between them, and the machine's wake-up lateness just before. With
        SLOW_CALLBACK_DURATION=<seconds> in the environment, every loop's slow_callback_duration is set to it. Warnings and debug-mode logging go to stderr, as
        CPython prints them.
"""
import asyncio.base_events
import http.server
import os
import json
import runpy
import statistics
import sys
import threading
import time


def serve(delay_ms):
    class Slow(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            time.sleep(delay_ms / 1000)
            body = b'{"rate": 1.0}'
            self.send_response(200)
            self.send_header('Content-Type', 'application/json')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Slow)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f'PORT {server.server_address[1]}', flush=True)
    sys.stdin.read()  # until the test closes it (or dies)
    server.shutdown()


def lateness_ms():
    """How late this machine wakes a sleeping thread now (the model's wakeLatencyMs), measured on sleeps of our
    own before the listing runs, never on the ticks that are compared."""
    late = []
    for _ in range(7):
        t0 = time.monotonic()
        time.sleep(0.02)
        late.append(time.monotonic() - t0 - 0.02)
    return round(statistics.median(late) * 1000, 4)


def run(file):
    threshold = os.environ.get('SLOW_CALLBACK_DURATION')
    if threshold:  # loop.slow_callback_duration for every loop the listing makes (asyncio.run makes one)
        init = asyncio.base_events.BaseEventLoop.__init__

        def __init__(self, *args, **kwargs):
            init(self, *args, **kwargs)
            self.slow_callback_duration = float(threshold)

        asyncio.base_events.BaseEventLoop.__init__ = __init__
    late = lateness_ms()
    g = runpy.run_path(file, run_name='__main__')
    ticks = g.get('ticks', [])
    rel = [round((t - ticks[0]) * 1000, 3) for t in ticks]
    gaps = [b - a for a, b in zip(rel, rel[1:])]
    print(json.dumps({'ticks': rel, 'median_ms': round(statistics.median(gaps), 3) if gaps else None,
                      'wake_latency_ms': late}))


if __name__ == '__main__':
    if sys.argv[1] == 'serve':
        serve(float(sys.argv[2]))
    else:
        run(sys.argv[2])
