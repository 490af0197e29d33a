"""Runs the function-coloring slide's listings under real CPython (tests/unit/function-coloring-real.test.ts).

stdin: JSON {"programs": [{"id": ..., "code": ..., "compileOnly"?: true}, ...]}. Each program runs in a fresh namespace after a
prelude that stands in for the network: `requests.get` and `client.get` (an httpx.AsyncClient look-alike) return
the price of an id. For each: what it printed, the exception it raised (if any) and the warnings it gave.
Then the escape hatches of the slide: asyncio.run() inside a running loop, asyncio.to_thread, and
run_coroutine_threadsafe from another thread and from the loop's own thread. Prints one JSON object.
"""
import asyncio
import contextlib
import gc
import io
import json
import sys
import threading
import warnings

PRELUDE = '''
import asyncio
API = "http://prices.test"
PRICES = {1: 30, 2: 10, 3: 20}
class _Response:
    def __init__(self, url):
        self.value = PRICES[int(url.rsplit("/", 1)[1])]
    def json(self):
        return self.value
class requests:
    @staticmethod
    def get(url):
        return _Response(url)
class _AsyncClient:
    async def get(self, url):
        await asyncio.sleep(0)
        return _Response(url)
client = _AsyncClient()
'''


def check_syntax(code):
    try:
        compile(code, '<listing>', 'exec')
    except SyntaxError as e:
        return {'stdout': '', 'error': f'SyntaxError: {e}', 'warnings': []}
    return {'stdout': '', 'error': None, 'warnings': []}


def run(code):
    ns = {}
    out = io.StringIO()
    error = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        try:
            exec(PRELUDE, ns)
            with contextlib.redirect_stdout(out):
                exec(compile(code, '<listing>', 'exec'), ns)
        except Exception as e:  # noqa: BLE001 - the error is the result
            error = f'{type(e).__name__}: {e}'
        ns.clear()
        gc.collect()
        found = [f'{w.category.__name__}: {w.message}' for w in caught]
    return {'stdout': out.getvalue(), 'error': error, 'warnings': found}


def hatches():
    result = {}

    async def inner():
        return 1

    async def run_inside():
        try:
            asyncio.run(inner())
        except RuntimeError as e:
            return f'RuntimeError: {e}'
        return None

    with warnings.catch_warnings(record=True):
        warnings.simplefilter('always')
        result['runInLoop'] = asyncio.run(run_inside())
        gc.collect()

    # to_thread: the blocking function waits for an event that only the running loop sets, so it returns True only
    # if the loop kept running while the thread blocked.
    async def to_thread_case():
        ev = threading.Event()

        async def heartbeat():
            await asyncio.sleep(0)
            ev.set()

        task = asyncio.create_task(heartbeat())
        ok = await asyncio.to_thread(ev.wait, 10)
        await task
        return ok

    result['toThreadLoopRan'] = asyncio.run(to_thread_case())

    # run_coroutine_threadsafe from another thread: the loop runs the coroutine, the thread gets its result.
    async def answer():
        await asyncio.sleep(0)
        return 42

    async def threadsafe_case():
        loop = asyncio.get_running_loop()
        box = {}

        def worker():
            box['value'] = asyncio.run_coroutine_threadsafe(answer(), loop).result(timeout=10)

        await asyncio.to_thread(worker)
        return box['value']

    result['threadsafeFromThread'] = asyncio.run(threadsafe_case())

    # From the loop's own thread, .result() waits for a loop that cannot run: it times out.
    async def own_thread_case():
        loop = asyncio.get_running_loop()
        fut = asyncio.run_coroutine_threadsafe(answer(), loop)
        try:
            fut.result(timeout=0.3)
            return 'result'
        except TimeoutError:
            return 'TimeoutError'

    result['threadsafeFromLoop'] = asyncio.run(own_thread_case())
    return result


def main():
    data = json.load(sys.stdin)
    programs = {p['id']: check_syntax(p['code']) if p.get('compileOnly') else run(p['code']) for p in data['programs']}
    print(json.dumps({'version': sys.version.split()[0], 'programs': programs, 'hatches': hatches()}))


if __name__ == '__main__':
    main()
