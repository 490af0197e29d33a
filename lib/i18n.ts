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

/** Russian plural forms: 1 слайд, 2 слайда, 5 слайдов (and 21 слайд, 11 слайдов). */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}
