import { DEFAULT_LOCALE, resolveLocale } from '@sum28/contracts';

/** Per-locale texts as stored (JSON text or an object from the entity's transformer); anything malformed is none. */
export function localeTexts(v: unknown): Partial<Record<string, string>> {
  let o: unknown = v;
  if (typeof v === 'string') {
    try {
      o = JSON.parse(v) as unknown;
    } catch {
      return {};
    }
  }
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return {};
  const out: Partial<Record<string, string>> = {};
  for (const [k, x] of Object.entries(o as Record<string, unknown>)) if (typeof x === 'string' && x.trim() !== '') out[k] = x;
  return out;
}

/** A banner caption, article or notice text in the caller's language, else in tw, else the row's own text. */
export function localised(texts: unknown, lang: string | undefined, base: string): string {
  const t = localeTexts(texts);
  return t[resolveLocale(lang)] ?? t[DEFAULT_LOCALE] ?? base;
}
