import { DEFAULT_LOCALE, isLocale, type Locale } from '@sum28/contracts';

interface RequestLike {
  body?: unknown;
  query?: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

/** The message language of a request: `lang` in the body or query (spec), else the default (tw). */
export function langOf(req: RequestLike): Locale {
  const fromBody = typeof req.body === 'object' && req.body !== null ? (req.body as { lang?: unknown }).lang : undefined;
  const fromQuery = typeof req.query === 'object' && req.query !== null ? (req.query as { lang?: unknown }).lang : undefined;
  for (const v of [fromBody, fromQuery, req.headers?.['x-lang']]) if (isLocale(v)) return v;
  return DEFAULT_LOCALE;
}
