import { slideText } from '../types.ts';

/** The words of the slide `backpressure` (its title is in `slides/backpressure.ts`): loaded with the slide. */
export default slideText({
  sources: [
    [
      "Node.js stream: writable.write() returns false; event 'drain'",
      'https://nodejs.org/api/stream.html#writablewritechunk-encoding-callback',
    ],
    ['Node.js guide: Backpressuring in Streams', 'https://nodejs.org/en/learn/modules/backpressuring-in-streams'],
    [
      'Node.js, lib/internal/streams/writable.js: writeOrBuffer (length < highWaterMark), afterWrite (drain)',
      'https://github.com/nodejs/node/blob/v20.x/lib/internal/streams/writable.js',
    ],
    [
      'Python asyncio: Queue(maxsize) — “If maxsize is less than or equal to zero, the queue size is infinite”',
      'https://docs.python.org/3/library/asyncio-queue.html',
    ],
    [
      'CPython, Lib/asyncio/queues.py: put() waits while full()',
      'https://github.com/python/cpython/blob/3.11/Lib/asyncio/queues.py',
    ],
  ],
  ru: {
    body: [{ p: 'Производитель быстрее потребителя: либо кто-то ждёт, либо растёт память.' }],
    notes: [
      {
        p: 'Производитель делает 200 элементов в секунду, потребитель успевает 100. Очередь без предела копит разницу: за десять секунд 60 мегабайт, и рост не прекращается.',
        shows: ['Производитель', 'Потребитель', '63 МБ через 10 с, и растёт'],
      },
      {
        p: 'В Node запись в поток возвращает false, когда буфер дорос до верхней отметки. Это только совет: производитель, который остановился и ждёт события drain, держит память под отметкой.',
        shows: ['highWaterMark', 'производитель ждёт 51 % времени'],
      },
      {
        p: 'В asyncio то же делает очередь с максимальным размером: положить в полную очередь — значит просто подождать. Производитель идёт со скоростью потребителя.',
        shows: ['asyncio.Queue(maxsize)', 'производитель ждёт 49 % времени'],
      },
      {
        p: 'А если потребитель быстрее, ничего не копится и никто не ждёт. Обратное давление включается только при перегрузке.',
        shows: ['Потребитель успевает: ничего не копится, никто не ждёт.'],
      },
    ],
    appendix: [
      {
        p: 'Правила модели (`streamWrite`/`streamComplete` и `queuePut`/`queueGet` в `components/backpressure/backpressure-model.ts`) сверяются с настоящими: `tests/unit/backpressure-real.test.ts` пишет в настоящий `Writable` Node (objectMode и байты) и сравнивает ответы `write()`, `writableLength` и события `drain`; очередь asyncio гоняет `tests/probes/backpressure_queue.py` (без python3 проверка пропускается с причиной).',
      },
      {
        p: 'Элемент — 64 КБ. Через десять секунд очередь без предела держит около 1000 элементов, 62,5 МБ. `write()` возвращает false, когда длина буфера после записи не меньше highWaterMark; `drain` приходит, когда буфер опустел. По умолчанию highWaterMark — 16 КБ в Node 20 и 64 КБ с Node 22, в objectMode — 16 объектов. У `Queue(maxsize)` в графике на один элемент больше предела: тот, что потребитель уже взял и обрабатывает.',
      },
    ],
  },
  en: {
    body: [{ p: 'A producer faster than its consumer: either someone waits, or memory grows.' }],
    notes: [
      {
        p: 'The producer makes 200 items a second, the consumer handles 100. An unbounded queue keeps the difference: 60 megabytes in ten seconds, and it never stops growing.',
        shows: ['Producer', 'Consumer', '63 MB after 10 s, and growing'],
      },
      {
        p: 'In Node a stream’s write returns false once its buffer reaches the high-water mark. That is only advice: a producer that stops and waits for the drain event keeps memory under the mark.',
        shows: ['highWaterMark', 'the producer waits 51 % of the time'],
      },
      {
        p: 'In asyncio a queue with a maximum size does the same: putting into a full queue simply waits. The producer goes at the consumer’s pace.',
        shows: ['asyncio.Queue(maxsize)', 'the producer waits 49 % of the time'],
      },
      {
        p: 'And when the consumer is faster, nothing piles up and nobody waits. Backpressure only acts under overload.',
        shows: ['The consumer keeps up: nothing piles up, nobody waits.'],
      },
    ],
    appendix: [
      {
        p: 'The model’s rules (`streamWrite`/`streamComplete` and `queuePut`/`queueGet` in `components/backpressure/backpressure-model.ts`) are checked against the real ones: `tests/unit/backpressure-real.test.ts` writes to a real Node `Writable` (objectMode and bytes) and compares `write()`’s answers, `writableLength` and the `drain` events; asyncio’s queue is driven by `tests/probes/backpressure_queue.py` (skipped, with the reason, without python3).',
      },
      {
        p: 'An item is 64 KB. After ten seconds the unbounded queue holds about 1,000 items, 62.5 MB. `write()` returns false when the buffer’s length after the write is at least highWaterMark; `drain` comes when the buffer has emptied. The default highWaterMark is 16 KB in Node 20 and 64 KB from Node 22, 16 objects in objectMode. With `Queue(maxsize)` the chart holds one item more than the limit: the one the consumer has taken and is handling.',
      },
    ],
  },
});
