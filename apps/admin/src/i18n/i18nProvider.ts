import { isLocale, LOCALES } from '@sum28/domain';
import type { I18nProvider } from 'react-admin';
import { i18n, LOCALE_NAMES, switchLocale } from './i18n';

/**
 * react-admin's I18nProvider over our i18next instance (not ra-i18n-i18next, which pulls old i18next and
 * react-i18next). react-admin's strings use `%{var}` (the instance's interpolation) and polyglot plurals
 * `one |||| many` chosen by `smart_count`; `_` is the text to show when a key is missing.
 */
export function pickPlural(text: string, count: unknown): string {
  if (!text.includes('||||')) return text;
  const forms = text.split('||||').map((f) => f.trim());
  const n = typeof count === 'number' ? count : Number(count);
  return (n === 1 ? forms[0] : (forms[1] ?? forms[0])) as string;
}

export const i18nProvider: I18nProvider = {
  translate(key: string, options: Record<string, unknown> = {}) {
    const { _: fallback, ...vars } = options;
    if (!i18n.exists(key)) return typeof fallback === 'string' ? pickPlural(interpolate(fallback, vars), vars['smart_count']) : key;
    return pickPlural(i18n.t(key, vars) as string, vars['smart_count']);
  },
  changeLocale: async (locale: string) => {
    if (!isLocale(locale)) throw new Error(`unknown locale ${locale}`);
    await switchLocale(locale);
  },
  getLocale: () => i18n.language,
  getLocales: () => LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
};

function interpolate(text: string, vars: Record<string, unknown>): string {
  return text.replace(/%\{(\w+)\}/g, (m, k: string) => (vars[k] === undefined ? m : String(vars[k])));
}
