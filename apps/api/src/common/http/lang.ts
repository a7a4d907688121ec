import { DEFAULT_LOCALE, resolveLocale, type Locale } from '@sum28/contracts';

interface RequestLike {
  body?: unknown;
  query?: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * The message language of a request: the first `lang` text in the body, the query (spec) or the X-Lang
 * header, resolved by `resolveLocale` (aliases like zh-TW or ja; anything unsupported is tw); else tw.
 */
export function langOf(req: RequestLike): Locale {
  const fromBody = typeof req.body === 'object' && req.body !== null ? (req.body as { lang?: unknown }).lang : undefined;
  const fromQuery = typeof req.query === 'object' && req.query !== null ? (req.query as { lang?: unknown }).lang : undefined;
  for (const v of [fromBody, fromQuery, req.headers?.['x-lang']]) if (typeof v === 'string') return resolveLocale(v);
  return DEFAULT_LOCALE;
}
