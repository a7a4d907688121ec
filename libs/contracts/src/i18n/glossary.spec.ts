import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GLOSSARY } from './glossary';
import { LOCALES, type Locale } from './locale';
import { MESSAGES } from './translate';

/**
 * The glossary holds in every text a player or staff member reads: the API's messages, the player app's and the
 * console's locale files. The apps' files are read as data (this library imports no app code).
 */
const REPO = join(__dirname, '..', '..', '..', '..');

/** Every string of a JSON tree, with its dotted path. */
function strings(node: unknown, path = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[path, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => strings(v, path === '' ? k : `${path}.${k}`));
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? jsonFiles(p) : f.endsWith('.json') ? [p] : [];
  });
}

/** Every text of one locale: file (relative) -> [path, text][]. */
function textsOf(locale: Locale): Map<string, Array<[string, string]>> {
  const out = new Map<string, Array<[string, string]>>();
  out.set(`libs/contracts messages.${locale}`, Object.entries(MESSAGES[locale]));
  out.set(`apps/player ${locale}.json`, strings(JSON.parse(readFileSync(join(REPO, 'apps/player/src/i18n/locales', `${locale}.json`), 'utf8'))));
  for (const f of jsonFiles(join(REPO, 'apps/admin/src/i18n/locales', locale))) {
    if (/ra(-tiptap)?\.json$/.test(f)) continue; // react-admin's own texts
    out.set(`apps/admin ${f.slice(REPO.length + 1)}`, strings(JSON.parse(readFileSync(f, 'utf8'))));
  }
  return out;
}

/** Texts that name one concept of the glossary: they must use its term. */
const NAMED: ReadonlyArray<[app: 'player' | 'admin', file: string, path: string, concept: keyof typeof GLOSSARY]> = [
  ['player', '', 'capital.type0', 'recharge'],
  ['player', '', 'capital.type3', 'payout'],
  ['player', '', 'capital.mark_payout', 'payout'],
  ['player', '', 'home.payout', 'payout'],
  ['player', '', 'betRoom.paid', 'payout'],
  ['player', '', 'betDetail.profit', 'profit'],
  ['admin', 'resources/capital-logs.json', 'type.recharge', 'recharge'],
  ['admin', 'resources/capital-logs.json', 'type.profit', 'payout'],
  ['admin', 'resources/bets.json', 'fields.payout', 'payout'],
  ['admin', 'resources/bets.json', 'fields.profit', 'profit'],
];

describe('one term per money concept in each language (GLOSSARY)', () => {
  it.each(LOCALES)('%s: no text uses a synonym the glossary avoids', (locale) => {
    const found: string[] = [];
    for (const [file, texts] of textsOf(locale))
      for (const [path, text] of texts)
        for (const [concept, { avoid }] of Object.entries(GLOSSARY))
          for (const word of avoid[locale] ?? [])
            if (text.includes(word)) found.push(`${file} ${path}: "${word}" (${concept}: ${GLOSSARY[concept as keyof typeof GLOSSARY].term[locale]})`);
    expect(found).toEqual([]);
  });

  it.each(LOCALES)('%s: the texts that name stake, payout, profit, deposit and withdrawal use the glossary term', (locale) => {
    const wrong: string[] = [];
    for (const [app, file, path, concept] of NAMED) {
      const json = JSON.parse(
        readFileSync(
          app === 'player' ? join(REPO, 'apps/player/src/i18n/locales', `${locale}.json`) : join(REPO, 'apps/admin/src/i18n/locales', locale, file),
          'utf8',
        ),
      ) as unknown;
      const text = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], json);
      const term = GLOSSARY[concept].term[locale];
      if (typeof text !== 'string' || !text.toLowerCase().includes(term.toLowerCase())) wrong.push(`${app} ${file} ${path} = ${String(text)} (wants ${term})`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(LOCALES)('%s: the messages of a money event name the deposit and the withdrawal by the glossary term', (locale) => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [key, text] of Object.entries(MESSAGES[locale])) {
      const concept = key.startsWith('NOTICE_RECHARGE_') ? 'recharge' : key.startsWith('NOTICE_WITHDRAW_') ? 'withdraw' : null;
      if (concept === null) continue;
      checked++;
      const term = GLOSSARY[concept].term[locale];
      if (!text.toLowerCase().includes(term.toLowerCase())) wrong.push(`${key} = ${text} (wants ${term})`);
    }
    expect(checked).toBe(10);
    expect(wrong).toEqual([]);
  });
});
