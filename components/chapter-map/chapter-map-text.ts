import { ruPlural, type Bilingual } from '../../lib/i18n.ts';

/** The chapter map's own words (the chapter names and slide titles come from the shell with the data). */
const en = {
  nav: 'Chapters',
  slideCount: (n: number) => (n === 1 ? '1 slide' : `${n} slides`),
  join: 'Join on your phone: scan or type',
  qrLabel: (url: string) => `QR code of the address ${url}`,
};

const ru: typeof en = {
  nav: 'Главы',
  slideCount: (n: number) => `${n} ${ruPlural(n, 'слайд', 'слайда', 'слайдов')}`,
  join: 'Присоединяйтесь с телефона: отсканируйте или наберите',
  qrLabel: (url: string) => `QR-код адреса ${url}`,
};

export const chapterMapText: Bilingual<typeof en> = { en, ru };
