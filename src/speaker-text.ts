import { ruPlural, type Bilingual } from '../lib/i18n.ts';

/** The speaker view's own words (speaker.html). */
const en = {
  pageTitle: 'Speaker view',
  connecting: 'Connecting to the deck…',
  noDeck:
    'This speaker view was not opened by a deck, or the deck was closed. Open the deck and press S there: the speaker view follows it.',
  current: 'Current slide',
  upcoming: 'Upcoming',
  currentFrame: 'Current slide, as the room sees it',
  upcomingFrame: 'The next step or slide',
  slideOf: (n: number, total: number) => `Slide ${n} of ${total}`,
  time: 'Time',
  clock: 'Clock',
  elapsed: 'Elapsed',
  pause: 'Pause the timer',
  resume: 'Resume the timer',
  reset: 'Reset the timer',
  timerPaused: 'timer paused',
  deckPaused: 'The room sees a black screen (B resumes)',
  pacing: 'Pacing',
  minutesLabel: 'Planned length, minutes',
  noPlan: 'Set the talk’s planned length to see whether you are ahead or behind.',
  badMinutes: (raw: string, min: number, max: number) =>
    `“${raw}” is not a length in minutes (${min} to ${max}); it was ignored.`,
  ahead: (by: string) => `Ahead by ${by}`,
  behind: (by: string) => `Behind by ${by}`,
  onTime: 'On time',
  leftOnSlide: (left: string) => `${left} left for this slide`,
  plannedHere: (at: string, total: string) => `Planned to be here at ${at} of ${total}`,
  notes: 'Notes',
  notesLoading: 'The notes are loading…',
  notesFailed: 'The notes of this slide could not be loaded.',
  noNotes: 'This slide has no notes.',
  /** The notes follow the clicker: the current step's paragraph is marked, the next one labelled. */
  nowStep: (step: number, total: number) => `Now · step ${step + 1} of ${total}`,
  nextStep: 'Next',
  nextSlide: (title: string) => `Next slide: ${title}`,
  plan: 'Plan',
  planNames: (name: string) =>
    name === ''
      ? 'Full deck, no plan'
      : /^\d+$/.test(name)
        ? `${name} minutes`
        : name === 'custom'
          ? 'Your list'
          : name,
  planSummary: (slides: number, clicks: number) => `${slides} slides · ${clicks} clicks`,
  offPlan: 'This slide is outside the plan: the pacing counts the plan’s slides only.',
  outsidePlan: 'outside the plan',
  layout: 'Layout',
  layouts: { default: 'Default', wide: 'Wide', tall: 'Tall', 'notes-only': 'Notes only' },
  workshop: (room: string) => `Workshop · room ${room}`,
  workshopLink: { up: 'server connected', down: 'reconnecting to the server…' },
  cannotSave: 'The room cannot save: votes are refused until the server can write its log again.',
  roomLost: 'Redis lost this room: votes are not saved. Start a new room (--new) and show its new code.',
  people: (all: number, online: number) => `${all} ${all === 1 ? 'participant' : 'participants'}, ${online} online`,
  noQuestion: 'No question on this slide.',
  question: (title: string) => `Question: ${title}`,
  pollStatus: { idle: 'not open yet', open: 'voting open', closed: 'voting closed', revealed: 'revealed' },
  answered: (n: number) => `${n} answered`,
  pollButtons: {
    open: 'Open voting',
    close: 'Close voting',
    reopen: 'Reopen voting',
    reveal: 'Reveal',
    reset: 'Reset',
  },
  joinAt: 'Participants join at',
};

