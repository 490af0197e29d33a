import type { Bilingual } from '../../lib/i18n.ts';
import { asyncioLoopText as base, ms } from './asyncio-loop-text.ts';

/**
 * The presented picture's own words (asyncio-loop-presented.ts): the caption under the loop picture and the
 * disclosure's label. Loaded with it, only when the slide is presented. The numbers are the recording's.
 */

/** What a step of `_run_once` did in the scheme's turn (the recording's numbers). */
interface SchemeNumbers {
  readonly removed: number;
  readonly timeout: number | null;
  readonly slept: number;
  readonly io: number;
  readonly due: number;
  readonly ntodo: number;
}

const en = {
  /** Presented: the disclosure under the loop picture (CPython's lines; the turn's steps in words). */
  presentedCode: 'CPython’s lines',
  presentedTurn: 'The turn’s six steps',
  /** Presented: the caption under the loop picture, one sentence a step. */
  captionComposition: 'The loop’s three containers: _ready, _scheduled, the selector.',
  schemeCaption: (step: number, v: SchemeNumbers) =>
    step === 1
      ? base.en.s1(v.removed)
      : step === 2
        ? base.en.s2(v.timeout)
        : step === 3
          ? v.slept > 0
            ? base.en.s3(v.slept)
            : `3 · select(timeout = ${ms(v.timeout ?? 0)}): _ready is not empty, no sleep`
          : step === 4
            ? base.en.s4(v.io)
            : step === 5
              ? base.en.s5(v.due)
              : step === 6
                ? `6 · ntodo = ${v.ntodo}: it runs exactly ${v.ntodo}`
                : 'run_forever calls _run_once, turn after turn',
  starvedCaption: '_ready is never empty: the timer never fires.',
};

const ru: typeof en = {
  presentedCode: 'Строки CPython',
  presentedTurn: 'Шесть шагов оборота',
  captionComposition: 'Три контейнера цикла: _ready, _scheduled, селектор.',
  schemeCaption: (step: number, v: SchemeNumbers) =>
    step === 1
      ? base.ru.s1(v.removed)
      : step === 2
        ? base.ru.s2(v.timeout)
        : step === 3
          ? v.slept > 0
            ? base.ru.s3(v.slept)
            : `3 · select(timeout = ${ms(v.timeout ?? 0)}): _ready не пуст, сна нет`
          : step === 4
            ? base.ru.s4(v.io)
            : step === 5
              ? base.ru.s5(v.due)
              : step === 6
                ? `6 · ntodo = ${v.ntodo}: выполнит ровно ${v.ntodo}`
                : 'run_forever вызывает _run_once, оборот за оборотом',
  starvedCaption: '_ready не пустеет: таймер не сработает никогда.',
};

export const presentedText: Bilingual<typeof en> = { en, ru };
