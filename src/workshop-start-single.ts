/**
 * Workshop mode in the single file (vite.single.config.ts puts this module in place of src/workshop-start.ts): a
 * file opened from `file://` reaches no server (its policy has `connect-src 'none'`), so instead of the workshop's
 * code (its protocol, socket, controls and QR codes, 16 KB gzipped) it carries this message.
 */
import type { RevealApi } from 'reveal.js';
import type { WorkshopOptions } from './plugins/workshop.ts';
import { deckText } from './deck-text.ts';
import { showToast } from './toast.ts';

export function startWorkshop(_deck: RevealApi, options: WorkshopOptions): null {
  showToast(deckText[options.getLang()].workshopInFile);
  return null;
}
