import { DEFAULT_LOCALE, LOCALES } from '@sum28/domain';
import { ApiError } from '../../common/api-error';
import { MULTI_LINE, SINGLE_LINE } from '../common/fields';

/** Text per locale as the console edits it: the languages other than tw, each optional (absent or empty: tw is shown). */
export type LocaleTexts = Partial<Record<string, string>>;

/** The locales a console form edits besides tw (whose text is the row's own title / content). */
export const OTHER_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

export interface TextRule {
  max: number;
  /** single line (titles, captions) or free text (bodies) */
  multiLine: boolean;
  /** cleans a body (HTML allow-list); its result empty is refused */
  clean?: (text: string) => string;
}

/**
 * A console value for per-locale texts: an object of at least one locale (zh, en, jp, kor; tw is the row's own text)
 * to a text (empty or null: none, the player sees tw). It replaces the stored texts. Anything else (null, [], {}, a
 * text that is not one): 400 naming the field.
 */
export function parseLocaleTexts(field: string, v: unknown, rule: TextRule): LocaleTexts | undefined {
  if (v === undefined) return undefined;
  const bad = (reason: string): ApiError => new ApiError('VALIDATION_FAILED', { field, reason }, { [field]: reason });
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw bad(`an object of locale: text (${OTHER_LOCALES.join(', ')})`);
  const entries = Object.entries(v as Record<string, unknown>);
  // an edit names the languages it sets or clears (an empty text clears one): an empty object says nothing
  if (entries.length === 0) throw bad(`at least one locale (${OTHER_LOCALES.join(', ')}); an empty text clears one`);
  const out: LocaleTexts = {};
  for (const [locale, text] of entries) {
    // tw is the row's own title / content (sent as such); the view leaves it out, a form may send it back unchanged
    if (locale === DEFAULT_LOCALE) continue;
    if (!(OTHER_LOCALES as readonly string[]).includes(locale)) throw bad(`unknown locale ${locale.slice(0, 10)} (one of ${OTHER_LOCALES.join(', ')})`);
    // empty, or (a body) markup with no words and no image, as an editor leaves a cleared field: none
    if (text === null || text === undefined || (typeof text === 'string' && isBlank(text, rule))) continue;
    if (typeof text !== 'string' || text.length > rule.max || !(rule.multiLine ? MULTI_LINE : SINGLE_LINE).test(text))
      throw bad(`${locale}: ${rule.multiLine ? 'a text' : 'a single-line text'} of at most ${rule.max} characters`);
    const clean = rule.clean ? rule.clean(text) : text.trim();
    if (clean.trim() === '') throw bad(`${locale}: no allowed content left after removing unsafe HTML`);
    out[locale] = clean;
  }
  return out;
}

/** Nothing a reader would see: no text, or for a body only tags (`<p></p>`, `<p><br></p>`) and no image. */
function isBlank(text: string, rule: TextRule): boolean {
  if (text.trim() === '') return true;
  return (
    rule.clean !== undefined &&
    !/<img\b/i.test(text) &&
    text
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/** The stored texts of a row: the other locales as edited, plus tw = the row's own text (what the player API reads). */
export function storedTexts(others: LocaleTexts, tw: string): LocaleTexts {
  return { ...others, [DEFAULT_LOCALE]: tw };
}

/** The console's view of stored texts: the other locales only (tw is the row's own field). */
export function viewTexts(stored: LocaleTexts | null): LocaleTexts {
  const out: LocaleTexts = {};
  for (const l of OTHER_LOCALES) {
    const t = stored?.[l];
    if (typeof t === 'string' && t !== '') out[l] = t;
  }
  return out;
}
