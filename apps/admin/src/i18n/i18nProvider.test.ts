import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n';
import { i18nProvider, pickPlural } from './i18nProvider';

describe('i18nProvider over i18next', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('interpolates %{var} and picks the plural form by smart_count', () => {
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item selected');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items selected');
    expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 42 })).toBe('1-10 of 42');
  });

  it('reads resource names and fields; a missing key gives `_` or the key', () => {
    expect(i18nProvider.translate('resources.users.name', { smart_count: 2 })).toBe('Players');
    expect(i18nProvider.translate('resources.users.fields.username')).toBe('Username');
    expect(i18nProvider.translate('resources.nope.fields.x', { _: 'X %{n}', n: 2 })).toBe('X 2');
    expect(i18nProvider.translate('resources.nope.fields.x')).toBe('resources.nope.fields.x');
  });

  it('switches locale (loading it) and lists the five', async () => {
    await i18nProvider.changeLocale('tw');
    expect(i18n.language).toBe('tw');
    expect(i18nProvider.translate('ra.auth.sign_in')).toBe('登入');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('已選取 3 項');
    expect(i18nProvider.getLocales?.().map((l) => l.locale)).toEqual(['zh', 'tw', 'en', 'jp', 'kor']);
    await expect(i18nProvider.changeLocale('fr')).rejects.toThrow();
  });

  it('single-form languages keep the one form', () => {
    expect(pickPlural('only', 5)).toBe('only');
    expect(pickPlural('one |||| many', '1')).toBe('one');
  });
});
