import { DEFAULT_LOCALE, LOCALES, type Locale } from '@sum28/domain';

/** Message languages of the player API (`lang` parameter) and apps, defined once in libs/domain; `tw` (traditional Chinese) is the default. */
export { DEFAULT_LOCALE, LOCALES, type Locale };

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

/** Common spellings of the same languages (BCP 47 tags, Accept-Language values). */
const LOCALE_ALIASES: Readonly<Record<string, Locale>> = {
  'zh-tw': 'tw',
  'zh-hk': 'tw',
  'zh-mo': 'tw',
  'zh-hant': 'tw',
  'zh-cn': 'zh',
  'zh-sg': 'zh',
  'zh-hans': 'zh',
  ja: 'jp',
  'ja-jp': 'jp',
  ko: 'kor',
  'ko-kr': 'kor',
  kr: 'kor',
};

/**
 * The locale for a `lang` value: an exact locale, a common alias (`zh-TW`, `ja`, `ko`, `en-US`),
 * else `DEFAULT_LOCALE`. Never throws: an unknown `lang` is not an error.
 */
export function resolveLocale(lang: unknown): Locale {
  if (typeof lang !== 'string') return DEFAULT_LOCALE;
  const l = lang.trim().toLowerCase().replace(/_/g, '-');
  if (isLocale(l)) return l;
  const alias = LOCALE_ALIASES[l];
  if (alias !== undefined) return alias;
  if (l.startsWith('en-')) return 'en';
  return DEFAULT_LOCALE;
}
