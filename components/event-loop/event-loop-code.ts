/**
 * The two listings the demo steps through, each written once: the code (the same in both languages), its
 * comments in both languages, and on the lines a step stops at, the marker of that step. The model derives the
 * line numbers from the markers (`lineNumbers`), the text module renders the listing in a language
 * (`renderListing`). Plain data: no DOM.
 */
import type { Bilingual } from '../../lib/i18n.ts';

/** The steps of the simplified loop of seed 004, each on its own line of the listing. */
export type SimpleLine =
  'while' | 'timeout' | 'wait' | 'forTimers' | 'timerCb' | 'timerDrain' | 'forReady' | 'ioCb' | 'ioDrain';
/** The steps of libuv's uv_run. */
export type NodeLine =
  'preTimers' | 'loop' | 'pending' | 'nodeTimeout' | 'poll' | 'check' | 'close' | 'updateTime' | 'timers';

export interface ListingLine<M extends string> {
  /** The code of the line, with the spaces that align its comment. */
  readonly code: string;
  /** The line's `// comment`, in each language. */
  readonly comment?: Bilingual<string>;
  /** The step that stops on this line. */
  readonly at?: M;
}

export type Listing<M extends string> = readonly ListingLine<M>[];

/** Seed 004's simplified loop. */
export const SIMPLE_LISTING: Listing<SimpleLine> = [
  {
    code: '',
    comment: { en: 'simplified: this is how any event loop works', ru: 'упрощённо — так устроен любой цикл событий' },
  },
  { code: 'while (true) {', at: 'while' },
  { code: '  const timeout = timers.nextDeadline() - now();', at: 'timeout' },
  {
    code: '  const ready = epoll_wait(ep, timeout);   ',
    comment: { en: 'we sleep here', ru: 'спим здесь' },
    at: 'wait',
  },
  { code: '' },
  { code: '  for (const t of timers.expired()) {', at: 'forTimers' },
  { code: '    t.callback();          ', comment: { en: 'a macrotask', ru: 'макрозадача' }, at: 'timerCb' },
  { code: '    runAllMicrotasks();    ', comment: { en: 'promises, await', ru: 'промисы, await' }, at: 'timerDrain' },
  { code: '  }' },
  { code: '  for (const ev of ready) {', at: 'forReady' },
  { code: '    ev.callback();         ', comment: { en: 'data from a socket', ru: 'данные из сокета' }, at: 'ioCb' },
  { code: '    runAllMicrotasks();', at: 'ioDrain' },
  { code: '  }' },
  { code: '}' },
];

/** libuv ≥ 1.45: uv_run(loop, UV_RUN_DEFAULT), simplified (src/unix/core.c). */
export const NODE_LISTING: Listing<NodeLine> = [
  {
    code: '',
    comment: {
      en: 'libuv ≥ 1.45: uv_run(loop, UV_RUN_DEFAULT), simplified',
      ru: 'libuv ≥ 1.45: uv_run(loop, UV_RUN_DEFAULT), упрощённо',
    },
  },
  {
    code: 'uv__run_timers(loop);            ',
    comment: { en: 'once, before the loop', ru: 'один раз, до цикла' },
    at: 'preTimers',
  },
  { code: 'while (uv__loop_alive(loop)) {', at: 'loop' },
  {
    code: '  uv__run_pending(loop);         ',
    comment: { en: 'pending: deferred I/O callbacks', ru: 'pending: отложенные колбэки I/O' },
    at: 'pending',
  },
  { code: '  timeout = uv__backend_timeout(loop);', at: 'nodeTimeout' },
  {
    code: '  uv__io_poll(loop, timeout);    ',
    comment: { en: 'poll: epoll_wait + I/O callbacks', ru: 'poll: epoll_wait + колбэки I/O' },
    at: 'poll',
  },
  {
    code: '  uv__run_check(loop);           ',
    comment: { en: 'check: setImmediate', ru: 'check: setImmediate' },
    at: 'check',
  },
  {
    code: '  uv__run_closing_handles(loop); ',
    comment: { en: "close: 'close' callbacks", ru: "close: колбэки 'close'" },
    at: 'close',
  },
  { code: '  uv__update_time(loop);', at: 'updateTime' },
  {
    code: '  uv__run_timers(loop);          ',
    comment: { en: 'timers: after poll since 1.45', ru: 'таймеры: после poll с 1.45' },
    at: 'timers',
  },
  { code: '}' },
];

/** The 1-based line of each marker; every marker of `markers` must be on exactly one line. */
export function lineNumbers<M extends string>(listing: Listing<M>, markers: readonly M[]): Record<M, number> {
  const out = {} as Record<M, number>;
  for (const m of markers) {
    const lines = listing.flatMap((l, i) => (l.at === m ? [i + 1] : []));
    if (lines.length !== 1) throw new Error(`listing: marker ${m} is on ${lines.length} lines`);
    out[m] = lines[0]!;
  }
  return out;
}

/**
 * Lines a listing loses without its comments: its heading, a line of comment alone (both listings begin with one).
 * The steps' line numbers, counted in the whole listing, are this many lower in the bare one.
 */
export const BARE_SKIP = 1;

/**
 * The listing as code in one language; without its comments (`comments: false`, presented to a hall: the speaker
 * says them) the heading line goes (BARE_SKIP) and every other line keeps its place.
 */
export function renderListing<M extends string>(
  listing: Listing<M>,
  lang: keyof Bilingual<string>,
  comments = true,
): string {
  if (comments) return listing.map((l) => (l.comment ? `${l.code}// ${l.comment[lang]}` : l.code)).join('\n');
  const head = listing.slice(0, BARE_SKIP);
  if (head.some((l) => l.code !== '' || !l.comment)) throw new Error('listing: the bare listing drops only a heading');
  return listing
    .slice(BARE_SKIP)
    .map((l) => l.code.trimEnd())
    .join('\n');
}
