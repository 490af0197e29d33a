"""The tasks-gather slide's handlers, run for real under CPython (tests/unit/tasks-gather-real.test.ts).

    python3 tasks_gather_probe.py '<json list of cases>'

Each case is {"source": "async def handler(): ...", "window_ms": W}: the handler exactly as the slide shows it
(components/tasks-gather/tasks-gather-programs.ts, handlerSource). It runs with this file's `call`, which is the
slide's `call` (await asyncio.sleep(latency), then raise ValueError(f'{name} failed') or return name) plus a record
of when each call started and how it ended, in the order things happened. The handler runs in a task of its own,
as in a server: main goes on (sleeps W ms) meanwhile, then awaits it, so what keeps running after a failure is
seen to the end. One JSON line is printed: per case, the events in order, each [who, how, ms since the start,
repr or null], `who` being a call's name or "caller" (the handler returned or raised: what its caller receives).
"""
import asyncio
import json
import sys


def run_case(case):
    events = []
    loop_start = [0.0]

    def record(who, how, value=None):
        loop = asyncio.get_running_loop()
        events.append([who, how, round((loop.time() - loop_start[0]) * 1000, 3), value])

    async def call(name, latency, fails=False):
        record(name, 'start')
        try:
            await asyncio.sleep(latency)  # an HTTP call
        except asyncio.CancelledError:
            record(name, 'cancelled')
            raise
        if fails:
            record(name, 'exception')
            raise ValueError(f'{name} failed')
        record(name, 'result')
        return name

    namespace = {'asyncio': asyncio, 'call': call}
    exec(compile(case['source'], '<handler>', 'exec'), namespace)
    handler = namespace['handler']

    async def caller():
        try:
            result = await handler()
        except Exception as e:  # noqa: BLE001 - what the caller receives is the result
            record('caller', 'exception', repr(e))
        else:
            record('caller', 'result', repr(result))

    async def main():
        loop_start[0] = asyncio.get_running_loop().time()
        h = asyncio.create_task(caller())
        await asyncio.sleep(case['window_ms'] / 1000)  # the server goes on serving
        await h

    asyncio.run(main())
    return events


if __name__ == '__main__':
    print(json.dumps([run_case(c) for c in json.loads(sys.argv[1])]))
