import type { Bilingual } from '../../lib/i18n.ts';

/** Words of the shared controls. */
const en = {
  back: 'Back',
  step: 'Step',
  reset: 'Reset',
  play: 'Run',
  pause: 'Pause',
  backLabel: 'Step back',
  stepLabel: 'Step forward',
  resetLabel: 'Reset to the start',
  playLabel: 'Run to the end',
  pauseLabel: 'Pause',
  stepControls: 'Step controls',
  position: (at: number, total: number) => `${at} / ${total}`,
  chartLoading: 'Loading the chart…',
  code: 'Code',
  more: 'More',
};

const ru: typeof en = {
  back: 'Назад',
  step: 'Шаг',
  reset: 'Сначала',
  play: 'Запустить',
  pause: 'Пауза',
  backLabel: 'Шаг назад',
  stepLabel: 'Шаг вперёд',
  resetLabel: 'Вернуться к началу',
  playLabel: 'Запустить до конца',
  pauseLabel: 'Пауза',
  stepControls: 'Управление шагами',
  position: (at: number, total: number) => `${at} / ${total}`,
  chartLoading: 'Загружаем график…',
  code: 'Код',
  more: 'Подробнее',
};

export const uiText: Bilingual<typeof en> = { en, ru };
