import { adminToken, consoleCall, createConsoleApp, putSetting } from './console-fixtures';
import { call, clockTo } from './factories/game';
import { registerPlayer, type TestApp } from './factories/test-app';
import { query } from './factories/sql';

/**
 * Issue 24.1: labels cannot lie. The red team set `catalog_labels` to { en: { big: 'Small', small: 'Big' } }: the bet room
 * showed "Big" on a button that bets `small`. A label naming another category (or tier), in any language, is refused,
 * and one stored before the rule is not shown.
 */
describe('catalog labels never name another category', () => {
  let t: TestApp;
  let admin: string;
  let token: string;
  beforeAll(async () => {
    t = await createConsoleApp();
    admin = await adminToken(t);
    token = (await registerPlayer(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (value: unknown): ReturnType<typeof consoleCall> => putSetting(t, 'catalog_labels', admin, value);
  const stored = async (): Promise<unknown> => (await query(t.ds, `SELECT value FROM settings WHERE key = 'catalog_labels'`))[0]?.value ?? null;
  /** class -> class_name of the odds list in `lang`, past the catalogue cache. */
  async function names(lang: string): Promise<Record<string, string>> {
    clockTo(t, t.clock.now() + 3000);
    const odds = await call(t, 'Lottery/oddsList', token, { plan_id: 1, lang });
    const rows = [...odds.data.rule_base, ...odds.data.rule_num] as { class: string; class_name: string }[];
    return Object.fromEntries(rows.map((r) => [r.class, r.class_name]));
  }

  it.each([
    ['big and small swapped', { en: { big: 'Small', small: 'Big' } }],
    ['another case, spacing and full-width forms', { en: { big: ' ＳＭＡＬＬ ' } }],
    ['another language’s name of another category', { en: { big: '小' } }],
    ['a combination’s name on a single category', { tw: { odd: '大單' } }],
    ['another exact sum, by its name', { en: { sum_13: 'Sum 14' } }],
    ['another exact sum, by its number', { kor: { sum_13: '14' } }],
    ['two categories given one name', { en: { big: 'High', small: 'high!' } }],
    ['the same name for two categories in two languages', { en: { big: 'Up' }, jp: { small: 'UP' } }],
    ['another room tier', { en: { senior: 'Master' } }],
    ['no letters or digits', { en: { big: '!!!' } }],
  ])('refuses %s with 400, naming the field, and changes nothing', async (_what, value) => {
    const before = await stored();
    const res = await put(value);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/names another category or tier|letters or digits/);
    expect(await stored()).toEqual(before);
    expect((await names('en'))['big']).toBe('Big');
  });

  it('accepts names of their own category (its built-in name in another language, its own wording) and shows them', async () => {
    const res = await put({ en: { big: 'High', big_odd: 'Big & odd', sum_14: 'Sum of 14', basic: 'Starter' }, jp: { big: '大' } });
    expect(res.status).toBe(200);
    const en = await names('en');
    expect(en).toMatchObject({ big: 'High', small: 'Small', big_odd: 'Big & odd' });
    expect(en['sum_14']).toBe('Sum of 14');
  });

  it('does not show a label stored before the rule that names another category: the built-in name stands', async () => {
    const bad = JSON.stringify({ en: { big: 'Small', small: 'Big', odd: 'Uneven' } });
    await query(t.ds, `UPDATE settings SET value = ? WHERE key = 'catalog_labels'`, [bad]);
    const en = await names('en');
    expect(en).toMatchObject({ big: 'Big', small: 'Small', odd: 'Uneven' });
  });
});
