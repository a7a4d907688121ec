import { tierLabel } from '@sum28/contracts';
import { LOCALES, PLAN_TIERS } from '@sum28/domain';
import englishMessages from 'ra-language-english';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mountPoint } from './i18n';

/** Every locale has every key of every namespace file, and the same %{placeholders}; react-admin's keys are all there. */
const DIR = join(__dirname, 'locales');
type Tree = { [k: string]: string | Tree };

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []));
const flat = (t: Tree, p = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[p + k, v]] : Object.entries(flat(v, `${p}${k}.`)))));
const placeholders = (s: string): string[] => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] as string).sort();
const read = (locale: string, file: string): Record<string, string> => flat(JSON.parse(readFileSync(join(DIR, locale, file), 'utf8')) as Tree);

const namespaces = files(join(DIR, 'en')).map((f) => relative(join(DIR, 'en'), f));

describe('console locales', () => {
  it('has a folder per locale and only those', () => {
    expect(readdirSync(DIR).sort()).toEqual([...LOCALES].sort());
  });

  it('en/ra.json is react-admin’s English, key for key', () => {
    expect(Object.keys(read('en', 'ra.json')).sort()).toEqual(Object.keys(flat(englishMessages.ra as unknown as Tree)).sort());
  });

  for (const locale of LOCALES) {
    it(`${locale}: same files as en`, () => {
      expect(
        files(join(DIR, locale))
          .map((f) => relative(join(DIR, locale), f))
          .sort(),
      ).toEqual([...namespaces].sort());
    });
    for (const ns of namespaces) {
      it(`${locale}/${ns}: every key, no empty text, same placeholders and plural forms`, () => {
        const en = read('en', ns);
        const mine = read(locale, ns);
        expect(Object.keys(mine).sort()).toEqual(Object.keys(en).sort());
        for (const [k, v] of Object.entries(en)) {
          const t = mine[k] as string;
          if (v.trim() !== '') expect(t.trim(), `${locale}/${ns} ${k}`).not.toBe('');
          expect(placeholders(t), `${locale}/${ns} ${k}`).toEqual(placeholders(v));
          expect(t.includes('||||'), `${locale}/${ns} ${k} plural`).toBe(v.includes('||||'));
        }
      });
    }
  }

  it('names the room tiers with the players\u2019 words, one rung one word in every language (libs/contracts tierLabel)', () => {
    for (const locale of LOCALES)
      for (const tier of PLAN_TIERS)
        expect([locale, tier, read(locale, 'resources/plans.json')[`tier.${tier}`]]).toEqual([locale, tier, tierLabel(locale, tier)]);
  });

  it('mounts namespace files where react-admin looks', () => {
    expect(mountPoint('./locales/tw/ra.json')).toEqual(['ra']);
    expect(mountPoint('./locales/tw/app.json')).toEqual(['app']);
    expect(mountPoint('./locales/jp/ra-tiptap.json')).toEqual(['ra', 'tiptap']);
    expect(mountPoint('./locales/kor/resources/capital_logs.json')).toEqual(['resources', 'capital_logs']);
    expect(() => mountPoint('./locales/tw/deep/x/y.json')).toThrow();
  });
});
