import type { Bilingual } from '../lib/i18n.ts';
import type { ChapterId } from '../slides/types.ts';

/** A step written after a slide that has none, whatever it is (deck addresses). */
const enNoSteps = (step: string, title: string) =>
  `The slide “${title}” has no steps, so “${step}” is not one; here is the slide.`;
const ruNoSteps = (step: string, title: string) =>
  `У слайда «${title}» нет шагов, и «${step}» — не шаг; показываем слайд.`;

/** The deck's own words: its chrome, chapter names, the embed page. */
const en = {
  deckTitle: 'How servers wait',
  chapters: {
    io: 'I/O',
    'event-loop': 'The event loop',
    asyncio: 'Python asyncio',
    green: 'Green threads',
    production: 'In production',
  } satisfies Record<ChapterId, string>,
  language: 'Language',
  languageName: 'English',
  switchLanguage: 'Русский',
  switchLanguageLabel: 'Switch to Russian',
  theme: 'Theme',
  themeDark: 'Dark',
  themeLight: 'Light',
  switchThemeLabel: (to: string) => `Switch to the ${to.toLowerCase()} theme`,
  embed: 'Embed',
  embedLabel: 'Embed this demo in another page',
  copy: 'Copy',
  copied: 'Copied',
  copySelected: 'Selected: press Ctrl+C (⌘C) to copy',
  close: 'Close',
  sources: 'Sources',
  appendix: 'Appendix: where this comes from',
  speakerNotes: 'Speaker notes',
  openInDeck: 'Open in the full deck',
  unknownSlideTitle: 'No such slide',
  unknownSlide: (id: string) => `There is no slide with the id “${id}”.`,
  missingSlide: 'No slide was given: add ?slide=<id> to the address.',
  notEmbeddable: (id: string) => `The slide “${id}” has no demo to embed.`,
  validIds: 'These are the slides that can be embedded:',
  elementMissingSlide: 'No slide was given: add slide="<id>" to the <hsw-slide> element.',
  elementValidIds: 'The deck’s embed page (embed.html) lists the slides that can be embedded.',
  loadingDemo: 'Loading the demo…',
  unknownHash: (id: string, where: string) => `There is no slide “${id}” in this deck; here is “${where}”.`,
  badStepHash: (step: string, title: string, fragments: number) =>
    fragments
      ? `“${step}” is not a step of “${title}” (in the address its steps are 0 to ${fragments - 1}); here is the slide from its start.`
      : enNoSteps(step, title),
  pastLastStepHash: (step: string, title: string, fragments: number) =>
    fragments
      ? `“${step}” is past the last step of “${title}” (in the address its steps are 0 to ${fragments - 1}); here is its last step.`
      : enNoSteps(step, title),
  demoFailed: 'This demo could not be loaded. Reload the page to try again.',
  textFailed: 'This slide’s text could not be loaded. Reload the page to try again.',
  /** The label of a slide's disclosure (secondary text, closed while presenting). */
  more: 'More',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
};

const ru: typeof en = {
  deckTitle: 'Как ждут серверы',
  chapters: {
    io: 'Ввод-вывод',
    'event-loop': 'Цикл событий',
    asyncio: 'Python asyncio',
    green: 'Зелёные потоки',
    production: 'В продакшене',
  },
  language: 'Язык',
  languageName: 'Русский',
  switchLanguage: 'English',
  switchLanguageLabel: 'Переключить на английский',
  theme: 'Тема',
  themeDark: 'Тёмная',
  themeLight: 'Светлая',
  switchThemeLabel: (to: string) => `Включить ${to.toLowerCase()} тему`,
  embed: 'Встроить',
  embedLabel: 'Встроить эту схему в другую страницу',
  copy: 'Копировать',
  copied: 'Скопировано',
  copySelected: 'Выделено: нажмите Ctrl+C (⌘C), чтобы скопировать',
  close: 'Закрыть',
  sources: 'Источники',
  appendix: 'Приложение: откуда это',
  speakerNotes: 'Заметки докладчика',
  openInDeck: 'Открыть в презентации',
  unknownSlideTitle: 'Такого слайда нет',
  unknownSlide: (id: string) => `Слайда с идентификатором «${id}» нет.`,
  missingSlide: 'Слайд не указан: добавьте к адресу ?slide=<id>.',
  notEmbeddable: (id: string) => `На слайде «${id}» нет схемы, которую можно встроить.`,
  validIds: 'Вот слайды, которые можно встроить:',
  elementMissingSlide: 'Слайд не указан: добавьте к элементу <hsw-slide> атрибут slide="<id>".',
  elementValidIds: 'Слайды, которые можно встроить, перечислены на странице встраивания (embed.html).',
  loadingDemo: 'Загружаем схему…',
  unknownHash: (id: string, where: string) => `Слайда «${id}» в презентации нет; показываем «${where}».`,
  badStepHash: (step: string, title: string, fragments: number) =>
    fragments
      ? `«${step}» — не шаг слайда «${title}» (в адресе его шаги от 0 до ${fragments - 1}); показываем слайд с начала.`
      : ruNoSteps(step, title),
  pastLastStepHash: (step: string, title: string, fragments: number) =>
    fragments
      ? `Шага «${step}» у слайда «${title}» нет: в адресе его шаги от 0 до ${fragments - 1}; показываем последний.`
      : ruNoSteps(step, title),
  demoFailed: 'Схему не удалось загрузить. Перезагрузите страницу.',
  textFailed: 'Текст этого слайда не удалось загрузить. Перезагрузите страницу.',
  more: 'Подробнее',
  stepOf: (step: number, total: number) => `Шаг ${step} из ${total}`,
};

/** Russian plural forms: 1 слайд, 2 слайда, 5 слайдов, 21 слайд. */
export const deckText: Bilingual<typeof en> = { en, ru };
