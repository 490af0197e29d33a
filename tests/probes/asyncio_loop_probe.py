"""The asyncio-loop slide's recordings, run for real under CPython (tests/unit/asyncio-loop-real.test.ts).

    python3 asyncio_loop_probe.py '<json list of paths to Python listings>'

Each listing is a program as the slide shows it (components/asyncio-loop/asyncio-loop-programs.ts, listingOf).
For each, one entry of the printed JSON list: every call of BaseEventLoop._run_once in order, with the
run_until_complete of asyncio.run it belongs to ("main", "cancel_all_tasks", "shutdown_asyncgens",
"shutdown_default_executor") and the callbacks its step 6 ran (the __qualname__ of each handle's callback, or its
type's name: TaskStepMethWrapper is the C Task's __step; a functools.partial by its function's); and the exception asyncio.run raised, if any.

Turns are counted as seed 000 counts them: _run_once wrapped before asyncio.run makes its loop.
"""
import asyncio
import asyncio.base_events
import asyncio.events
import functools
import json
import runpy
import sys

_turns = []
_current = None
_phase = 'loop'

_original_run_once = asyncio.base_events.BaseEventLoop._run_once
_original_run_until_complete = asyncio.base_events.BaseEventLoop.run_until_complete
_original_handle_run = asyncio.events.Handle._run


def _run_once(self):
    global _current
    _current = []
    try:
        _original_run_once(self)
    finally:
        _turns.append({'phase': _phase, 'ran': _current})
        _current = None


def _run_until_complete(self, future):
    global _phase
    if asyncio.iscoroutine(future):
        _phase = future.__qualname__.rsplit('.', 1)[-1]  # BaseEventLoop.shutdown_asyncgens, …
    elif isinstance(future, asyncio.Task):
        _phase = 'main'  # Runner.run: the main coroutine's task
    else:
        _phase = 'cancel_all_tasks'  # runners._cancel_all_tasks: gather(*to_cancel, return_exceptions=True)
    return _original_run_until_complete(self, future)


def _handle_run(self):
    cb = self._callback
    while isinstance(cb, functools.partial):  # sock_recv's partial(self._sock_read_done, fd, handle=handle)
        cb = cb.func
    if _current is not None:
        _current.append(getattr(cb, '__qualname__', type(cb).__name__))
    return _original_handle_run(self)


asyncio.base_events.BaseEventLoop._run_once = _run_once
asyncio.base_events.BaseEventLoop.run_until_complete = _run_until_complete
asyncio.events.Handle._run = _handle_run


def run(path):
    global _phase
    _turns.clear()
    _phase = 'loop'
    error = None
    try:
        runpy.run_path(path, run_name='__main__')
    except Exception as e:  # noqa: BLE001 - the program's own exception is the result
        error = f'{type(e).__name__}({str(e)!r})'
    return {'turns': list(_turns), 'error': error}


if __name__ == '__main__':
    print(json.dumps([run(p) for p in json.loads(sys.argv[1])]))
