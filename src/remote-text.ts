import type { Bilingual } from '../lib/i18n.ts';

/** The presenter's remote (remote.html, src/remote.ts). */
const en = {
  title: 'Remote',
  next: 'Next',
  nextLabel: 'Next: the next demo step or slide',
  prev: 'Previous',
  prevLabel: 'Previous: the previous demo step or slide',
  where: (n: number, total: number, step: number) => `Slide ${n} of ${total}${step > 0 ? ` · step ${step}` : ''}`,
  waiting: 'Waiting for the projected deck to say where it is…',
  notes: 'Notes',
  noNotes: 'No notes for this slide.',
  notesLoading: 'Loading the notes…',
  timer: 'Timer',
  start: 'Start',
  pause: 'Pause',
  reset: 'Reset',
  timerLabel: (t: string) => `Elapsed: ${t}`,
  switchLanguage: 'Русский',
  switchLanguageLabel: 'Switch to Russian',
  notInWorkshop:
    'This is the presenter’s remote: open the address the workshop server printed (it carries the room and the key).',
};

const ru: typeof en = {
  title: 'Пульт',
  next: 'Дальше',
  nextLabel: 'Дальше: следующий шаг демо или слайд',
  prev: 'Назад',
  prevLabel: 'Назад: предыдущий шаг демо или слайд',
  where: (n: number, total: number, step: number) => `Слайд ${n} из ${total}${step > 0 ? ` · шаг ${step}` : ''}`,
  waiting: 'Ждём, когда показываемая презентация сообщит, где она…',
  notes: 'Заметки',
  noNotes: 'У этого слайда нет заметок.',
  notesLoading: 'Загружаем заметки…',
  timer: 'Таймер',
  start: 'Старт',
  pause: 'Пауза',
  reset: 'Сбросить',
  timerLabel: (t: string) => `Прошло: ${t}`,
  switchLanguage: 'English',
  switchLanguageLabel: 'Переключить на английский',
  notInWorkshop: 'Это пульт ведущего: откройте адрес, который напечатал сервер воркшопа (в нём комната и ключ).',
};

export const remoteText: Bilingual<typeof en> = { en, ru };
