import { describe, expect, it } from 'vitest';
import type { Block } from '../../lib/text.ts';
import type { SlideTextDef } from '../../slides/types.ts';

/**
 * Facts the slides' words state (issue 21, "Facts to fix"), in both languages: each checks that the corrected
 * statement is there and the wrong one is gone, and that its source is cited.
 */
const slideTexts = import.meta.glob<SlideTextDef>('../../slides/text/*.ts', { import: 'default', eager: true });
const textOf = (id: string) => {
  const t = slideTexts[`../../slides/text/${id}.ts`];
  if (!t) throw new Error(`no slides/text/${id}.ts`);
  return t;
};
// a disclosure's blocks count: they are the slide's words too, shown when browsing and in print
const flat = (blocks: readonly Block[]): string =>
  blocks
    .map((b) =>
      'details' in b ? flat(b.details) : 'p' in b ? b.p : 'ul' in b ? b.ul.join('\n') : 'code' in b ? b.code : '',
    )
    .join('\n');
const body = (id: string, lang: 'en' | 'ru') => flat(textOf(id).text[lang].body);
// the spoken lines and their appendix (provenance, not read aloud)
const notes = (id: string, lang: 'en' | 'ru') =>
  `${flat(textOf(id).text[lang].notes)}\n${flat(textOf(id).text[lang].appendix)}`;
const sources = (id: string) => (textOf(id).sources ?? []).map((s) => `${s.title} ${s.url}`).join('\n');

describe('micro-macro: macrotasks run one at a time, not one per turn of the loop', () => {
  it('says so in both languages, and no longer says "one per turn"', () => {
    expect(body('micro-macro', 'en')).toContain(
      'Macrotasks run one at a time; after each, the microtask queue is drained',
    );
    expect(body('micro-macro', 'ru')).toContain(
      'Макрозадачи выполняются по одной; после каждой очередь микрозадач опустошается',
    );
    expect(body('micro-macro', 'en')).not.toMatch(/one per turn/);
    expect(body('micro-macro', 'ru')).not.toMatch(/одна за оборот/);
  });
});

describe('comparison: what one failure takes down', () => {
  it('the notes say what is shared (in their appendix) and cite the Java, Go and Node documents', () => {
    const appendix = (lang: 'en' | 'ru') => flat(textOf('comparison').text[lang].appendix);
    expect(appendix('en')).toContain('an uncaught exception ends only its thread');
    expect(appendix('ru')).toContain('необработанное исключение завершает только свой поток');
    expect(sources('comparison')).toContain('Thread.UncaughtExceptionHandler');
    expect(sources('comparison')).toContain('go.dev/ref/spec#Handling_panics');
    expect(sources('comparison')).toContain('event-uncaughtexception');
  });
});

describe('libuv-pool: the incident is dated; slow lookups get at most half the pool since libuv 1.23.1', () => {
  it('the body dates the old behaviour and says what holds today, in both languages', () => {
    expect(body('libuv-pool', 'en')).toContain('Before libuv 1.23.1 (2018)');
    expect(body('libuv-pool', 'en')).toContain('now lookups get at most half the pool');
    expect(body('libuv-pool', 'ru')).toContain('До libuv 1.23.1 (2018)');
    expect(body('libuv-pool', 'ru')).toContain('теперь ему — не больше половины пула');
  });
  it('the notes and sources cite the commit, the release and slow_work_thread_threshold()', () => {
    for (const lang of ['en', 'ru'] as const) {
      expect(notes('libuv-pool', lang)).toContain('90891b42');
      expect(notes('libuv-pool', lang)).toContain('1.23.1');
    }
    expect(sources('libuv-pool')).toContain('slow_work_thread_threshold() returns (nthreads + 1) / 2');
    expect(sources('libuv-pool')).toContain('Version 1.23.1');
  });
});

describe('Russian wording: no internal words on screen', () => {
  it('the seed of the jitter is never shown; a blocking syscall is a blocking system call in Russian', async () => {
    const { heavyTaskText } = await import('../../components/heavy-task/heavy-task-text.ts');
    const { greenThreadsText } = await import('../../components/green-threads/green-threads-text.ts');
    expect(heavyTaskText.en.jitter).toBe('Arrival jitter');
    expect(heavyTaskText.ru.jitter).toBe('Разброс прихода');
    expect(JSON.stringify(heavyTaskText.ru)).not.toMatch(/зерн/);
    expect(greenThreadsText.ru.actions.syscall).toBe('блокирующий системный вызов');
  });
});

/** Facts of issue 36 ("The deck staged for a hall", item 7), in both languages. */
describe('python-asyncio: asyncio is concurrency, never parallelism', () => {
  it('the Russian title says конкурентность, as the English one says concurrency', async () => {
    const { pythonAsyncio } = await import('../../slides/python-asyncio.ts');
    expect(pythonAsyncio.title.en).toBe('Python asyncio: where concurrency is lost');
    expect(pythonAsyncio.title.ru).toBe('Python asyncio: где теряется конкурентность');
    expect(pythonAsyncio.title.ru).not.toMatch(/параллельн/);
  });
});

describe('io-uring: completion without shared rings on IOCP; io_uring is not the only asynchronous file I/O', () => {
  it('the body gives the rings to io_uring alone and says what IOCP does instead', () => {
    expect(body('io-uring', 'en')).toContain('IOCP has no rings: a call per operation');
    expect(body('io-uring', 'en')).not.toContain('(io_uring, Windows IOCP): two ring buffers in shared memory');
    expect(body('io-uring', 'ru')).toContain('у IOCP колец нет: вызов на каждую операцию');
    expect(body('io-uring', 'ru')).not.toContain('(io_uring, Windows IOCP): две кольцевые очереди в общей памяти');
  });
  it('the notes name Linux AIO with direct I/O and IOCP beside io_uring, with their sources', () => {
    expect(notes('io-uring', 'en')).not.toMatch(/only io_uring/);
    expect(notes('io-uring', 'ru')).not.toMatch(/умеет только io_uring/);
    expect(notes('io-uring', 'en')).toContain('io_uring, Linux AIO with direct I/O, IOCP');
    expect(notes('io-uring', 'ru')).toContain('io_uring, Linux AIO с прямым вводом-выводом, IOCP');
    expect(sources('io-uring')).toContain('io_submit.2.html');
    expect(sources('io-uring')).toContain('i-o-completion-ports');
  });
});

describe('c10k: what Li, Ding and Shen (2007) measured', () => {
  it('the body gives the direct cost they measured and the cache cost growing with the data, not “2–5 µs with cache misses”', () => {
    expect(body('c10k', 'en')).toContain('3.8 µs as Li, Ding and Shen measured it in 2007');
    expect(body('c10k', 'en')).toContain('up to 1,000 µs and more');
    expect(body('c10k', 'en')).not.toMatch(/cache misses included/);
    expect(body('c10k', 'ru')).toContain('3,8 мкс в замере Li, Ding, Shen, 2007');
    expect(body('c10k', 'ru')).toContain('до тысячи мкс и больше');
    expect(body('c10k', 'ru')).not.toMatch(/по 2–5 мкс с промахами кэша/);
  });
  it('the appendix says the table counts only the direct cost', () => {
    expect(notes('c10k', 'en')).toContain('The table counts only the direct cost');
    expect(notes('c10k', 'en')).toContain('from several microseconds to more than a thousand');
    expect(notes('c10k', 'ru')).toContain('Таблица считает только прямую цену');
    expect(sources('c10k')).toContain('Quantifying the cost of context switch');
  });
});
