import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, LOCALES, type Locale } from '@sum28/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The console's ONE i18next instance (react-admin reads it through `i18nProvider.ts`, our own components through
 * react-i18next's `useTranslation`). One JSON per locale per namespace, only the active locale loaded:
 * - `locales/<locale>/ra.json`    -> `ra.*`        react-admin's own strings (keys of ra-language-english)
 * - `locales/<locale>/ra-tiptap.json` -> `ra.tiptap.*` the rich-text editor's toolbar (ra-input-rich-text)
 * - `locales/<locale>/app.json`   -> `app.*`       the console's shell: login, menu, app bar
 * - `locales/<locale>/resources/<name>.json` -> `resources.<name>.*` one resource (name, fields, tabs, filters)
 * Interpolation is react-admin's `%{name}`; plural forms are react-admin's `one |||| many` (see i18nProvider.ts).
 */
const LOADERS = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/**/*.json');

/** Native names for the language picker (shown in their own script, never translated). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { tw: '繁體中文', zh: '简体中文', en: 'English', jp: '日本語', kor: '한국어' };

/** BCP 47 tags for `<html lang>` and Intl: the contracts' one table. */
export const HTML_LANG = LOCALE_TAGS;

const STORED = 'sum28.console.locale';

export const i18n: I18n = i18next.createInstance();

/** Where a locale file's content is mounted in the translation tree. */
export function mountPoint(file: string): string[] {
  const m = /^\.\/locales\/[^/]+\/(?:(resources)\/)?([\w-]+)\.json$/.exec(file);
  if (m === null || m[2] === undefined) throw new Error(`unexpected locale file ${file}`);
  if (m[1] === 'resources') return ['resources', m[2]];
  return m[2] === 'ra-tiptap' ? ['ra', 'tiptap'] : [m[2]];
}

/** All the texts of one locale, merged into one tree. */
export async function loadLocale(locale: Locale): Promise<Record<string, unknown>> {
  const tree: Record<string, unknown> = {};
  const files = Object.keys(LOADERS).filter((f) => f.startsWith(`./locales/${locale}/`));
  if (files.length === 0) throw new Error(`no translations for ${locale}`);
  await Promise.all(
    files.map(async (f) => {
      const texts = (await (LOADERS[f] as () => Promise<{ default: Record<string, unknown> }>)()).default;
      const path = mountPoint(f);
      let node = tree;
      for (const k of path.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
      const last = path[path.length - 1] as string;
      // `ra` and `ra.tiptap` come from two files, loaded in any order: merge, never replace.
      node[last] = { ...((node[last] as Record<string, unknown> | undefined) ?? {}), ...texts };
    }),
  );
  return tree;
}

/** The locale to start with: the one picked before, else the browser's, else tw. */
export function initialLocale(): Locale {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORED) : null;
  if (isLocale(stored)) return stored;
  const nav = typeof navigator !== 'undefined' ? navigator.language.toLowerCase() : '';
  if (nav.startsWith('zh')) return /hans|cn|sg/.test(nav) ? 'zh' : 'tw';
  if (nav.startsWith('ja')) return 'jp';
  if (nav.startsWith('ko')) return 'kor';
  if (nav.startsWith('en')) return 'en';
  return DEFAULT_LOCALE;
}

/** Loads a locale into the instance and makes it current (remembered for the next visit). */
export async function switchLocale(locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) i18n.addResourceBundle(locale, 'translation', await loadLocale(locale));
  await i18n.changeLanguage(locale);
  document.documentElement.lang = HTML_LANG[locale];
  localStorage.setItem(STORED, locale);
}

export async function initI18n(locale: Locale): Promise<I18n> {
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    resources: { [locale]: { translation: await loadLocale(locale) } },
    interpolation: { escapeValue: false, prefix: '%{', suffix: '}' },
    returnNull: false,
  });
  document.documentElement.lang = HTML_LANG[locale];
  return i18n;
}
