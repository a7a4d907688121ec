import type { DbKind } from './data-source';

/** Rewritten statement texts of PostgreSQL, by their `?` text: the raw queries are a small fixed set. */
const PG_TEXTS = new Map<string, string>();
/** Texts that inline values (a list of ids) could grow it without bound: past this it starts again. */
const PG_TEXTS_MAX = 1000;

/**
 * The one placeholder rewrite of the raw SQL: statements are written with `?` (SQLite's form) and
 * PostgreSQL gets `$1, $2, ...` in order. The text must hold no literal `?` (a string or an operator).
 * The rewrite of a text is remembered, so a hot statement (a posting, once per bet) costs a map lookup.
 */
export function positional(kind: DbKind, text: string): string {
  if (kind !== 'postgres') return text;
  let out = PG_TEXTS.get(text);
  if (out === undefined) {
    let n = 0;
    out = text.replace(/\?/g, () => `$${++n}`);
    if (PG_TEXTS.size >= PG_TEXTS_MAX) PG_TEXTS.clear();
    PG_TEXTS.set(text, out);
  }
  return out;
}
