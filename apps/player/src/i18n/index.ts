import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_TAGS, type Locale } from '@sum28/domain';

/** Screen texts, one JSON per locale (keys by screen); only the active one is loaded. Server messages come translated from the API. */
const LOADERS = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');

/** BCP 47 tags for `<html lang>` and Intl: the contracts' one table. */
export const HTML_LANG = LOCALE_TAGS;

export const i18n: I18n = i18next.createInstance();

export async function loadLocale(locale: Locale): Promise<Record<string, unknown>> {
  const load = LOADERS[`./locales/${locale}.json`];
  if (load === undefined) throw new Error(`no translations for ${locale}`);
  return (await load()).default;
}

export function initI18n(locale: Locale, texts: Record<string, unknown>): I18n {
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: texts } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18n;
}
