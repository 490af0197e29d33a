/**
 * Workshop mode in the single file (vite.single.config.ts puts this module in place of src/workshop-start.ts): a
 * file opened from `file://` reaches no server (its policy has `connect-src 'none'`), so instead of the workshop's
 * code (its protocol, socket, controls and QR codes, 16 KB gzipped) it carries this message.
 */
import type { RevealApi } from 'reveal.js';
import type { WorkshopOptions } from './plugins/workshop.ts';
import type { Bilingual } from '../lib/i18n.ts';
import { showToast } from './toast.ts';
import type { Owned } from './owned.ts';

/** Its words here, not in src/deck-text.ts: that module is in every embed's shell chunk, and this is the file's alone. */
const inFile: Bilingual<string> = {
  en: 'Workshop mode needs the deck served by the workshop server (npm run workshop): a file opened on its own reaches no server.',
  ru: 'Режиму мастер-класса нужна презентация, которую раздаёт его сервер (npm run workshop): открытый сам по себе файл ни к какому серверу не подключается.',
};

export function startWorkshop(_deck: RevealApi, options: WorkshopOptions, _owned: Owned): null {
  showToast(inFile[options.getLang()]);
  return null;
}
