import { APP_VERSION, DEFAULT_LOCALE, GAME_LINES, HEARTBEAT_MS, LOCALES, PLAN_TIERS, QUICK_AMOUNTS, TEAM_PAGE_SIZE, isLocale } from './constants';

describe('constants', () => {
  it('game lines are 1 Singapore, 2 New Zealand, 3 Kuala Lumpur, 4 Australia', () => {
    expect(GAME_LINES.map((g) => [g.id, g.name])).toEqual([
      [1, 'Singapore'],
      [2, 'New Zealand'],
      [3, 'Kuala Lumpur'],
      [4, 'Australia'],
    ]);
  });

  it('matches the spec values', () => {
    expect(PLAN_TIERS).toEqual(['basic', 'senior', 'master', 'expert']);
    expect(TEAM_PAGE_SIZE).toBe(20);
    expect(QUICK_AMOUNTS).toEqual([5, 10, 50, 300, 500]);
    expect(HEARTBEAT_MS).toBe(2000);
    expect(LOCALES).toEqual(['zh', 'tw', 'en', 'jp', 'kor']);
    expect(DEFAULT_LOCALE).toBe('tw');
    expect(APP_VERSION).toBe('21.04.02');
  });

  it('isLocale accepts the five locales only', () => {
    expect(LOCALES.every(isLocale)).toBe(true);
    expect(isLocale('ko')).toBe(false);
  });
});
