import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@sum28/domain';
import en from './locales/en.json';
import jp from './locales/jp.json';
import kor from './locales/kor.json';
import tw from './locales/tw.json';
import zh from './locales/zh.json';

/** Screen texts, one JSON per locale (keys by screen). Server messages come translated from the API. */
export const RESOURCES: Readonly<Record<Locale, Record<string, unknown>>> = { tw, zh, en, jp, kor };

/** BCP 47 tags of our locales, for `<html lang>` and Intl. */
export const HTML_LANG: Readonly<Record<Locale, string>> = { tw: 'zh-Hant-TW', zh: 'zh-Hans-CN', en: 'en', jp: 'ja', kor: 'ko' };

export const i18n: I18n = i18next.createInstance();

export function initI18n(locale: Locale): I18n {
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: Object.fromEntries(Object.entries(RESOURCES).map(([l, t]) => [l, { translation: t }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18n;
}
