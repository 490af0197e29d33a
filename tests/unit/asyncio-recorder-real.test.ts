/**
 * The asyncio recorder (components/shared/py-record/asyncio_recorder.py) against the real thing, two ways:
 * - 33 programs recorded under the machine's python3 (3.11+) and under CPython 3.14 in WebAssembly (the pyodide
 *   package, in Node), compared turn by turn: the phase, the virtual time, what the loop slept, each handle run (as
 *   the recorder names it), what it printed and how long it blocked the loop; the end and the whole output.
 * - the asyncio-loop slide's presets (the TS model of CPython 3.11's loop) recorded under python3 agree with the
 *   model turn for turn: phases and the callbacks run, by qualname (a second witness beside
 *   tests/unit/asyncio-loop-real.test.ts's probe).
 * And the refusals, the syntax error and the bounds, under python3. Skipped visibly when python3 is missing.
 * Task names (Task-N) come from a counter of the process, so they are renumbered in order of first appearance (in
 * what ran and in what it printed).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../components/shared/asyncio-sim/index.ts';
import { PRESETS, listingOf, presetProgram } from '../../components/asyncio-loop/asyncio-loop-programs.ts';
import type { PyRecording as Recording } from '../../components/shared/py-record/py-protocol.ts';
import { findPython } from './python-tool.ts';

const TSX = join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
const RECORDER = join(__dirname, '..', '..', 'components', 'shared', 'py-record', 'asyncio_recorder.py');
const python = findPython('asyncio-recorder-real', {
  candidates: ['python3.11', 'python3'],
  skipped: 'the recorder is not run under CPython',
});
const SKIP = python.skip;
const hasPython = python.exe !== null;

const H = 'import asyncio\nimport time\n\n';
/** Programs a person might paste: seed 000's three (blocking, cooperative, gather of 50) and the chapter's tools. */
const PROGRAMS: Record<string, string> = {
  empty: `${H}async def main():\n    pass\n\nasyncio.run(main())\n`,
  sleep0: `${H}async def main():\n    for i in range(3):\n        print(i)\n        await asyncio.sleep(0)\n\nasyncio.run(main())\n`,
  blocking: `${H}async def tick():\n    for _ in range(3):\n        print('tick', round(asyncio.get_running_loop().time(), 3))\n        await asyncio.sleep(0.1)\n\nasync def work():\n    time.sleep(0.3)\n    print('worked')\n\nasync def main():\n    await asyncio.gather(tick(), work())\n\nasyncio.run(main())\n`,
  cooperative: `${H}async def tick():\n    for _ in range(3):\n        print('tick', round(asyncio.get_running_loop().time(), 3))\n        await asyncio.sleep(0.1)\n\nasync def work():\n    for _ in range(3):\n        await asyncio.sleep(0.1)\n    print('worked')\n\nasync def main():\n    await asyncio.gather(tick(), work())\n\nasyncio.run(main())\n`,
  gather50: `${H}async def c(i):\n    await asyncio.sleep(0)\n    return i\n\nasync def main():\n    r = await asyncio.gather(*[c(i) for i in range(50)])\n    print(sum(r))\n\nasyncio.run(main())\n`,
  callSoon: `${H}async def main():\n    loop = asyncio.get_running_loop()\n    loop.call_soon(print, 'soon')\n    loop.call_later(0.5, print, 'later')\n    await asyncio.sleep(1)\n\nasyncio.run(main())\n`,
  createTask: `${H}async def child(n):\n    await asyncio.sleep(n / 10)\n    print('child', n)\n    return n\n\nasync def main():\n    t1 = asyncio.create_task(child(2))\n    t2 = asyncio.create_task(child(1))\n    print(await t1 + await t2)\n\nasyncio.run(main())\n`,
  waitFor: `${H}async def slow():\n    await asyncio.sleep(10)\n\nasync def main():\n    try:\n        await asyncio.wait_for(slow(), 0.5)\n    except asyncio.TimeoutError:\n        print('timed out at', asyncio.get_running_loop().time())\n\nasyncio.run(main())\n`,
  taskRaises: `${H}async def bad():\n    await asyncio.sleep(0)\n    raise ValueError('no')\n\nasync def main():\n    await asyncio.gather(bad())\n\nasyncio.run(main())\n`,
  queue: `${H}async def producer(q):\n    for i in range(3):\n        await q.put(i)\n        await asyncio.sleep(0.01)\n    await q.put(None)\n\nasync def consumer(q):\n    while (x := await q.get()) is not None:\n        print('got', x)\n\nasync def main():\n    q = asyncio.Queue()\n    await asyncio.gather(producer(q), consumer(q))\n\nasyncio.run(main())\n`,
  event: `${H}async def waiter(e):\n    await e.wait()\n    print('set')\n\nasync def main():\n    e = asyncio.Event()\n    t = asyncio.create_task(waiter(e))\n    await asyncio.sleep(0.2)\n    e.set()\n    await t\n\nasyncio.run(main())\n`,
  cancel: `${H}async def forever():\n    try:\n        await asyncio.sleep(3600)\n    except asyncio.CancelledError:\n        print('cancelled')\n        raise\n\nasync def main():\n    t = asyncio.create_task(forever())\n    await asyncio.sleep(0)\n    t.cancel()\n    try:\n        await t\n    except asyncio.CancelledError:\n        print('main saw it')\n\nasyncio.run(main())\n`,
  taskGroup: `${H}async def c(n):\n    await asyncio.sleep(n)\n    print('c', n)\n\nasync def main():\n    async with asyncio.TaskGroup() as tg:\n        for n in (0.2, 0.1):\n            tg.create_task(c(n))\n    print('all done')\n\nasyncio.run(main())\n`,
  timeout: `${H}async def main():\n    try:\n        async with asyncio.timeout(0.25):\n            await asyncio.sleep(1)\n    except TimeoutError:\n        print('timeout')\n\nasyncio.run(main())\n`,
  semaphore: `${H}async def job(s, i):\n    async with s:\n        await asyncio.sleep(0.1)\n        print('job', i)\n\nasync def main():\n    s = asyncio.Semaphore(2)\n    await asyncio.gather(*[job(s, i) for i in range(4)])\n\nasyncio.run(main())\n`,
  nested: `${H}async def c():\n    return 1\n\nasync def b():\n    return await c()\n\nasync def a():\n    return await b()\n\nasync def main():\n    print(await a())\n\nasyncio.run(main())\n`,
  hourOfSleeps: `${H}async def main():\n    for _ in range(6):\n        await asyncio.sleep(600)\n    print(asyncio.get_running_loop().time())\n\nasyncio.run(main())\n`,
  runForever: `${H}loop = asyncio.new_event_loop()\nloop.call_later(0.1, loop.stop)\nloop.call_soon(print, 'first')\nloop.run_forever()\nloop.close()\n`,
  starve: `${H}async def spin():\n    for i in range(5):\n        await asyncio.sleep(0)\n\nasync def timer():\n    await asyncio.sleep(0)\n    print('timer')\n\nasync def main():\n    await asyncio.gather(spin(), timer())\n\nasyncio.run(main())\n`,
  stderr: `${H}import sys\n\nasync def main():\n    print('to stderr', file=sys.stderr)\n    await asyncio.sleep(0)\n\nasyncio.run(main())\n`,
  lock: `${H}async def use(lock, i):\n    async with lock:\n        print('in', i)\n        await asyncio.sleep(0.1)\n        print('out', i)\n\nasync def main():\n    lock = asyncio.Lock()\n    await asyncio.gather(*[use(lock, i) for i in range(3)])\n\nasyncio.run(main())\n`,
  condition: `${H}async def waiter(c, i):\n    async with c:\n        await c.wait()\n        print('woken', i)\n\nasync def main():\n    c = asyncio.Condition()\n    ts = [asyncio.create_task(waiter(c, i)) for i in range(3)]\n    await asyncio.sleep(0.1)\n    async with c:\n        c.notify_all()\n    await asyncio.gather(*ts)\n\nasyncio.run(main())\n`,
  asCompleted: `${H}async def c(n):\n    await asyncio.sleep(n)\n    return n\n\nasync def main():\n    for f in asyncio.as_completed([c(0.3), c(0.1), c(0.2)]):\n        print(await f)\n\nasyncio.run(main())\n`,
  waitFirst: `${H}async def c(n):\n    await asyncio.sleep(n)\n    return n\n\nasync def main():\n    ts = [asyncio.create_task(c(n)) for n in (0.3, 0.1)]\n    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_COMPLETED)\n    print([t.result() for t in done], len(pending))\n    for t in pending:\n        t.cancel()\n\nasyncio.run(main())\n`,
  shield: `${H}async def inner():\n    await asyncio.sleep(0.2)\n    print('inner finished')\n\nasync def main():\n    t = asyncio.create_task(inner())\n    try:\n        async with asyncio.timeout(0.1):\n            await asyncio.shield(t)\n    except TimeoutError:\n        print('outer timed out')\n    await t\n\nasyncio.run(main())\n`,
  futureLater: `${H}async def main():\n    loop = asyncio.get_running_loop()\n    f = loop.create_future()\n    loop.call_later(0.3, f.set_result, 'ready')\n    print(await f, loop.time())\n\nasyncio.run(main())\n`,
  doneCallback: `${H}async def c():\n    await asyncio.sleep(0.1)\n    return 42\n\nasync def main():\n    t = asyncio.create_task(c())\n    t.add_done_callback(lambda t: print('done', t.result()))\n    await t\n    await asyncio.sleep(0)\n\nasyncio.run(main())\n`,
  asyncGen: `${H}async def ticks(n):\n    for i in range(n):\n        await asyncio.sleep(0.05)\n        yield i\n\nasync def main():\n    async for i in ticks(3):\n        print('tick', i)\n\nasyncio.run(main())\n`,
  returnExceptions: `${H}async def ok():\n    await asyncio.sleep(0.1)\n    return 'ok'\n\nasync def bad():\n    await asyncio.sleep(0.05)\n    raise ValueError('bad')\n\nasync def main():\n    print(await asyncio.gather(ok(), bad(), return_exceptions=True))\n\nasyncio.run(main())\n`,
  fiveSleeps: `${H}async def w(i):\n    await asyncio.sleep(0.2)\n    print('woke', i)\n\nasync def main():\n    await asyncio.gather(*[w(i) for i in range(5)])\n\nasyncio.run(main())\n`,
  neverRetrieved: `${H}async def bad(i):\n    await asyncio.sleep(0)\n    raise ValueError(i)\n\nasync def main():\n    for i in range(2):\n        asyncio.create_task(bad(i))\n    await asyncio.sleep(0.1)\n    print('end')\n\nasyncio.run(main())\n`,
  threads: `${H}\ndef blocking_io(seconds):\n    print('io start')\n    time.sleep(seconds)\n    print('io done')\n    return seconds * 10\n\n\ndef compute(n):\n    time.sleep(0.19)\n    return sum(range(n))\n\n\ndef fail():\n    time.sleep(0.05)\n    raise ValueError('no')\n\n\nasync def ticker():\n    for i in range(4):\n        print('tick', i)\n        await asyncio.sleep(0.2)\n\n\nasync def worker(i):\n    await asyncio.sleep(0.05 * i)\n    print('worker', i)\n\n\nasync def main():\n    loop = asyncio.get_running_loop()\n    t = asyncio.create_task(ticker())\n    await asyncio.sleep(0.01)\n    print('to_thread gave', await asyncio.to_thread(blocking_io, 0.49))\n    print('run_in_executor gave', await loop.run_in_executor(None, compute, 100))\n    await asyncio.gather(*(worker(i) for i in range(1, 4)))\n    try:\n        await asyncio.to_thread(fail)\n    except ValueError as e:\n        print('caught', repr(e))\n    await t\n\n\nasyncio.run(main())\n`,
  callAt: `${H}async def main():\n    loop = asyncio.get_running_loop()\n    now = loop.time()\n    for d in (0.3, 0.1, 0.2):\n        loop.call_at(now + d, print, 'at', d)\n    await asyncio.sleep(0.5)\n\nasyncio.run(main())\n`,
};

