"""The quiz-fastapi slide's three handler kinds, with plain CPython (tests/unit/quiz-fastapi-real.test.ts).

    python3 fastapi_kinds_probe.py '<json list of cases>'

FastAPI, uvicorn and httpx are not installed here, so each kind is written with what they do underneath:
    async_blocking  an `async def` handler calling `requests.get` (the loop's thread blocks in it);
    def_pool        a plain `def` handler calling `requests.get`, run in a 40-thread ThreadPoolExecutor with
                    `loop.run_in_executor` (Starlette runs plain `def` handlers in anyio's worker threads, 40 at most);
    async_client    an `async def` handler with an asynchronous HTTP client: asyncio streams (`open_connection`),
                    as httpx.AsyncClient does underneath.
Each case is {"kind": …, "requests": N, "delay_ms": D}: N requests arrive together (asyncio.gather) and each asks a
small HTTP server on loopback (started here, stopped here) that answers after D ms. One JSON line is printed: per
case, when each request started and finished (ms after the start, in order of arrival), how many requests the
server held at once at most, and how long an answer really took the server on average (its sleep wakes late on a
busy machine).
"""
import asyncio
import json
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests

POOL_THREADS = 40


class RatesServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # 50 connections at once must not wait in a short backlog

    def __init__(self, delay):
        super().__init__(('127.0.0.1', 0), RatesHandler)
        self.delay = delay
        self.lock = threading.Lock()
        self.in_flight = 0
        self.max_in_flight = 0
        self.served = []  # how long each answer really took the server (s): its sleep, woken late on a busy machine


class RatesHandler(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - http.server's name
        server = self.server
        with server.lock:
            server.in_flight += 1
            server.max_in_flight = max(server.max_in_flight, server.in_flight)
        t0 = time.monotonic()
        try:
            time.sleep(server.delay)  # the rates API takes its time
        finally:
            # A request is held until its answer starts: counted after the write, the client's next request (sent
            # as soon as this answer arrives) could be counted before this thread got back here.
            with server.lock:
                server.in_flight -= 1
                server.served.append(time.monotonic() - t0)
        body = b'{"rate": 1.0}'
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def run_case(case):
    server = RatesServer(case['delay_ms'] / 1000)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address
    url = f'http://{host}:{port}/price'
    times = []

    def price_sync():
        r = requests.get(url)
        return r.json()

    async def price_blocking():
        r = requests.get(url)
        return r.json()

    async def price_async_client():
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(f'GET /price HTTP/1.0\r\nHost: {host}:{port}\r\n\r\n'.encode())
        await writer.drain()
        response = await reader.read()  # HTTP/1.0: until the server closes
        writer.close()
        await writer.wait_closed()
        return json.loads(response.split(b'\r\n\r\n', 1)[1])

    async def main():
        loop = asyncio.get_running_loop()
        executor = ThreadPoolExecutor(max_workers=POOL_THREADS)
        t0 = time.monotonic()

        async def request(i):
            start = time.monotonic()
            if case['kind'] == 'async_blocking':
                result = await price_blocking()
            elif case['kind'] == 'def_pool':
                result = await loop.run_in_executor(executor, price_sync)
            else:
                result = await price_async_client()
            assert result == {'rate': 1.0}
            times.append([i, round((start - t0) * 1000, 3), round((time.monotonic() - t0) * 1000, 3)])

        await asyncio.gather(*[request(i) for i in range(case['requests'])])
        executor.shutdown(wait=True)

    try:
        asyncio.run(main())
    finally:
        server.shutdown()
        server.server_close()
    times.sort()
    served = sorted(server.served)
    return {'requests': [[s, e] for _, s, e in times], 'max_in_flight': server.max_in_flight,
            'served_ms': round(1000 * sum(served) / len(served), 3) if served else None}


if __name__ == '__main__':
    print(json.dumps([run_case(c) for c in json.loads(sys.argv[1])]))
