import type { Bilingual } from '../../lib/i18n.ts';
import { ms } from './asyncio-loop-text.ts';

/**
 * The presented picture's own words (asyncio-loop-presented.ts): the caption under the loop picture and the
 * disclosure's label. Loaded with it, only when the slide is presented. The numbers are the recording's.
 */

const en = {
  /** Presented: the disclosure under the loop picture (CPython's lines; the turn's steps in words). */
  presentedCode: 'CPython’s lines',
  presentedTurn: 'The turn’s six steps',
  /** Presented: the caption under the loop picture, one sentence a step. */
  captionComposition: 'The loop’s three containers: _ready, _scheduled, the selector.',
  /** Step 3 of the scheme's turn when select() did not sleep (its timeout, ns). */
  selectAwake: (timeout: number) => `3 · select(timeout = ${ms(timeout)}): _ready is not empty, no sleep`,
  /** Step 6 of the scheme's turn: the snapshot. */
  snapshot: (ntodo: number) => `6 · ntodo = ${ntodo}: it runs exactly ${ntodo}`,
  /** The scheme before its first step. */
  schemeTurn: 'run_forever calls _run_once, turn after turn',
  starvedCaption: '_ready is never empty: the timer never fires.',
};

const ru: typeof en = {
  presentedCode: 'Строки CPython',
  presentedTurn: 'Шесть шагов оборота',
  captionComposition: 'Три контейнера цикла: _ready, _scheduled, селектор.',
  selectAwake: (timeout: number) => `3 · select(timeout = ${ms(timeout)}): _ready не пуст, сна нет`,
  snapshot: (ntodo: number) => `6 · ntodo = ${ntodo}: выполнит ровно ${ntodo}`,
  schemeTurn: 'run_forever вызывает _run_once, оборот за оборотом',
  starvedCaption: '_ready не пустеет: таймер не сработает никогда.',
};

export const presentedText: Bilingual<typeof en> = { en, ru };