/**
 * Where 3.11 and 3.14 differ, with the same output: wait_for is asyncio.timeout since 3.12 (gh-96764), so the
 * turns that time it out are not 3.11's; as_completed is an iterator class since 3.13, whose callback has
 * another name; shield since 3.14 also runs a callback that clears the awaited-by link (the call graph of
 * asyncio's introspection). The slide's model and its presets are 3.11's (the machine's and CI's).
 */
const DIFFERENT = new Set(['waitFor', 'asCompleted', 'shield']);

/** What a program in Pyodide could use to reach the page or the network: each refused. */
const ISOLATION: [string, string][] = [
  ['js.fetch', "import js\njs.fetch('https://example.com')\n"],
  ['pyodide.http', 'from pyodide.http import pyfetch\n'],
  ['js.postMessage', "import js\njs.postMessage('hello')\n"],
  ['js.self.close', 'import js\njs.self.close()\n'],
  ['__import__', "__import__('js').fetch('https://example.com')\n"],
];

const tmp = mkdtempSync(join(tmpdir(), 'asyncio-recorder-real-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let files = 0;

/** Records `source` under python3, in a fresh process (task names start at Task-1). */
function viaPython3(source: string): Recording {
  const file = join(tmp, `p${++files}.py`);
  writeFileSync(file, source);
  const r = spawnSync(python.exe!, [RECORDER, file], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`recorder failed (${String(r.status)}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Recording;
}

/** Task-N and fut-N renumbered in order of first appearance, so that two processes' recordings compare. */
function normalized(r: Recording): unknown {
  const ids = new Map<string, string>();
  const name = (text: string) =>
    text.replace(/Task-\d+/g, (m) => {
      if (!ids.has(m)) ids.set(m, `Task-${ids.size + 1}`);
      return ids.get(m)!;
    });
  return {
    end: r.end,
    stdout: r.stdout,
    turns: r.turns.map((t) => ({
      phase: t.phase,
      time: t.time,
      slept: t.slept,
      ran: t.ran.map((h) => ({
        what: name(h.what),
        out: name(`${h.stdout ?? ''}${h.stderr ?? ''}`),
        blocked: h.blocked,
      })),
    })),
  };
}

describe('the asyncio recorder under CPython 3.11 and CPython 3.14 (Pyodide)', () => {
  it.skipIf(!hasPython)(
    `${Object.keys(PROGRAMS).length} programs: the same turns, times, handles and output${SKIP}`,
    { timeout: 240_000 },
    async () => {
      const { loadPyodide } = await import('pyodide');
      const py = await loadPyodide();
      py.runPython(
        `import sys, types\nrecorder = types.ModuleType('asyncio_recorder')\n` +
          `exec(compile(${JSON.stringify(readFileSync(RECORDER, 'utf8'))}, 'asyncio_recorder.py', 'exec'), recorder.__dict__)\n` +
          `sys.modules['asyncio_recorder'] = recorder`,
      );
      const rows: string[] = [];
      for (const [id, source] of Object.entries(PROGRAMS)) {
        const cpython = viaPython3(source);
        const wasm = JSON.parse(
          py.runPython(
            `import json, asyncio_recorder\njson.dumps(asyncio_recorder.record(${JSON.stringify(source)}))`,
          ) as string,
        ) as Recording;
        expect(wasm.python.startsWith('3.14'), id).toBe(true);
        expect(cpython.end, `${id}: ${cpython.message}`).toBe(id === 'taskRaises' ? 'exception' : 'done');
        expect(wasm.stdout, id).toBe(cpython.stdout);
        if (DIFFERENT.has(id)) {
          expect(normalized(wasm), `${id} now agrees: take it off DIFFERENT`).not.toEqual(normalized(cpython));
          rows.push(
            `${id}: ${cpython.python} ${cpython.turns.length} turns, ${wasm.python} ${wasm.turns.length} turns`,
          );
          continue;
        }
        expect(normalized(wasm), `${id}\n${source}`).toEqual(normalized(cpython));
        rows.push(`${id}: ${cpython.turns.length} turns, ${cpython.python} = ${wasm.python}`);
      }
      // Where Pyodide runs, the program cannot reach the page or the network through Pyodide's modules.
      for (const [id, source] of ISOLATION) {
        const r = JSON.parse(
          py.runPython(
            `import json, asyncio_recorder\njson.dumps(asyncio_recorder.record(${JSON.stringify(source)}))`,
          ) as string,
        ) as Recording;
        expect([id, r.end, r.code], `${id}: ${r.message}`).toEqual([id, 'refused', 'sandbox']);
      }
      console.info(rows.join('\n'));
    },
  );

  it.skipIf(!hasPython)(`the command's exit codes: 0 recorded, 1 usage, 2 refused, 5 raised, 6 budget${SKIP}`, () => {
    const cli = (source: string, ...args: string[]) => {
      const file = join(tmp, `cli${++files}.py`);
      writeFileSync(file, source);
      const cmd = [join(__dirname, '..', '..', 'scripts', 'asyncio.ts'), 'record', file, ...args];
      return spawnSync(TSX, cmd, { encoding: 'utf8', timeout: 60_000 });
    };
    const ok = cli(PROGRAMS.blocking!, '--engine', 'python3');
    expect([ok.status, ok.stdout]).toEqual([0, expect.stringContaining('blocked the loop for 0.3 s (time.sleep)')]);
    expect(cli('', '--engine', 'cobol').status).toBe(1);
    const refused = cli('import threading\n');
    expect([refused.status, refused.stderr]).toEqual([
      2,
      expect.stringContaining('import threading: this module is not available here'),
    ]);
    // a worker's deeds in the turns, where they happened
    const threads = cli(PROGRAMS.threads!, '--engine', 'python3');
    expect([threads.status, threads.stdout]).toEqual([
      0,
      expect.stringContaining(
        '  [at 0.5 s] worker asyncio_0 (a real thread) running blocking_io(0.49) printed\n    | io done\n',
      ),
    ]);
    const raised = cli(PROGRAMS.taskRaises!);
    expect([raised.status, raised.stderr]).toEqual([5, expect.stringContaining('ValueError: no')]);
    // python3: the recorder stops a handle that never returns itself (SIGALRM), at the budget: its own message, in
    // seconds, not the process timeout's (the budget and 5 s more, in ms)
    const endless = cli('while True:\n    pass\n', '--budget', '200');
    expect([endless.status, endless.stderr]).toEqual([6, expect.stringContaining('took longer than 0.2 s')]);
    expect(cli('while True:\n    pass\n', '--budget', '200', '--engine', 'pyodide').status).toBe(6);
  });

  it(
    "the command's pyodide engine holds none of the user's rights: no process, no file written, no host globals, no eval, no standard input",
    {
      timeout: 240_000,
    },
    () => {
      const cli = (source: string) => {
        const file = join(tmp, `rights${++files}.py`);
        writeFileSync(file, source);
        const cmd = [
          join(__dirname, '..', '..', 'scripts', 'asyncio.ts'),
          'record',
          file,
          '--json',
          '--engine',
          'pyodide',
        ];
        return spawnSync(TSX, cmd, { encoding: 'utf8', timeout: 120_000 });
      };
      const owned = join(tmp, 'owned');
      // a process: Node refuses it, and the command says so
      const system = cli(`import asyncio.base_events as b\nb.os.system('id > ${owned}')\n`);
      expect([system.status, system.stderr]).toEqual([
        2,
        expect.stringContaining('refused: the program reached outside its sandbox (ChildProcess'),
      ]);
      expect(existsSync(owned)).toBe(false);
      // the recorder's guard taken off: Pyodide's own API cannot mount the host's files to write, `js` is not Node's
      // global, and eval (a JS function's constructor) is refused
      const escape = cli(
        "import sys, builtins\nsys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != 'ImportGuard']\n" +
          "js = builtins.__import__('js')\npj = builtins.__import__('pyodide_js')\nout = [hasattr(js, n) for n in ('process', 'require', 'fetch')]\n" +
          `try:\n    pj.mountNodeFS('/host', ${JSON.stringify(tmp)})\n    open('/host/owned', 'w').write('x')\n    out.append('wrote')\nexcept Exception as e:\n    out.append(type(e).__name__)\n` +
          "try:\n    pj._module.constructor.constructor('return process')()\n    out.append('eval ran')\nexcept Exception as e:\n    out.append(str(e).split(':')[0])\nprint(out)\n",
      );
      expect([escape.status, (JSON.parse(escape.stdout) as Recording).stdout]).toEqual([
        0,
        "[False, False, False, 'JsException', 'EvalError']\n",
      ]);
      expect(existsSync(owned)).toBe(false);
      // standard input: refused, by sys.stdin and by /dev/stdin, with the recorder's reason
      for (const source of ['import sys\nsys.stdin.read()\n', "open('/dev/stdin').read()\n"]) {
        const stdin = cli(source);
        expect([stdin.status, stdin.stderr], source).toEqual([2, expect.stringContaining('reading standard input')]);
      }
    },
  );

  it.skipIf(!hasPython)(
    `five equal sleeps started in one turn wake in CPython's order (first in, first out), and so do 8 timers of two deadlines${SKIP}`,
    () => {
      const programs = [
        PROGRAMS.fiveSleeps!,
        `${H}async def w(i):\n    await asyncio.sleep(0.1 * (i % 2))\n    await asyncio.sleep(0.3)\n    print('woke', i)\n\nasync def main():\n    await asyncio.gather(*[w(i) for i in range(8)])\n\nasyncio.run(main())\n`,
      ];
      for (const source of programs) {
        const file = join(tmp, `plain${++files}.py`);
        writeFileSync(file, source);
        // CPython itself, on its real clock: no recorder
        const plain = spawnSync(python.exe!, [file], { encoding: 'utf8', timeout: 60_000 });
        expect(plain.status, plain.stderr).toBe(0);
        expect(plain.stdout.split('\n').length - 1).toBeGreaterThanOrEqual(5);
        expect(viaPython3(source).stdout, source).toBe(plain.stdout);
      }
    },
  );

  it.skipIf(!hasPython)(
    `asyncio.to_thread and run_in_executor beside a ticker print what CPython prints: real threads under python3, a modelled worker under Pyodide${SKIP}`,
    { timeout: 240_000 },
    () => {
      const source = PROGRAMS.threads!;
      const file = join(tmp, `plain${++files}.py`);
      writeFileSync(file, source);
      // CPython itself, on its real clock and its real pool: no recorder. Its events are 0.1 s apart or more, but a
      // loaded machine can start its first thread late: up to 3 runs, the recorder's output among them
      const recorded = viaPython3(source);
      let plain = spawnSync(python.exe!, [file], { encoding: 'utf8', timeout: 60_000 });
      for (let i = 1; i < 3 && plain.stdout !== recorded.stdout; i++)
        plain = spawnSync(python.exe!, [file], { encoding: 'utf8', timeout: 60_000 });
      expect(plain.status, plain.stderr).toBe(0);
      expect(plain.stdout.split('\n')).toEqual(
        expect.arrayContaining(['io done', 'to_thread gave 4.9', "caught ValueError('no')"]),
      );
      expect([recorded.end, recorded.threads, recorded.stdout]).toEqual(['done', 'real', plain.stdout]);
      const cmd = [
        join(__dirname, '..', '..', 'scripts', 'asyncio.ts'),
        'record',
        file,
        '--json',
        '--engine',
        'pyodide',
      ];
      const wasm = spawnSync(TSX, cmd, { encoding: 'utf8', timeout: 120_000 });
      expect(wasm.status, wasm.stderr).toBe(0);
      const modelled = JSON.parse(wasm.stdout) as Recording;
      expect([modelled.end, modelled.threads, modelled.stdout]).toEqual(['done', 'modelled', plain.stdout]);
      // the turns say which it was, and when each worker finished on the virtual clock
      for (const [r, how] of [
        [recorded, '(a real thread)'],
        [modelled, '(modelled: WebAssembly has no threads)'],
      ] as const) {
        const events = r.turns.flatMap((t) => t.threads ?? []);
        expect(
          events
            .filter((e) => e.kind === 'finished')
            .map((e) => [e.time, e.what.replace(/: (returned|raised) .*/, '')]),
        ).toEqual([
          [0.5, `worker asyncio_0 ${how} finished blocking_io(0.49)`],
          [0.69, `worker asyncio_0 ${how} finished compute(100)`],
          [0.89, `worker asyncio_0 ${how} finished fail()`],
        ]);
        expect(events.filter((e) => e.kind === 'printed').map((e) => [e.time, e.stdout])).toEqual([
          [0.01, 'io start\n'],
          [0.5, 'io done\n'],
        ]);
      }
    },
  );

  it.skipIf(!hasPython)(
    `a failed fire-and-forget task: "Task exception was never retrieved" as CPython prints it, with the step that failed${SKIP}`,
    () => {
      const source = PROGRAMS.neverRetrieved!;
      const file = join(tmp, `plain${++files}.py`);
      writeFileSync(file, source);
      const plain = spawnSync(python.exe!, [file], { encoding: 'utf8', timeout: 60_000 });
      expect([plain.status, plain.stdout]).toEqual([0, 'end\n']);
      const recorded = viaPython3(source);
      expect(recorded.stderr.split('Task exception was never retrieved').length - 1).toBe(2);
      expect(recorded.stderr).toBe(plain.stderr.replaceAll(file, '<your code>'));
      // each warning printed as the loop let go of the step that failed, and the tasks still listed, failed
      const failed = recorded.turns.flatMap((t) => t.ran).filter((h) => h.stderr?.includes('never retrieved'));
      expect(failed.map((h) => h.what.replace(/Task-\d+/, 'T'))).toEqual([
        "Task.__step of task 'T' (bad(0))",
        "Task.__step of task 'T' (bad(1))",
      ]);
      const last = (recorded.turns.at(-1)!.tasks ?? []).filter((t) => t.coro === 'bad');
      expect(last.map((t) => [t.state, t.exception])).toEqual([
        ['failed', 'ValueError(0)'],
        ['failed', 'ValueError(1)'],
      ]);
    },
  );

  it.skipIf(!hasPython)(`seed 000's lesson: time.sleep blocks the loop, asyncio.sleep does not${SKIP}`, () => {
    const blocking = viaPython3(PROGRAMS.blocking!);
    const blocked = blocking.turns.flatMap((t) => t.ran).filter((h) => h.blocked !== undefined);
    expect(blocked.map((h) => [h.what.replace(/Task-\d+/, 'T'), h.blocked])).toEqual([
      ["Task.__step of task 'T' (work())", 0.3],
    ]);
    expect(blocking.stdout).toBe('tick 0.0\nworked\ntick 0.3\ntick 0.4\n');
    const cooperative = viaPython3(PROGRAMS.cooperative!);
    expect(cooperative.turns.flatMap((t) => t.ran).some((h) => h.blocked !== undefined)).toBe(false);
    expect(cooperative.stdout).toBe('tick 0.0\ntick 0.1\ntick 0.2\nworked\n');
    expect(viaPython3(PROGRAMS.hourOfSleeps!).stdout).toBe('3600.0\n');
  });

  it.skipIf(!hasPython)(
    `the TS model's presets: the same phases and callbacks as the recorder, turn by turn${SKIP}`,
    () => {
      const rows: string[] = [];
      for (const p of PRESETS) {
        if (p === 'custom') continue;
        const program = presetProgram(p, 3);
        const model = run(program).turns.map((t) => ({
          phase: t.phase,
          ran: t.step6.ran.filter((x) => !x.skipped).map((x) => x.handle.callback),
        }));
        const recorded = viaPython3(listingOf(program)).turns.map((t) => ({
          phase: t.phase,
          ran: t.ran.map((h) => h.qualname),
        }));
        expect(recorded, `${p}\n${listingOf(program)}`).toEqual(model);
        rows.push(`${p}: ${model.length} turns, model = recorder`);
      }
      console.info(rows.join('\n'));
    },
  );

  const refusals: [string, string, string][] = [
    ['threading', 'import threading\n', 'threads'],
    ['concurrent.futures', 'from concurrent.futures import ThreadPoolExecutor\n', 'threads'],
    ['socket', 'import socket\n', 'sockets'],
    [
      'open_connection',
      `${H}async def main():\n    await asyncio.open_connection('example.com', 80)\n\nasyncio.run(main())\n`,
      'sockets',
    ],
    [
      'subprocess',
      `${H}async def main():\n    await asyncio.create_subprocess_exec('ls')\n\nasyncio.run(main())\n`,
      'subprocess',
    ],
    ['input', 'name = input()\n', 'input'],
    ['numpy', 'import numpy\n', 'import'],
    ['js', 'import js\njs.fetch("https://example.com")\n', 'sandbox'],
    ['pyodide.http', 'from pyodide.http import pyfetch\n', 'sandbox'],
    ['__import__', "m = __import__('socket')\n", 'sockets'],
  ];
  it.skipIf(!hasPython)(`refusals, each with its reason${SKIP}`, () => {
    for (const [id, source, code] of refusals) {
      const r = viaPython3(source);
      expect([id, r.end, r.code], `${id}: ${r.message}`).toEqual([id, 'refused', code]);
      expect(r.message, id).toMatch(/available here/);
    }
  });

  it.skipIf(!hasPython)(`a syntax error, an exception and the bounds${SKIP}`, () => {
    const syntax = viaPython3('import asyncio\n\nasync def main(:\n    pass\n');
    expect([syntax.end, syntax.line]).toEqual(['syntax', 3]);
    expect(syntax.message).toMatch(/SyntaxError/);
    const raised = viaPython3(PROGRAMS.taskRaises!);
    expect(raised.traceback).toMatch(
      /File "<your code>", line 6, in bad\n {4}raise ValueError\('no'\)\nValueError: no\n$/,
    );
    const spin = viaPython3(
      `${H}async def main():\n    while True:\n        await asyncio.sleep(0)\n\nasyncio.run(main())\n`,
    );
    expect([spin.end, spin.turns.length]).toEqual(['turns', 2000]);
    const loud = viaPython3(
      `${H}async def main():\n    while True:\n        print('x' * 1000)\n\nasyncio.run(main())\n`,
    );
    expect(loud.end).toBe('bytes');
    // the bound covers the turns too: 60 tasks that never end record 60 handles and 60 tasks a turn (2,000 turns of
    // them were 30 MB of JSON, all sent to the page)
    const crowd = viaPython3(
      `${H}async def spin():\n    while True:\n        await asyncio.sleep(0)\n\nasync def main():\n    await asyncio.gather(*[spin() for _ in range(60)])\n\nasyncio.run(main())\n`,
    );
    expect([crowd.end, JSON.stringify(crowd).length < 2_500_000]).toEqual(['bytes', true]);
    const stuck = viaPython3(`${H}async def main():\n    await asyncio.Event().wait()\n\nasyncio.run(main())\n`);
    expect(stuck.end).toBe('deadlock');
  });
});
