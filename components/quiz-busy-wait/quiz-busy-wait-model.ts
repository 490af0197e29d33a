/**
 * Seed 004's busy-wait question as a demo model (the contract of lib/demo-contract.ts) on the shared quiz state
 * machine, and the programs the simulator runs after the answer. The question's code is the loop of the first of
 * them, cut out of it, so the listing is written once. Pure: strings and states only.
 */
import { initialQuizState, type QuizQuestion, type QuizState } from '../shared/quiz/quiz-model.ts';
import { ANSWER } from './quiz-busy-wait-answer.ts';

export { SPEAKER_SEQUENCE } from './quiz-busy-wait-sequence.ts';

/** The right answer is in quiz-busy-wait-answer.ts (null in the phones' build). */
export const QUESTION: QuizQuestion = { id: 'quiz-busy-wait', choiceCount: 4, correct: ANSWER.correct };

export function initialState(): QuizState {
  return initialQuizState(QUESTION);
}

/**
 * Whatever the person (or the room) has chosen stays, at every step: the steps' actions (the vote opened, the answer
 * revealed) happen on a press, in the deck (src/plugins/quiz-presenter.ts, src/workshop-start.ts), never by moving
 * to a step (a deep link or going back does not reveal).
 */
export function stateForStep(step: number, current: QuizState): QuizState {
  void step;
  return current;
}

/** How each program waits for the flag: the two that starve, and the two fixes the seed names. */
const WAITS = {
  promise: `(async () => {
  while (!ready) {
    await Promise.resolve();
  }
  console.log('ready');
})();`,
  nextTick: `function spin() {
  if (!ready) {
    process.nextTick(spin);
  } else {
    console.log('ready');
  }
}
spin();`,
  immediate: `(async () => {
  while (!ready) {
    await new Promise((r) => setImmediate(r));
  }
  console.log('ready');
})();`,
  timeout: `(async () => {
  while (!ready) {
    await new Promise((r) => setTimeout(r, 0));
  }
  console.log('ready');
})();`,
} as const;

export type SimVariant = keyof typeof WAITS;
export const SIM_VARIANTS = Object.keys(WAITS) as SimVariant[];

/**
 * A program the simulator runs: a timer stands in for the network request that sets the flag. `comment` is the
 * comment on that timer, in the reader's language (the simulator ignores it).
 */
export function simProgram(variant: SimVariant, comment: string): string {
  return `let ready = false;
// ${comment}
setTimeout(() => { ready = true; }, 5);

${WAITS[variant]}
console.log('waiting');`;
}

/** The `while` loop of a program, from its first line to its closing brace, unindented. */
export function loopOf(source: string): string {
  const lines = source.split('\n');
  const start = lines.findIndex((l) => l.trimStart().startsWith('while'));
  if (start < 0) return '';
  const indent = lines[start]!.length - lines[start]!.trimStart().length;
  const end = lines.findIndex((l, i) => i > start && l.trim() === '}' && l.length - l.trimStart().length === indent);
  return lines
    .slice(start, end < 0 ? undefined : end + 1)
    .map((l) => l.slice(indent))
    .join('\n');
}

/** The question's code: `while (!ready) { await Promise.resolve(); }`. */
export const QUESTION_CODE = loopOf(WAITS.promise);
