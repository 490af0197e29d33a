/**
 * The CPython lines the asyncio-loop slide quotes, as they are in CPython 3.11.7's Lib/asyncio (the pyenv Python
 * on this machine; Debian's 3.11.2 has the same lines at the same numbers in these two files).
 * tests/unit/asyncio-loop-code.test.ts reads the installed sources and finds every line here at its number.
 */

/** The version whose line numbers these are. */
export const QUOTED_VERSION = '3.11.7';

export interface Segment {
  /** A file of Lib/asyncio. */
  readonly file: 'base_events.py' | 'selector_events.py';
  /** The line number of `lines[0]`. */
  readonly from: number;
  /** The lines, verbatim (indentation included). */
  readonly lines: readonly string[];
}

export interface StepExcerpt {
  /** 1..6, the step of `_run_once` (0: run_forever calling it). */
  readonly step: number;
  readonly segments: readonly Segment[];
}

/** The three containers and the two ways in, one line each. */
export const DECLARATIONS = {
  ready: { file: 'base_events.py', from: 393, lines: ['        self._ready = collections.deque()'] },
  scheduled: { file: 'base_events.py', from: 394, lines: ['        self._scheduled = []'] },
  selector: { file: 'selector_events.py', from: 55, lines: ['        self._selector = selector'] },
  defaultSelector: {
    file: 'selector_events.py',
    from: 53,
    lines: ['            selector = selectors.DefaultSelector()'],
  },
  callSoon: { file: 'base_events.py', from: 784, lines: ['        self._ready.append(handle)'] },
  callAt: { file: 'base_events.py', from: 747, lines: ['        heapq.heappush(self._scheduled, timer)'] },
  runForever: {
    file: 'base_events.py',
    from: 606,
    lines: ['            while True:', '                self._run_once()', '                if self._stopping:'],
  },
} as const satisfies Record<string, Segment>;

/** The body of `_run_once` (base_events.py:1845–1923), step by step; what is left out is the heap's rebuild in step 1 and debug mode's timing in step 6. */
export const TURN_STEPS: readonly StepExcerpt[] = [
  { step: 0, segments: [DECLARATIONS.runForever] },
  {
    step: 1,
    segments: [
      {
        file: 'base_events.py',
        from: 1870,
        lines: [
          '            # Remove delayed calls that were cancelled from head of queue.',
          '            while self._scheduled and self._scheduled[0]._cancelled:',
          '                self._timer_cancelled_count -= 1',
          '                handle = heapq.heappop(self._scheduled)',
          '                handle._scheduled = False',
        ],
      },
    ],
  },
  {
    step: 2,
    segments: [
      {
        file: 'base_events.py',
        from: 1876,
        lines: [
          '        timeout = None',
          '        if self._ready or self._stopping:',
          '            timeout = 0',
          '        elif self._scheduled:',
          '            # Compute the desired timeout.',
          '            when = self._scheduled[0]._when',
          '            timeout = min(max(0, when - self.time()), MAXIMUM_SELECT_TIMEOUT)',
        ],
      },
    ],
  },
  {
    step: 3,
    segments: [{ file: 'base_events.py', from: 1884, lines: ['        event_list = self._selector.select(timeout)'] }],
  },
  {
    step: 4,
    segments: [
      { file: 'base_events.py', from: 1885, lines: ['        self._process_events(event_list)'] },
      {
        file: 'selector_events.py',
        from: 734,
        lines: [
          '        for key, mask in event_list:',
          '            fileobj, (reader, writer) = key.fileobj, key.data',
          '            if mask & selectors.EVENT_READ and reader is not None:',
          '                if reader._cancelled:',
          '                    self._remove_reader(fileobj)',
          '                else:',
          '                    self._add_callback(reader)',
        ],
      },
      {
        file: 'base_events.py',
        from: 1831,
        lines: [
          '        """Add a Handle to _ready."""',
          '        if not handle._cancelled:',
          '            self._ready.append(handle)',
        ],
      },
    ],
  },
  {
    step: 5,
    segments: [
      {
        file: 'base_events.py',
        from: 1890,
        lines: [
          '        end_time = self.time() + self._clock_resolution',
          '        while self._scheduled:',
          '            handle = self._scheduled[0]',
          '            if handle._when >= end_time:',
          '                break',
          '            handle = heapq.heappop(self._scheduled)',
          '            handle._scheduled = False',
          '            self._ready.append(handle)',
        ],
      },
    ],
  },
  {
    step: 6,
    segments: [
      {
        file: 'base_events.py',
        from: 1905,
        lines: [
          '        ntodo = len(self._ready)',
          '        for i in range(ntodo):',
          '            handle = self._ready.popleft()',
          '            if handle._cancelled:',
          '                continue',
        ],
      },
      { file: 'base_events.py', from: 1921, lines: ['            else:', '                handle._run()'] },
    ],
  },
];

/** A segment as a listing: `# file:from–to`, then its lines without their common indentation. */
export function renderSegment(s: Segment): string {
  const indent = Math.min(...s.lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
  const to = s.from + s.lines.length - 1;
  const where = to === s.from ? `${s.file}:${s.from}` : `${s.file}:${s.from}–${to}`;
  return [`# ${where}`, ...s.lines.map((l) => l.slice(indent))].join('\n');
}

export function renderExcerpt(e: StepExcerpt): string {
  return e.segments.map(renderSegment).join('\n');
}

/** Every quoted segment (for the test that finds them in the installed sources). */
export function allSegments(): Segment[] {
  return [...Object.values(DECLARATIONS), ...TURN_STEPS.slice(1).flatMap((s) => s.segments)];
}
