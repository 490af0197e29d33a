import { ruPlural, type Bilingual } from '../../lib/i18n.ts';

/** The chapter map's own words (the chapter names and slide titles come from the shell with the data). */
const en = {
  nav: 'Chapters',
  slideCount: (n: number) => (n === 1 ? '1 slide' : `${n} slides`),
};

const ru: typeof en = {
  nav: 'Главы',
  slideCount: (n: number) => `${n} ${ruPlural(n, 'слайд', 'слайда', 'слайдов')}`,
};

export const chapterMapText: Bilingual<typeof en> = { en, ru };
