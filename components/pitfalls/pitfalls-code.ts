/**
 * The client's code in the chosen language, written from the demo's settings (limit, timeout), with the lines
 * that carry them marked. Defined once; the element shows it with `<hsw-code>`. No comments in the listings: the
 * words are the slide's.
 */
import type { CodeLang } from './pitfalls-model.ts';

export interface Listing {
  readonly code: string;
  /** 1-based lines that hold the limit or the timeout. */
  readonly marked: readonly number[];
}

function seconds(ms: number): string {
  return String(ms / 1000);
}

function goDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}*time.Second` : `${ms}*time.Millisecond`;
}

function listing(lines: readonly (string | readonly [string])[]): Listing {
  const marked: number[] = [];
  const out = lines.map((l, i) => {
    if (typeof l === 'string') return l;
    marked.push(i + 1);
    return l[0];
  });
  return { code: out.join('\n'), marked };
}

/** The listing for one language, limit (null: none) and timeout (null: none). */
export function clientCode(lang: CodeLang, limit: number | null, timeoutMs: number | null): Listing {
  if (lang === 'python') {
    const get = 'return await client.get(url)';
    const body: (string | readonly [string])[] =
      timeoutMs === null
        ? [`${limit === null ? '    ' : '        '}${get}`]
        : [
            [`${limit === null ? '    ' : '        '}async with asyncio.timeout(${seconds(timeoutMs)}):`],
            `${limit === null ? '        ' : '            '}${get}`,
          ];
    // httpx.AsyncClient() alone caps itself at 100 connections and 5 s timeouts (httpx's Limits and Timeout
    // defaults): a hidden limit the demo's model does not have. The listing turns both off, so that the limit and
    // the timeout in it are the only ones (the slide says what the defaults would do).
    return listing([
      'client = httpx.AsyncClient(timeout=None,',
      '    limits=httpx.Limits(max_connections=None))',
      ...(limit === null ? [] : [[`sem = asyncio.Semaphore(${limit})`] as const]),
      '',
      'async def call(url):',
      ...(limit === null ? [] : [['    async with sem:'] as const]),
      ...body,
      '',
      'await asyncio.gather(*map(call, urls))',
    ]);
  }
  if (lang === 'javascript') {
    const opts = timeoutMs === null ? '' : `, { signal: AbortSignal.timeout(${timeoutMs}) }`;
    if (limit === null)
      return listing([
        'await Promise.all(urls.map((url) =>',
        timeoutMs === null ? '  fetch(url)));' : [`  fetch(url${opts})));`],
      ]);
    return listing([
      "import pLimit from 'p-limit';",
      [`const limit = pLimit(${limit});`],
      '',
      'await Promise.all(urls.map((url) =>',
      timeoutMs === null ? '  limit(() => fetch(url))));' : [`  limit(() => fetch(url${opts}))));`],
    ]);
  }
  const get = (indent: string): (string | readonly [string])[] =>
    timeoutMs === null
      ? [`${indent}get(ctx, url)`]
      : [
          [`${indent}ctx, cancel := context.WithTimeout(ctx, ${goDuration(timeoutMs)})`],
          `${indent}get(ctx, url)`,
          `${indent}cancel()`,
        ];
  if (limit === null)
    return listing([
      'for _, url := range urls {',
      '\twg.Add(1)',
      '\tgo func(url string) {',
      '\t\tdefer wg.Done()',
      ...get('\t\t'),
      '\t}(url)',
      '}',
      'wg.Wait()',
    ]);
  return listing([
    'jobs := make(chan string)',
    [`for w := 0; w < ${limit}; w++ {`],
    '\tgo func() {',
    '\t\tfor url := range jobs {',
    ...get('\t\t\t'),
    '\t\t}',
    '\t}()',
    '}',
    'for _, url := range urls { jobs <- url }',
  ]);
}
