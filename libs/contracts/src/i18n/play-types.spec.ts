import { ALL_PLAY_TYPES, LOCALES, PLAN_TIERS } from '@sum28/domain';
import { labelKey, labelNamesAnotherCode, playTypeLabel, tierLabel } from './play-types';

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
