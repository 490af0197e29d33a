"""asyncio.Queue(maxsize) driven by ops, for the backpressure slide (components/backpressure/).

Reads a JSON list of runs from stdin, each {"maxsize": N, "ops": ["put" | "get", ...]}. Each "put" starts a task
that awaits q.put(item); each "get" takes an item with get_nowait() when there is one. After each op the loop runs
until it settles; the output, one JSON list per run, is [qsize(), putters still waiting, whether that put waited or
that get got an item] per op.
"""
import asyncio
import json
import sys


async def settle():
    for _ in range(5):
        await asyncio.sleep(0)


async def run(maxsize, ops):
    q = asyncio.Queue(maxsize)
    putters = []
    out = []
    for i, op in enumerate(ops):
        if op == "put":
            task = asyncio.ensure_future(q.put(i))
            putters.append(task)
            await settle()
            flag = not task.done()
        else:
            flag = q.qsize() > 0
            if flag:
                q.get_nowait()
            await settle()
        waiting = sum(1 for t in putters if not t.done())
        out.append([q.qsize(), waiting, flag])
    for t in putters:
        t.cancel()
    await settle()
    return out


async def main():
    runs = json.load(sys.stdin)
    print(json.dumps([await run(r["maxsize"], r["ops"]) for r in runs]))


asyncio.run(main())
