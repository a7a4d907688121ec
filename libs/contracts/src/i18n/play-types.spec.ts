import { ALL_PLAY_TYPES, LOCALES, PLAN_TIERS } from '@sum28/domain';
import { labelKey, labelNamesAnotherCode, playTypeLabel, TIER_LABELS, tierLabel } from './play-types';

describe('labelNamesAnotherCode (catalog labels cannot lie)', () => {
  it('gives every category and every tier a built-in name of its own in each language', () => {
    for (const l of LOCALES) {
      const types = ALL_PLAY_TYPES.map((p) => labelKey(playTypeLabel(l, p)));
      expect(new Set(types).size).toBe(ALL_PLAY_TYPES.length);
      const tiers = PLAN_TIERS.map((x) => labelKey(tierLabel(l, x)));
      expect(new Set(tiers).size).toBe(PLAN_TIERS.length);
    }
  });

  it('accepts any built-in name of the code itself, in any language', () => {
    for (const l of LOCALES) {
      for (const p of ALL_PLAY_TYPES) expect(labelNamesAnotherCode(p, playTypeLabel(l, p))).toBeNull();
      for (const x of PLAN_TIERS) expect(labelNamesAnotherCode(x, tierLabel(l, x))).toBeNull();
    }
  });

  it('names the other code for another built-in name, whatever the case, spacing, punctuation or width', () => {
    expect(labelNamesAnotherCode('big', 'Small')).toBe('small');
    expect(labelNamesAnotherCode('big', '  s m a l l !')).toBe('small');
    expect(labelNamesAnotherCode('big', 'ＳＭＡＬＬ')).toBe('small');
    expect(labelNamesAnotherCode('big', '소')).toBe('small');
    expect(labelNamesAnotherCode('odd', '大單')).toBe('big_odd');
    expect(labelNamesAnotherCode('sum_13', 'Sum 14')).toBe('sum_14');
    expect(labelNamesAnotherCode('sum_13', '14')).toBe('sum_14');
    expect(labelNamesAnotherCode('senior', '大師')).toBe('expert');
  });

  it('names another code of the same group given the same name by the overrides, in any language', () => {
    expect(labelNamesAnotherCode('big', 'High', { en: { big: 'High', small: 'HIGH' } })).toBe('small');
    expect(labelNamesAnotherCode('big', 'Up', { jp: { odd: 'up' } })).toBe('odd');
    expect(labelNamesAnotherCode('big', 'Pro', { en: { senior: 'Pro' } })).toBeNull(); // a tier is not a category
    expect(labelNamesAnotherCode('big', 'High', { en: { big: 'High' }, tw: { big: 'high' } })).toBeNull();
  });

  it('does not judge unknown codes', () => {
    expect(labelNamesAnotherCode('nope', 'Big')).toBeNull();
  });
});

describe('room tiers (one rung, one meaning, in every language)', () => {
  // The glossary of the four rungs: a row is one tier, read across it names the same rung in every language.
  const GLOSSARY: ReadonlyArray<readonly [string, Record<string, string>]> = [
    ['basic', { tw: '初級', zh: '初级', en: 'Beginner', jp: '初級', kor: '초급' }],
    ['senior', { tw: '中級', zh: '中级', en: 'Intermediate', jp: '中級', kor: '중급' }],
    ['master', { tw: '高級', zh: '高级', en: 'Advanced', jp: '上級', kor: '고급' }],
    ['expert', { tw: '大師', zh: '大师', en: 'Master', jp: '達人', kor: '마스터' }],
  ];

  it('pins every tier word of every language to its rung', () => {
    expect(GLOSSARY.map(([code]) => code)).toEqual([...PLAN_TIERS]);
    for (const [code, names] of GLOSSARY) for (const l of LOCALES) expect([l, code, tierLabel(l, code)]).toEqual([l, code, names[l]]);
  });

  it('has the same number of distinct tiers in every language, and no word names two rungs in any language', () => {
    for (const l of LOCALES) expect(Object.keys(TIER_LABELS[l]).sort()).toEqual([...PLAN_TIERS].sort());
    const rungOf = new Map<string, string>();
    for (const l of LOCALES)
      for (const code of PLAN_TIERS) {
        const key = labelKey(tierLabel(l, code));
        expect([key, rungOf.get(key) ?? code]).toEqual([key, code]);
        rungOf.set(key, code);
      }
  });
});
