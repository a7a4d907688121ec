/**
 * PostgreSQL text cannot hold NUL (U+0000): a query that carries one fails ("invalid byte sequence"),
 * where SQLite simply finds nothing. For free text that is only looked up (a sign-in name, a captcha id),
 * NUL becomes U+FFFD, which no stored username or id contains either: the same "not found" on both
 * databases instead of a server error on one.
 */
export function lookupText(s: string): string;
export function lookupText(s: string | undefined): string | undefined;
export function lookupText(s: string | undefined): string | undefined {
  return s !== undefined && s.includes('\u0000') ? s.split('\u0000').join('\uFFFD') : s;
}
