/**
 * The CPython lines the await-future slide quotes, as they are in CPython 3.11.7's Lib/asyncio (pyenv's python3
 * on this machine). futures.py and tasks.py are the pure-Python Future and Task; CPython runs their C twins
 * (`_asyncio.Future`, `_asyncio.Task`), which follow the same steps. Debian's 3.11.2 has the same lines, tasks.py's
 * ten lines higher (shorter comments above `__step`). tests/unit/await-future-code.test.ts finds every line in the
 * installed sources: at the stated number for 3.11.7, and reports where it is for another version.
 */

/** The version whose line numbers these are. */
export const QUOTED_VERSION = '3.11.7';

export interface Segment {
  /** A file of Lib/asyncio. */
  readonly file: 'futures.py' | 'tasks.py' | 'selector_events.py';
  /** The line number of `lines[0]`. */
  readonly from: number;
  /** The lines at work now (marked in the listing). */
  readonly hot: readonly number[];
  /** The lines, verbatim (indentation included). */
  readonly lines: readonly string[];
}

export const EXCERPTS = {
  call: [
    { file: 'tasks.py', from: 277, hot: [277], lines: ['                result = coro.send(None)'] },
    {
      file: 'selector_events.py',
      from: 367,
      hot: [368, 371],
      lines: [
        '        try:',
        '            return sock.recv(n)',
        '        except (BlockingIOError, InterruptedError):',
        '            pass',
        '        fut = self.create_future()',
      ],
    },
    {
      file: 'selector_events.py',
      from: 374,
      hot: [374, 377],
      lines: [
        '        handle = self._add_reader(fd, self._sock_recv, fut, sock, n)',
        '        fut.add_done_callback(',
        '            functools.partial(self._sock_read_done, fd, handle=handle))',
        '        return await fut',
      ],
    },
  ],
  yield: [
    {
      file: 'futures.py',
      from: 284,
      hot: [286, 287],
      lines: [
        '    def __await__(self):',
        '        if not self.done():',
        '            self._asyncio_future_blocking = True',
        '            yield self  # This tells Task to wait for completion.',
      ],
    },
  ],
  park: [
    {
      file: 'tasks.py',
      from: 297,
      hot: [297],
      lines: [
        "            blocking = getattr(result, '_asyncio_future_blocking', None)",
        '            if blocking is not None:',
      ],
    },
    {
      file: 'tasks.py',
      from: 313,
      hot: [314, 315, 316],
      lines: [
        '                        result._asyncio_future_blocking = False',
        '                        result.add_done_callback(',
        '                            self.__wakeup, context=self._context)',
        '                        self._fut_waiter = result',
      ],
    },
  ],
  setResult: [
    { file: 'selector_events.py', from: 389, hot: [389], lines: ['            data = sock.recv(n)'] },
    { file: 'selector_events.py', from: 396, hot: [397], lines: ['        else:', '            fut.set_result(data)'] },
    {
      file: 'futures.py',
      from: 261,
      hot: [261, 262, 263],
      lines: [
        '        self._result = result',
        '        self._state = _FINISHED',
        '        self.__schedule_callbacks()',
      ],
    },
  ],
  schedule: [
    {
      file: 'futures.py',
      from: 171,
      hot: [172, 173],
      lines: [
        '        self._callbacks[:] = []',
        '        for callback, ctx in callbacks:',
        '            self._loop.call_soon(callback, self, context=ctx)',
      ],
    },
  ],
  wakeup: [
    {
      file: 'tasks.py',
      from: 347,
      hot: [349],
      lines: ['    def __wakeup(self, future):', '        try:', '            future.result()'],
    },
    { file: 'tasks.py', from: 360, hot: [360], lines: ['            self.__step()'] },
    { file: 'tasks.py', from: 277, hot: [277], lines: ['                result = coro.send(None)'] },
  ],
  resume: [
    {
      file: 'futures.py',
      from: 288,
      hot: [290],
      lines: [
        '        if not self.done():',
        '            raise RuntimeError("await wasn\'t used with future")',
        '        return self.result()  # May raise too.',
      ],
    },
    { file: 'selector_events.py', from: 377, hot: [377], lines: ['        return await fut'] },
    { file: 'tasks.py', from: 280, hot: [280], lines: ['        except StopIteration as exc:'] },
    { file: 'tasks.py', from: 286, hot: [286], lines: ['                super().set_result(exc.value)'] },
  ],
  already: [
    { file: 'selector_events.py', from: 367, hot: [368], lines: ['        try:', '            return sock.recv(n)'] },
    { file: 'futures.py', from: 285, hot: [285], lines: ['        if not self.done():'] },
    { file: 'futures.py', from: 290, hot: [290], lines: ['        return self.result()  # May raise too.'] },
  ],
  alreadyDone: [
    { file: 'tasks.py', from: 277, hot: [277], lines: ['                result = coro.send(None)'] },
    { file: 'tasks.py', from: 280, hot: [280], lines: ['        except StopIteration as exc:'] },
    { file: 'tasks.py', from: 286, hot: [286], lines: ['                super().set_result(exc.value)'] },
  ],
} as const satisfies Record<string, readonly Segment[]>;

export type ExcerptId = keyof typeof EXCERPTS;

/** An excerpt as a listing (`# file:from–to` before each segment, common indentation removed) and its marked lines. */
export function renderExcerpt(segments: readonly Segment[]): { code: string; current: number[] } {
  const out: string[] = [];
  const current: number[] = [];
  for (const s of segments) {
    const to = s.from + s.lines.length - 1;
    out.push(`# ${s.file}:${to === s.from ? s.from : `${s.from}–${to}`}`);
    const indent = Math.min(...s.lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
    s.lines.forEach((l, i) => {
      out.push(l.slice(indent));
      if (s.hot.includes(s.from + i)) current.push(out.length);
    });
  }
  return { code: out.join('\n'), current };
}

/** Every quoted segment (for the test that finds them in the installed sources). */
export function allSegments(): Segment[] {
  return Object.values(EXCERPTS).flat();
}

/**
 * The program of the slide as CPython runs it (tests/unit/await-future-real.test.ts): the socket is one end of a
 * socketpair, and the peer is a thread that sends 50 ms after the start, or before the loop starts.
 */
export function programListing(alreadyThere: boolean, latencyMs: number): string {
  return [
    'import asyncio',
    'import socket',
    'import threading',
    '',
    'async def fetch(sock):',
    '    loop = asyncio.get_running_loop()',
    '    return await loop.sock_recv(sock, 65536)',
    '',
    'async def handler(sock):',
    '    body = await fetch(sock)',
    '    return body',
    '',
    'sock, peer = socket.socketpair()',
    'sock.setblocking(False)',
    alreadyThere
      ? "peer.send(b'data')  # the answer is already there"
      : `threading.Timer(${latencyMs / 1000}, peer.send, [b'data']).start()  # the peer answers in ${latencyMs} ms`,
    'asyncio.run(handler(sock))',
    '',
  ].join('\n');
}
