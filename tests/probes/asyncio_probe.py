"""The asyncio model's programs, run for real under CPython (tests/unit/asyncio-real.test.ts).

    python3 asyncio_probe.py '<json list of cases>'

Each case is one of
    {"kind": "turns", "program": "empty" | "nested:<depth>" | "gather:<n>" | "sleep0:<k>" | "thread:<k>"}
    {"kind": "heartbeat", "tick_ms": T, "portions": N, "portion_ms": P, "worker": "blocking" | "cooperative"}
    {"kind": "fifty", "tasks": N, "busy_ms": B, "worker": "blocking" | "cooperative"}
    {"kind": "listing", "file": PATH}   (a program's Python as the model writes it: its turns and exception)
and one JSON line is printed: the list of results, in order.

Turns are counted as seed 000 counts them: BaseEventLoop._run_once is wrapped by a counter before asyncio.run
makes its loop, so the count is every iteration of every run_until_complete of asyncio.run (main,
shutdown_asyncgens, shutdown_default_executor). Each program is the Python that the model's program of the same
name stands for (components/shared/asyncio-sim/programs.ts).
"""
import asyncio
import asyncio.base_events
import json
import statistics
import sys
import time

_original_run_once = asyncio.base_events.BaseEventLoop._run_once
_turns = []  # one entry per turn: (start, end) of loop.time()


def _counting_run_once(self):
    t0 = self.time()
    _original_run_once(self)
    _turns.append((t0, self.time()))


asyncio.base_events.BaseEventLoop._run_once = _counting_run_once


# -- turns --------------------------------------------------------------------------------------------------
async def empty():
    pass


async def nested(depth):
    if depth > 0:
        await nested(depth - 1)


async def sleeper():
    await asyncio.sleep(0)


async def gather_of(n):
    await asyncio.gather(*[sleeper() for _ in range(n)])


async def sleep0_times(k):
    for _ in range(k):
        await asyncio.sleep(0)


async def threads(k):
    for _ in range(k):
        await asyncio.to_thread(int)


def program(spec):
    name, _, arg = spec.partition(':')
    if name == 'empty':
        return empty()
    n = int(arg)
    return {'nested': nested, 'gather': gather_of, 'sleep0': sleep0_times, 'thread': threads}[name](n)


def turns(case):
    _turns.clear()
    asyncio.run(program(case['program']))
    return {'turns': len(_turns)}


# -- heartbeat ----------------------------------------------------------------------------------------------
async def heartbeat(period, ticks):
    loop = asyncio.get_running_loop()
    while True:
        ticks.append(loop.time())
        await asyncio.sleep(period)


_blocks = []  # how long each of the worker's sleeps really took in a run (s)
_starts = []  # when each blocking portion started (s)


def block(seconds):
    t0 = time.monotonic()
    _starts.append(t0)
    time.sleep(seconds)
    _blocks.append(time.monotonic() - t0)


async def wait(seconds):
    t0 = time.monotonic()
    await asyncio.sleep(seconds)
    _blocks.append(time.monotonic() - t0)


def lateness_ms(requested, average=statistics.median):
    """The lateness of the worker's sleeps in the run (ms): what the machine added, not the loop. The median for
    a median to compare, the mean for a sum (the longest turn of the fifty-task table). For blocking portions,
    from one portion's start to the next: the sleep's lateness plus the interpreter's own time around it (on a
    loaded machine a turn of Python costs a millisecond), which the model has no other knob for."""
    if len(_starts) >= 2:
        return round(average([b - a - requested for a, b in zip(_starts, _starts[1:])]) * 1000, 4)
    return round(average([b - requested for b in _blocks]) * 1000, 4) if _blocks else None


async def worker(portions, portion, blocking):
    for _ in range(portions):
        if blocking:
            block(portion)
        else:
            await wait(portion)
        await asyncio.sleep(0)


async def heartbeat_main(case, ticks):
    hb = asyncio.create_task(heartbeat(case['tick_ms'] / 1000, ticks))
    await worker(case['portions'], case['portion_ms'] / 1000, case['worker'] == 'blocking')
    hb.cancel()


def median_interval_ms(ticks):
    gaps = [(b - a) * 1000 for a, b in zip(ticks, ticks[1:])]
    return round(statistics.median(gaps), 3) if gaps else None


def heartbeat_case(case):
    ticks = []
    # The machine's wake-up lateness, which the model takes as a parameter (on a loaded machine a 20 ms sleep can
    # take 23): measured in the run itself on the worker's sleeps (time.sleep or asyncio.sleep), never on the
    # heartbeat's ticks, which are what is compared.
    _blocks.clear()
    _starts.clear()
    asyncio.run(heartbeat_main(case, ticks))
    latency = lateness_ms(case['portion_ms'] / 1000)
    return {'ticks': len(ticks), 'median_ms': median_interval_ms(ticks), 'wake_latency_ms': latency}


# -- fifty tasks --------------------------------------------------------------------------------------------
async def busy(seconds, blocking):
    if blocking:
        block(seconds)
    else:
        await wait(seconds)


async def fifty_main(case):
    await asyncio.gather(*[busy(case['busy_ms'] / 1000, case['worker'] == 'blocking') for _ in range(case['tasks'])])


def fifty(case):
    _blocks.clear()
    _starts.clear()
    _turns.clear()
    t0 = time.monotonic()
    asyncio.run(fifty_main(case))
    total = (time.monotonic() - t0) * 1000
    # the turns of the first run_until_complete (main): all but the 4 of the two shutdown calls
    main_turns = _turns[:-4]
    longest = max(end - start for start, end in main_turns) * 1000
    latency = lateness_ms(case['busy_ms'] / 1000, statistics.mean)
    return {'turns': len(main_turns), 'total_ms': round(total, 3), 'longest_turn_ms': round(longest, 3),
            'wake_latency_ms': latency}


# -- any program of the model, from its Python listing ------------------------------------------------------------
def listing(case):
    """Runs a listing written by the model (components/shared/asyncio-sim/program.ts, toPython): its turns and
    the exception asyncio.run raised, if any."""
    import runpy
    _turns.clear()
    error = None
    try:
        runpy.run_path(case['file'], run_name='__main__')
    except Exception as e:  # noqa: BLE001 - the program's own exception is the result
        error = f'{type(e).__name__}({str(e)!r})'
    return {'turns': len(_turns), 'error': error}


KINDS = {'turns': turns, 'heartbeat': heartbeat_case, 'fifty': fifty, 'listing': listing}

if __name__ == '__main__':
    cases = json.loads(sys.argv[1])
    print(json.dumps([KINDS[c['kind']](c) for c in cases]))
