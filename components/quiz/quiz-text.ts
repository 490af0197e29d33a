import type { Bilingual } from '../../lib/i18n.ts';

/** Words of the quiz element itself; each quiz's question, choices and explanation come from its slide. */
const en = {
  quizLabel: 'Quiz',
  choicesLabel: 'Answers: click one or press 1 to 4',
  keysHint: (n: number) => `Choose with a click or the keys 1–${n}.`,
  right: 'Right!',
  wrong: (n: number) => `Not quite. The right answer is ${n}.`,
  revealedNoVote: (n: number) => `The right answer is ${n}.`,
  rightMark: 'right answer',
  yourMark: 'your answer',
  voteMark: 'the room’s choice',
  why: 'Why',
  tryAgain: 'Try again',
  reveal: 'Reveal the answer',
  presenter: 'Presenter mode: hide the answer until it is revealed',
  hidden: 'The room votes by hand; mark the majority with 1–4 if you like, then reveal the answer.',
  presenterKeys: 'Keys: Q turns presenter mode on and off, R reveals (also from the speaker view).',
  printAnswer: (n: number) => `Answer: ${n}.`,
};

const ru: typeof en = {
  quizLabel: 'Вопрос',
  choicesLabel: 'Ответы: щёлкните или нажмите 1–4',
  keysHint: (n: number) => `Выбирайте щелчком или клавишами 1–${n}.`,
  right: 'Верно!',
  wrong: (n: number) => `Не совсем. Правильный ответ — ${n}.`,
  revealedNoVote: (n: number) => `Правильный ответ — ${n}.`,
  rightMark: 'правильный ответ',
  yourMark: 'ваш ответ',
  voteMark: 'выбор зала',
  why: 'Почему',
  tryAgain: 'Попробовать ещё раз',
  reveal: 'Показать ответ',
  presenter: 'Режим ведущего: ответ скрыт, пока его не покажут',
  hidden: 'Зал голосует поднятыми руками; можно отметить выбор большинства клавишами 1–4, потом показать ответ.',
  presenterKeys: 'Клавиши: Q включает и выключает режим ведущего, R показывает ответ (работают и из окна докладчика).',
  printAnswer: (n: number) => `Ответ: ${n}.`,
};

export const quizText: Bilingual<typeof en> = { en, ru };
