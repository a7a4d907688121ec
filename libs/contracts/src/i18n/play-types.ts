import { ALL_PLAY_TYPES, PLAN_TIERS } from '@sum28/domain';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locale';

/**
 * Names of the play types (categories) in the five languages: `class_name` of the odds list and
 * `play_method` of the feed and the bet record. Codes are `PlayType` of `@sum28/domain`
 * (`'big'`, `'small_odd'`, `'sum_17'`, ...); exact sums share one pattern per language.
 */
const BASE_LABELS: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  tw: {
    big: '大',
    small: '小',
    odd: '單',
    even: '雙',
    big_odd: '大單',
    big_even: '大雙',
    small_odd: '小單',
    small_even: '小雙',
    extreme_big: '極大',
    extreme_small: '極小',
  },
  zh: {
    big: '大',
    small: '小',
    odd: '单',
    even: '双',
    big_odd: '大单',
    big_even: '大双',
    small_odd: '小单',
    small_even: '小双',
    extreme_big: '极大',
    extreme_small: '极小',
  },
  en: {
    big: 'Big',
    small: 'Small',
    odd: 'Odd',
    even: 'Even',
    big_odd: 'Big odd',
    big_even: 'Big even',
    small_odd: 'Small odd',
    small_even: 'Small even',
    extreme_big: 'Extreme big',
    extreme_small: 'Extreme small',
  },
  jp: {
    big: '大',
    small: '小',
    odd: '奇数',
    even: '偶数',
    big_odd: '大・奇数',
    big_even: '大・偶数',
    small_odd: '小・奇数',
    small_even: '小・偶数',
    extreme_big: '極大',
    extreme_small: '極小',
  },
  kor: {
    big: '대',
    small: '소',
    odd: '홀',
    even: '짝',
    big_odd: '대홀',
    big_even: '대짝',
    small_odd: '소홀',
    small_even: '소짝',
    extreme_big: '극대',
    extreme_small: '극소',
  },
};

const SUM_LABEL: Readonly<Record<Locale, string>> = { tw: '和值 ', zh: '和值 ', en: 'Sum ', jp: '合計 ', kor: '합계 ' };

const SUM_CODE = /^sum_([0-9]|1[0-9]|2[0-7])$/;

/** The name of a play type in a language (default `tw`); an unknown code is returned as it is. */
export function playTypeLabel(locale: string | undefined, code: string): string {
  const l: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const base = BASE_LABELS[l][code];
  if (base !== undefined) return base;
  const m = SUM_CODE.exec(code);
  return m ? `${SUM_LABEL[l]}${m[1]}` : code;
}

/**
 * Names of the room tiers (`PLAN_TIERS` of `@sum28/domain`) in the five languages, one word per rung that means the
 * same rung everywhere (the codes are historical: `master` is the third rung, 高級 / Advanced, and `expert` the top
 * one, 大師 / Master): beginner, intermediate, advanced, master.
 */
export const TIER_LABELS: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  tw: { basic: '初級', senior: '中級', master: '高級', expert: '大師' },
  zh: { basic: '初级', senior: '中级', master: '高级', expert: '大师' },
  en: { basic: 'Beginner', senior: 'Intermediate', master: 'Advanced', expert: 'Master' },
  jp: { basic: '初級', senior: '中級', master: '上級', expert: '達人' },
  kor: { basic: '초급', senior: '중급', master: '고급', expert: '마스터' },
};

/** The name of a room tier in a language (default `tw`); an unknown tier is returned as it is. */
export function tierLabel(locale: string | undefined, tier: string): string {
  const l: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return TIER_LABELS[l][tier] ?? tier;
}

/** A name reduced to what a reader tells apart: NFKC, lower case, without spaces, punctuation or symbols. */
export function labelKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\p{Z}\s]/gu, '');
}

/** The codes a label may rename (`catalog_labels`): the play types, then the room tiers. */
const LABEL_GROUPS: ReadonlyArray<ReadonlyArray<string>> = [ALL_PLAY_TYPES, PLAN_TIERS];

/** Every built-in name of a code in every language (an exact sum also by its number alone). */
function builtInNames(code: string): string[] {
  const names = LOCALES.map((l) => ((PLAN_TIERS as readonly string[]).includes(code) ? tierLabel(l, code) : playTypeLabel(l, code)));
  const sum = SUM_CODE.exec(code);
  return sum ? [...names, sum[1] as string] : names;
}

/** label key -> the codes of one group it names by default, in some language. */
const BUILT_IN_KEYS: ReadonlyArray<ReadonlyMap<string, ReadonlySet<string>>> = LABEL_GROUPS.map((codes) => {
  const m = new Map<string, Set<string>>();
  for (const code of codes)
    for (const name of builtInNames(code)) {
      const key = labelKey(name);
      m.set(key, (m.get(key) ?? new Set()).add(code));
    }
  return m;
});

/**
 * The other code that a proposed name of `code` would name, or null. A label must never make a button or a result say
 * what it does not bet on: it may not be, in any language, the built-in name of another category (another room tier
 * for a tier), nor the name `overrides` give another code of its group in any language (spaces, case, punctuation and
 * full-width forms aside). Labels of other kinds are not compared (a tier may share a word with a category).
 */
export function labelNamesAnotherCode(code: string, name: string, overrides: Readonly<Record<string, Readonly<Record<string, string>>>> = {}): string | null {
  const g = LABEL_GROUPS.findIndex((codes) => codes.includes(code));
  if (g === -1) return null;
  const key = labelKey(name);
  const builtIn = [...(BUILT_IN_KEYS[g]?.get(key) ?? [])].find((other) => other !== code);
  if (builtIn !== undefined) return builtIn;
  for (const names of Object.values(overrides))
    for (const [other, otherName] of Object.entries(names)) if (other !== code && LABEL_GROUPS[g]?.includes(other) && labelKey(otherName) === key) return other;
  return null;
}
