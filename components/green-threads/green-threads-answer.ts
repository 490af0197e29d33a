import type { QuizAnswer } from '../shared/quiz/quiz-answer.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { MEASURED } from './green-threads-measured.ts';
import { ANSWER_FIGURES } from './green-threads-answer-figures.ts';

const threads = ANSWER_FIGURES.parkedThreads;
/** The probe's goroutines: 10,000 parked ones and main. */
const goroutines = 10_001;
const v = MEASURED.go.version;

/**
 * "Predict, then see"'s answer: the third choice ("a few": about GOMAXPROCS), with the figure measured by
 * tests/probes/green_go.go (green-threads-answer-figures.ts: the demo's other figures, which phones see, are
 * green-threads-measured.ts's). The phones' build replaces this module with a withheld one (vite.config.ts).
 */
export const ANSWER: QuizAnswer = {
  correct: 2,
  explanation: {
    en: [
      `Measured here: **${formatNumber(threads, 'en')}** threads in \`/proc/self/task\` beside ${formatNumber(goroutines, 'en')} goroutines (${v}). A parked goroutine holds no thread: it is a 2 KB stack and a small record in the channel’s queue.`,
      'Go runs Go code on GOMAXPROCS threads, plus sysmon and a spare or two; only goroutines inside blocking syscalls hold more.',
    ],
    ru: [
      `Измерено здесь: **${formatNumber(threads, 'ru')}** потока в \`/proc/self/task\` при ${formatNumber(goroutines, 'ru')} горутинах (${v}). Запаркованная горутина не держит поток: это стек в 2 КБ и маленькая запись в очереди канала.`,
      'Go выполняет код Go на GOMAXPROCS потоках, плюс sysmon и один-два запасных; больше потоков держат только горутины внутри блокирующих системных вызовов.',
    ],
  },
};
