import type { Bilingual } from '../lib/i18n.ts';
import type { ChapterId } from '../slides/types.ts';
import { chapterQuestions } from '../components/shared/chapters/chapter-questions-text.ts';

/**
 * The words of plans (slides/plan.ts): each chapter's question for its divider, and what the deck says of a plan
 * from the address that was not all right. Apart from src/deck-text.ts, so the embeds do not carry them.
 */
const en = {
  /** Each chapter's question: its divider shows it big (a plan opens each chapter on one: slides/plan.ts). */
  questions: chapterQuestions.en satisfies Record<ChapterId, string>,
  /** A divider's line above its question: the chapter's number and name. */
  chapterOf: (n: number, name: string) => `Chapter ${n} · ${name}`,
  /** A host's own question placed in the plan (`question: <id>`, src/render-host-question.ts). */
  hostQuestion: 'A question for the room',
  hostQuestionAway: (qid: string) =>
    `The host’s question “${qid}”: its words come from a workshop room started with --questions.`,
  /** What was wrong with the plan in the address (`?plan=`, slides/plan.ts): names come quoted and shortened. */
  planUnknownSlides: (ids: readonly string[]) =>
    ids.length === 1
      ? `There is no slide ${ids[0]} in this deck: the plan goes on without it.`
      : `There are no slides ${ids.join(', ')} in this deck: the plan goes on without them.`,
  planRepeatedSlide: (id: string) => `The plan names ${id} twice: it is shown at its first place.`,
  planEmpty: 'The plan names no slide of this deck: here is the full deck.',
  planUnknown: (name: string, plans: string) =>
    `There is no plan ${name} (the plans: ${plans}; or slide ids separated by commas): here is the full deck.`,
  quote: (s: string) => `“${s}”`,
};

const ru: typeof en = {
  questions: chapterQuestions.ru,
  chapterOf: (n: number, name: string) => `Глава ${n} · ${name}`,
  hostQuestion: 'Вопрос залу',
  hostQuestionAway: (qid: string) =>
    `Вопрос ведущего «${qid}»: его текст приходит из комнаты воркшопа, запущенной с --questions.`,
  planUnknownSlides: (ids: readonly string[]) =>
    ids.length === 1
      ? `Слайда ${ids[0]} в презентации нет: план показан без него.`
      : `Слайдов ${ids.join(', ')} в презентации нет: план показан без них.`,
  planRepeatedSlide: (id: string) => `Слайд ${id} назван в плане дважды: он показан на первом месте.`,
  planEmpty: 'В плане нет ни одного слайда этой презентации: показываем её целиком.',
  planUnknown: (name: string, plans: string) =>
    `Плана ${name} нет (планы: ${plans}; или идентификаторы слайдов через запятую): показываем презентацию целиком.`,
  quote: (s: string) => `«${s}»`,
};

export const planText: Bilingual<typeof en> = { en, ru };
