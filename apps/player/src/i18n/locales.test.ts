import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CAPITAL_MARKS } from '@sum28/contracts';
import { FAIRNESS_ERRORS, LOCALES } from '@sum28/domain';
import { ROADS } from '../features/charts/roads';
import { ORDER_TABS } from '../features/records/bet-filter';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import jp from './locales/jp.json';
import kor from './locales/kor.json';
import tw from './locales/tw.json';
import zh from './locales/zh.json';

const RESOURCES: Record<string, unknown> = { tw, zh, en, jp, kor };

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

const enKeys = new Set(keys(RESOURCES['en']));

describe('screen translations', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys of en', (locale) => {
    expect(keys(RESOURCES[locale]).sort()).toEqual([...enKeys].sort());
  });

  it.each(LOCALES)('%s has no empty text', (locale) => {
    const empty = keys(RESOURCES[locale]).filter((k) => {
      const v = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], RESOURCES[locale]);
      return typeof v !== 'string' || v.trim() === '';
    });
    expect(empty).toEqual([]);
  });

  it('every key the screens use exists (templated keys expanded)', () => {
    const src = join(__dirname, '..');
    const used = new Set<string>();
    for (const file of sources(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`]([A-Za-z0-9_.${}]+)['`]/g)) used.add(m[1] ?? '');
    }
    const expand: Record<string, string[]> = {
      'capital.type${type}': ['0', '1', '2', '3', '4'],
      'capital.status${r.status}': ['0', '1', '2'],
      'capital.mark_${v.mark}': [...CAPITAL_MARKS],
      'team.group${m.type}': ['1', '2', '3'],
      'customer.q${n}': ['1', '2', '3', '4', '5'],
      'customer.a${n}': ['1', '2', '3', '4', '5'],
      'news.tab_${String(tab.id)}': ['original', 'recommend', 'wealth'],
      'betRecord.tab${tab}': ORDER_TABS.map(String),
      'betRecord.outcome_${outcome}': ['won', 'lost', 'pending', 'cancelled'],
      'fairness.error_${v.error}': [...FAIRNESS_ERRORS],
      'lotteryDetail.state_${r.state}': ['open', 'closed', 'drawn', 'void'],
      'trend.road_${kind}': Object.keys(ROADS),
    };
    const missing: string[] = [];
    for (const k of used) {
      const variants = k.includes('${') ? (expand[k] ?? [null]).map((v) => (v === null ? null : k.replace(/\$\{[^}]+\}/, v))) : [k];
      for (const v of variants) if (v === null || !enKeys.has(v)) missing.push(v ?? `${k} (not expanded in this test)`);
    }
    expect(missing).toEqual([]);
  });
});
