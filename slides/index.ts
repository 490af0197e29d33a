import type { Bilingual } from '../lib/i18n.ts';
import { isEmbeddable, type ChapterId, type SlideDef } from './types.ts';
import { title } from './title.ts';
import { c10k } from './c10k.ts';
import { nonblocking } from './nonblocking.ts';
import { selectEpoll } from './select-epoll.ts';
import { wakeUp } from './wake-up.ts';
import { ioUring } from './io-uring.ts';
import { eventLoop } from './event-loop.ts';
import { microMacro } from './micro-macro.ts';
import { callbacksPromisesAwait } from './callbacks-promises-await.ts';
import { asyncStateMachine } from './async-state-machine.ts';
import { heavyTask } from './heavy-task.ts';
import { libuvPool } from './libuv-pool.ts';
import { quizBusyWait } from './quiz-busy-wait.ts';
import { pythonAsyncio } from './python-asyncio.ts';
import { asyncioLoop } from './asyncio-loop.ts';
import { asyncioResponsiveness } from './asyncio-responsiveness.ts';
import { awaitFuture } from './await-future.ts';
import { tasksGather } from './tasks-gather.ts';
import { quizFastapi } from './quiz-fastapi.ts';
import { greenThreads } from './green-threads.ts';
import { functionColoring } from './function-coloring.ts';
import { comparison } from './comparison.ts';
import { cores } from './cores.ts';
import { pitfalls } from './pitfalls.ts';
import { backpressure } from './backpressure.ts';
import { observe } from './observe.ts';
import { summary } from './summary.ts';

/**
 * The deck's manifest, in order: each slide's id, chapter, title and demo. The deck, the embed page and the print
 * layout all render from this list; each slide's body, notes and sources are in `slides/text/<id>.ts` and load
 * with the slide (src/slide-text.ts). Each chapter ends on its answer: the io_uring aside comes before the wake-up path.
 */
export const slides: readonly SlideDef[] = [
  title,
  c10k,
  nonblocking,
  selectEpoll,
  ioUring,
  wakeUp,
  eventLoop,
  microMacro,
  callbacksPromisesAwait,
  asyncStateMachine,
  heavyTask,
  libuvPool,
  quizBusyWait,
  pythonAsyncio,
  asyncioLoop,
  asyncioResponsiveness,
  awaitFuture,
  tasksGather,
  quizFastapi,
  greenThreads,
  functionColoring,
  comparison,
  cores,
  pitfalls,
  backpressure,
  observe,
  summary,
];

export function slideById(id: string): SlideDef | undefined {
  return slides.find((s) => s.id === id);
}

export function embeddableSlides(): SlideDef[] {
  return slides.filter(isEmbeddable);
}

/** A slide as the chapter map shows it: its id and, per language, its title. */
export interface ChapterSlide {
  id: string;
  text: Bilingual<{ title: string }>;
}

export interface ChapterEntry {
  chapter: ChapterId;
  firstSlide: string;
  slides: ChapterSlide[];
}

/** Each chapter that has built slides, with its first slide (the title and the summary belong to no chapter's count). */
export function chapterMap(): ChapterEntry[] {
  const out: ChapterEntry[] = [];
  for (const s of slides) {
    if (s.bookend) continue;
    const view: ChapterSlide = { id: s.id, text: { ru: { title: s.title.ru }, en: { title: s.title.en } } };
    const entry = out.find((c) => c.chapter === s.chapter);
    if (entry) entry.slides.push(view);
    else out.push({ chapter: s.chapter, firstSlide: s.id, slides: [view] });
  }
  return out;
}