const ru: typeof en = {
  pageTitle: 'Режим докладчика',
  connecting: 'Подключаемся к презентации…',
  noDeck:
    'Этот режим докладчика открыт не из презентации, или она закрыта. Откройте презентацию и нажмите там S: режим докладчика следует за ней.',
  current: 'Текущий слайд',
  upcoming: 'Дальше',
  currentFrame: 'Текущий слайд, как его видит зал',
  upcomingFrame: 'Следующий шаг или слайд',
  slideOf: (n: number, total: number) => `Слайд ${n} из ${total}`,
  time: 'Время',
  clock: 'Часы',
  elapsed: 'Прошло',
  pause: 'Остановить таймер',
  resume: 'Продолжить таймер',
  reset: 'Сбросить таймер',
  timerPaused: 'таймер остановлен',
  deckPaused: 'Зал видит чёрный экран (B — вернуть)',
  pacing: 'Темп',
  minutesLabel: 'Длительность доклада, минут',
  noPlan: 'Укажите длительность доклада, чтобы видеть, опережаете вы план или отстаёте.',
  badMinutes: (raw: string, min: number, max: number) =>
    `«${raw}» — не длительность в минутах (от ${min} до ${max}); значение не принято.`,
  ahead: (by: string) => `Опережаете на ${by}`,
  behind: (by: string) => `Отстаёте на ${by}`,
  onTime: 'По плану',
  leftOnSlide: (left: string) => `На этот слайд осталось ${left}`,
  plannedHere: (at: string, total: string) => `По плану вы здесь в ${at} из ${total}`,
  notes: 'Заметки',
  notesLoading: 'Заметки загружаются…',
  notesFailed: 'Заметки этого слайда не удалось загрузить.',
  noNotes: 'У этого слайда нет заметок.',
  nowStep: (step: number, total: number) => `Сейчас · шаг ${step + 1} из ${total}`,
  nextStep: 'Дальше',
  nextSlide: (title: string) => `Следующий слайд: ${title}`,
  plan: 'План',
  planNames: (name: string) =>
    name === ''
      ? 'Вся презентация, без плана'
      : /^\d+$/.test(name)
        ? `${name} минут`
        : name === 'custom'
          ? 'Ваш список'
          : name === 'workshop'
            ? 'воркшоп (workshop)'
            : name,
  planSummary: (slides: number, clicks: number) =>
    `${slides} ${ruPlural(slides, 'слайд', 'слайда', 'слайдов')} · ${clicks} ${ruPlural(clicks, 'клик', 'клика', 'кликов')}`,
  offPlan: 'Этот слайд вне плана: темп считает только слайды плана.',
  outsidePlan: 'вне плана',
  layout: 'Раскладка',
  layouts: { default: 'Обычная', wide: 'Широкая', tall: 'Высокая', 'notes-only': 'Только заметки' },
  workshop: (room: string) => `Воркшоп · комната ${room}`,
  workshopLink: { up: 'сервер на связи', down: 'переподключаемся к серверу…' },
  cannotSave: 'Комната не может сохранять: голоса отклоняются, пока сервер не сможет снова писать журнал.',
  roomLost: 'Redis потерял эту комнату: голоса не сохраняются. Начните новую комнату (--new) и покажите её код.',
  people: (all: number, online: number) =>
    `${all} ${ruPlural(all, 'участник', 'участника', 'участников')}, в сети ${online}`,
  noQuestion: 'На этом слайде нет вопроса.',
  question: (title: string) => `Вопрос: ${title}`,
  pollStatus: {
    idle: 'ещё не открыт',
    open: 'голосование идёт',
    closed: 'голосование закрыто',
    revealed: 'ответ показан',
  },
  answered: (n: number) => `${ruPlural(n, 'ответил', 'ответили', 'ответили')} ${n}`,
  pollButtons: {
    open: 'Открыть голосование',
    close: 'Закрыть голосование',
    reopen: 'Открыть снова',
    reveal: 'Показать ответ',
    reset: 'Сбросить',
  },
  joinAt: 'Участники подключаются по адресу',
};

export type SpeakerLayout = keyof typeof en.layouts;
export const speakerText: Bilingual<typeof en> = { en, ru };
