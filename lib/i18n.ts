/** The deck's two languages. Every string the deck shows exists in both. */
export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * A text table in both languages. Write `const en = {...}` first, then `const ru: typeof en = {...}`:
 * the type checker then refuses a key present in one language and missing in the other.
 */
export type Bilingual<T> = Readonly<Record<Lang, T>>;

/** Formats a number for the given language (thin spaces in Russian, commas in English). */
export function formatNumber(value: number, lang: Lang, maximumFractionDigits = 0): string {
  const key = `${lang}/${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    // Making an Intl.NumberFormat costs far more than using one: a slider's move formats dozens of figures.
    format = new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits });
    formats.set(key, format);
  }
  return format.format(value);
}

const formats = new Map<string, Intl.NumberFormat>();

const ruRules = new Intl.PluralRules('ru');

/**
 * Russian plural forms, by the language's own rules (`Intl.PluralRules`): 1 слайд, 2 слайда, 5 слайдов, 21 слайд,
 * 11 слайдов; a fraction takes the second form (1,5 слайда).
 */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const form = ruRules.select(n);
  return form === 'one' ? one : form === 'many' ? many : few;
}
