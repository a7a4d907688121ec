import { MESSAGES_EN } from './messages.en';
import { MESSAGES_JP } from './messages.jp';
import { MESSAGES_KOR } from './messages.kor';
import { MESSAGES_TW } from './messages.tw';
import { MESSAGES_ZH } from './messages.zh';
import { fieldLabel, isValidationRule, RULE_TEXTS } from './fields';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locale';
import { LOCALE_TAGS } from '@sum28/domain';
import type { MessageKey, MessageParams, MessageTable } from './message-keys';

/** Server-side message tables by locale. */
export const MESSAGES: Readonly<Record<Locale, MessageTable>> = {
  tw: MESSAGES_TW,
  zh: MESSAGES_ZH,
  en: MESSAGES_EN,
  jp: MESSAGES_JP,
  kor: MESSAGES_KOR,
};

/**
 * `{{name}}`, or with plural forms `{{name|one:# attempt|other:# attempts}}`: the form is chosen by
 * Intl.PluralRules for the locale and the number, `#` stands for the number, `other` is the fallback.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*((?:\|[a-z]+:[^|{}]*)*)\}\}/g;

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralOf(locale: Locale, n: number): string {
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    rules = new Intl.PluralRules(LOCALE_TAGS[locale]);
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

/** `{{name}}` placeholders of a message, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] ?? '');
}

/** The text for `value` from `|one:...|other:...` forms (`#` is the value), or the value itself. */
function pluralForm(locale: Locale, forms: string, value: string | number): string {
  if (forms === '') return String(value);
  const byCategory = new Map<string, string>();
  for (const part of forms.split('|').slice(1)) {
    const colon = part.indexOf(':');
    byCategory.set(part.slice(0, colon), part.slice(colon + 1));
  }
  const n = typeof value === 'number' ? value : Number(value);
  const form = (Number.isFinite(n) ? byCategory.get(pluralOf(locale, n)) : undefined) ?? byCategory.get('other') ?? '#';
  return form.replace(/#/g, String(value));
}

/** Replaces `{{name}}` with `params[name]`; a placeholder without a value is left as it is. */
export function interpolate(text: string, params?: MessageParams, locale: Locale = DEFAULT_LOCALE): string {
  if (params === undefined) return text;
  return text.replace(PLACEHOLDER, (whole, name: string, forms: string) => {
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
    return value === undefined ? whole : pluralForm(locale, forms, value);
  });
}

/**
 * Params as a player reads them: `field` (a request field's wire name) becomes its label and `reason`
 * (a validation rule) its sentence, filled from the same params (`{{min}}`, `{{max}}`, `{{values}}`).
 * The wire params themselves stay machine-readable.
 */
function displayParams(locale: Locale, params: MessageParams): MessageParams {
  const out: Record<string, string | number> = { ...params };
  const field = params['field'];
  if (typeof field === 'string') out['field'] = fieldLabel(locale, field);
  const reason = params['reason'];
  if (isValidationRule(reason)) out['reason'] = interpolate(RULE_TEXTS[reason][locale], params, locale);
  return out;
}

function lookup(table: MessageTable | undefined, key: string): string | undefined {
  if (table === undefined || !Object.prototype.hasOwnProperty.call(table, key)) return undefined;
  return (table as Readonly<Record<string, string>>)[key];
}

/**
 * The message for `key` in `locale`, with `{{name}}` placeholders filled from `params`.
 * An unknown locale uses `tw`; a key missing in the locale falls back to `tw`, then to the key itself.
 * Never throws. Money in `params` is passed already formatted with 2 decimals.
 */
export function translate(locale: string | undefined, key: MessageKey | (string & Record<never, never>), params?: MessageParams): string {
  const loc: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const text = lookup(MESSAGES[loc], key) ?? lookup(MESSAGES[DEFAULT_LOCALE], key) ?? key;
  return interpolate(text, params === undefined ? undefined : displayParams(loc, params), loc);
}
