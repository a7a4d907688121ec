import { MESSAGES_EN } from './messages.en';
import { MESSAGES_JP } from './messages.jp';
import { MESSAGES_KOR } from './messages.kor';
import { MESSAGES_TW } from './messages.tw';
import { MESSAGES_ZH } from './messages.zh';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locale';
import type { MessageKey, MessageParams, MessageTable } from './message-keys';

/** Server-side message tables by locale. */
export const MESSAGES: Readonly<Record<Locale, MessageTable>> = {
  tw: MESSAGES_TW,
  zh: MESSAGES_ZH,
  en: MESSAGES_EN,
  jp: MESSAGES_JP,
  kor: MESSAGES_KOR,
};

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** `{{name}}` placeholders of a message, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] ?? '');
}

/** Replaces `{{name}}` with `params[name]`; a placeholder without a value is left as it is. */
export function interpolate(text: string, params?: MessageParams): string {
  if (params === undefined) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
    return value === undefined ? whole : String(value);
  });
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
  const table = isLocale(locale) ? MESSAGES[locale] : undefined;
  const text = lookup(table, key) ?? lookup(MESSAGES[DEFAULT_LOCALE], key) ?? key;
  return interpolate(text, params);
}
