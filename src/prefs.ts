import { isLang, type Lang } from '../lib/i18n.ts';
import { readStored, writeStored } from '../lib/storage.ts';

export { prefersReducedMotion } from '../lib/motion.ts';

export type Theme = 'dark' | 'light';

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

export interface PrefInputs {
  /** `location.search` */
  search: string;
  /** What `localStorage` holds (may be null, or anything at all). */
  storedLang: string | null;
  storedTheme: string | null;
  /** `navigator.languages` */
  browserLanguages: readonly string[];
  prefersDark: boolean;
}

export interface Prefs {
  lang: Lang;
  theme: Theme;
  /** True when the theme came from an explicit choice (URL or storage), not from the system. */
  themeChosen: boolean;
}

/** Pure: decides language and theme. A bad value anywhere falls back to the next source. */
export function resolvePrefs(input: PrefInputs): Prefs {
  const params = new URLSearchParams(input.search);
  const urlLang = params.get('lang');
  const urlTheme = params.get('theme');
  const browserLang = input.browserLanguages.map((l) => l.toLowerCase().slice(0, 2)).find((l) => isLang(l));
  const lang: Lang = isLang(urlLang) ? urlLang : isLang(input.storedLang) ? input.storedLang : (browserLang ?? 'en');
  const chosenTheme = isTheme(urlTheme) ? urlTheme : isTheme(input.storedTheme) ? input.storedTheme : null;
  return {
    lang,
    theme: chosenTheme ?? (input.prefersDark ? 'dark' : 'light'),
    themeChosen: chosenTheme !== null,
  };
}

const LANG_KEY = 'hsw.lang';
const THEME_KEY = 'hsw.theme';

export function currentPrefs(): Prefs {
  return resolvePrefs({
    search: window.location.search,
    storedLang: readStored(LANG_KEY),
    storedTheme: readStored(THEME_KEY),
    browserLanguages: navigator.languages ?? [navigator.language],
    prefersDark: window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? true,
  });
}

export function rememberLang(lang: Lang): void {
  writeStored(LANG_KEY, lang);
}

export function rememberTheme(theme: Theme): void {
  writeStored(THEME_KEY, theme);
}

/**
 * The deck's event (reveal's `dispatchEvent` / `on`, on its element) after the person changed the language or the
 * theme: a plugin that shows words or colours of its own (the corner's buttons, the workshop's bar) redraws then.
 */
export const PREFS_CHANGED = 'hsw-prefschanged';

/** Applies theme and language to the document root, where the CSS custom properties hang. */
export function applyPrefsToDocument(prefs: Pick<Prefs, 'lang' | 'theme'>): void {
  document.documentElement.lang = prefs.lang;
  document.documentElement.dataset['theme'] = prefs.theme;
}

/** Rewrites one query parameter of the current URL without reloading or touching the hash. */
export function setUrlParam(name: string, value: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set(name, value);
  window.history.replaceState(window.history.state, '', url);
}
