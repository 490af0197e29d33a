import { ruPlural, type Bilingual } from '../../lib/i18n.ts';

/** The summary's own words (the chapter names and quiz titles come from the shell with the data). */
const en = {
  demoLabel: 'Your score and the chapters',
  /** The picture: each chapter's question (components/shared/chapters), answered in a few words. */
  answersLabel: 'Each chapter’s question and its answer',
  answers: {
    io: 'Costly; epoll waits for all',
    'event-loop': 'The loop, one at a time',
    asyncio: 'Pauses a state machine',
    green: 'Yes: the runtime hides it',
    production: 'Loop lag and syscalls',
  } as Readonly<Record<string, string>>,
  scoreTitle: 'Your quizzes',
  score: (correct: number, total: number) => `${correct} of ${total}`,
  scoreLabel: (correct: number, total: number, answered: number) =>
    `${correct} right of ${total} ${total === 1 ? 'quiz' : 'quizzes'}; ${answered} answered`,
  scoreNote: (answered: number, total: number) => `right at the first try · ${answered} of ${total} answered`,
  none: 'No quizzes in this deck yet.',
  empty: 'You have not answered a quiz yet: open one below.',
  corrupt: 'The saved answers could not be read (the stored data is damaged), so the score starts again from zero.',
  result: { right: '✓ right', wrong: '✗ wrong', unanswered: '— not answered' },
  quizzesLabel: 'Quizzes',
  chaptersTitle: 'Back to a chapter',
  roomTitle: 'The room',
  roomParticipants: (n: number) => (n === 1 ? '1 participant' : `${n} participants`),
  roomRow: (answered: number, pct: number) => `${answered} answered · ${pct}% right`,
  roomNone: 'no answers yet',
  topTitle: 'Top scores',
  topRow: (right: number) => (right === 1 ? '1 right' : `${right} right`),
};

const ru: typeof en = {
  demoLabel: 'Ваш счёт и главы',
  answersLabel: 'Вопрос каждой главы и ответ на него',
  answers: {
    io: 'Дорого; epoll ждёт за всех',
    'event-loop': 'Цикл, по одному за раз',
    asyncio: 'Приостанавливает автомат',
    green: 'Да: рантайм прячет цикл',
    production: 'Задержку цикла и вызовы',
  },
  scoreTitle: 'Ваши ответы',
  score: (correct: number, total: number) => `${correct} из ${total}`,
  scoreLabel: (correct: number, total: number, answered: number) =>
    `${correct} верно из ${total} ${ruPlural(total, 'вопроса', 'вопросов', 'вопросов')}; отвечено: ${answered}`,
  scoreNote: (answered: number, total: number) => `верно с первой попытки · отвечено ${answered} из ${total}`,
  none: 'В этой презентации пока нет вопросов.',
  empty: 'Вы ещё не ответили ни на один вопрос: откройте любой ниже.',
  corrupt: 'Сохранённые ответы не прочитать (данные повреждены), поэтому счёт начинается с нуля.',
  result: { right: '✓ верно', wrong: '✗ неверно', unanswered: '— нет ответа' },
  quizzesLabel: 'Вопросы',
  chaptersTitle: 'Вернуться к главе',
  roomTitle: 'Зал',
  roomParticipants: (n: number) => `${n} ${ruPlural(n, 'участник', 'участника', 'участников')}`,
  roomRow: (answered: number, pct: number) => `ответили: ${answered} · верно: ${pct}%`,
  roomNone: 'ответов пока нет',
  topTitle: 'Лучшие',
  topRow: (right: number) => `верно: ${right}`,
};

export const summaryText: Bilingual<typeof en> = { en, ru };
