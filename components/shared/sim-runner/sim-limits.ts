/**
 * The runner's limits, apart from the job (sim-job.ts imports the whole simulator; a page that only starts workers
 * must not carry it).
 */

/** The wall-clock budget of one job (the worker is terminated past it). */
export const DEFAULT_BUDGET_MS = 5000;

/**
 * The most a result may hold to be sent back to a page (the results cache's bound): copying a message is work on
 * both threads (measured in Chromium: a run of 1,000 timers records 33 MB of JSON and takes 0.8 s more to arrive than
 * to simulate, most of it on the page's thread), so a larger recording is refused with its size.
 */
export const MAX_RESULT_BYTES = 30_000_000;

/**
 * The most "Your code" takes (UTF-8 bytes of the snippet). A longer one is refused with its size before anything
 * else runs: on the page's thread, parsing, showing and highlighting a listing grow with it (a 1 MB snippet held the
 * page for seconds and the renderer's memory grew by 1.6 GB).
 */
export const MAX_SNIPPET_BYTES = 100_000;

/** The UTF-8 size of a text, without making a copy of it (what MAX_SNIPPET_BYTES is checked against). */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/**
 * Whether a snippet holds nothing to run: only white space, comments and a hashbang line, as acorn's tokenizer reads
 * a script (its first token is the end; an unterminated comment is not blank: it is a syntax error). Without acorn: a
 * page that shows recordings does not load the parser for it (tests/unit/sim-runner.test.ts compares with acorn).
 */
export function isBlankSnippet(source: string): boolean {
  const n = source.length;
  let i = source.startsWith('#!') ? lineEnd(source, 2) : 0;
  while (i < n) {
    const c = source[i]!;
    if (/\s/.test(c)) i++;
    else if (source.startsWith('//', i) || source.startsWith('<!--', i)) i = lineEnd(source, i);
    else if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else return false;
  }
  return true;
}

function lineEnd(source: string, from: number): number {
  for (let i = from; i < source.length; i++) if ('\n\r\u2028\u2029'.includes(source[i]!)) return i;
  return source.length;
}
