import { translate } from '@sum28/contracts';
import { CapitalLogEntity } from '@sum28/database';
import type { Role } from '../src/console/roles';
import { consoleCall, createConsoleApp, roleTokens, putSetting } from './console-fixtures';
import { ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { balances, countRows, post } from './wallet-fixtures';

const FUNDS = { begin_date: '2018-01-01', end_date: '2099-12-31' };

/** Exchange rates are applied (issue 8, point 6). */
describe('recharge exchange rates', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
    const set = await putSetting(t, 'currencies', tok.operator, { TWD: 1, JPY: 0.2, USDT: '31.25', EUR: '0.33333333', INR: '0.00000001' });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('credits 1000 JPY at rate 0.2 as 200.00, shown before confirming, in fund details and to finance with amount, currency and rate', async () => {
    const p = await registerPlayer(t);
    const quote = await post(t, 'rechargeQuote', p.token, { money: '1000', type: 'JPY' });
    expect(quote.body).toMatchObject({ code: 1, data: { money: 1000, type: 'JPY', rate: '0.2', credited: 200 } });

    const res = await post(t, 'recharge', p.token, { money: '1000', type: 'JPY' });
    expect(res.body).toMatchObject({ code: 1, data: { status: 0, money: 1000, type: 'JPY', rate: '0.2', credited: 200 } });
    const id = res.body.data.id as number;
    expect(await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ id })).toMatchObject({
      type: 0,
      currency: 'JPY',
      currency_quantity_minor: 100_000,
      rate: '0.2',
      quantity_minor: 20_000,
    });

    const shown = await consoleCall(t, 'get', `/admin-api/capital-logs/${id}`, tok.finance);
    expect(shown.body).toMatchObject({ currency: 'JPY', currency_quantity: 1000, rate: '0.2', quantity: 200 });
    const csv = await consoleCall(t, 'get', `/admin-api/capital-logs/export.csv`, tok.finance);
    expect(csv.text.split('\n')[0]).toContain('currency,currency_quantity,rate');

    expect((await consoleCall(t, 'post', `/admin-api/capital-logs/${id}/approve`, tok.finance, {})).status).toBe(200);
    expect(await balances(t, p.userId)).toEqual({ money: 20_000, lock: 0 });
    const rows = (await post(t, 'quantityLogList', p.token, FUNDS)).body.data.data as Record<string, unknown>[];
    expect(rows.find((r) => r['id'] === id)).toMatchObject({
      type: 0,
      status: 1,
      quantity: 200,
      currency: 'JPY',
      currency_quantity: 1000,
      rate: '0.2',
      over: 200,
    });
    expect((await ledgerViolations(t)).violations).toBe(0);
  });

  it.each<[string, string, number, string]>([
    ['100.55', 'USDT', 3142.18, '31.25'], // 3142.1875 rounds down
    ['100.99', 'EUR', 33.66, '0.33333333'], // 33.6633329667 rounds down
    ['150.50', 'TWD', 150.5, '1'],
  ])('converts %p %p to %p (rate %p), rounded down to the cent with exact integer maths, and credits exactly that', async (money, type, credited, rate) => {
    const p = await registerPlayer(t);
    const res = await post(t, 'recharge', p.token, { money, type });
    expect(res.body.data).toMatchObject({ credited, rate });
    await consoleCall(t, 'post', `/admin-api/capital-logs/${res.body.data.id}/approve`, tok.finance, {});
    expect((await balances(t, p.userId)).money).toBe(Math.round(credited * 100));
  });

  it('keeps the rate in force when requested: a later rate change does not change what a pending recharge credits', async () => {
    const p = await registerPlayer(t);
    const res = await post(t, 'recharge', p.token, { money: '500', type: 'JPY' });
    expect(res.body.data.credited).toBe(100);
    await putSetting(t, 'currencies', tok.operator, { TWD: 1, JPY: 0.5, USDT: '31.25', EUR: '0.33333333', INR: '0.00000001' });
    expect((await post(t, 'rechargeQuote', p.token, { money: '500', type: 'JPY' })).body.data).toMatchObject({ rate: '0.5', credited: 250 });
    await consoleCall(t, 'post', `/admin-api/capital-logs/${res.body.data.id}/approve`, tok.finance, {});
    expect((await balances(t, p.userId)).money).toBe(10_000);
    await putSetting(t, 'currencies', tok.operator, { TWD: 1, JPY: 0.2, USDT: '31.25', EUR: '0.33333333', INR: '0.00000001' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['JPY with decimals (JPY has no minor unit)', { money: '1000.50', type: 'JPY' }, 'AMOUNT_INVALID'],
    ['a credit below one cent', { money: '100', type: 'INR' }, 'AMOUNT_INVALID'],
    ['a credit past the amount limit', { money: '100000000000', type: 'USDT' }, 'AMOUNT_TOO_LARGE'],
  ])('refuses %s in the quote and the recharge with a translated error, recording nothing', async (_name, body, code) => {
    const p = await registerPlayer(t);
    const before = await countRows(t, 'capital_logs');
    for (const call of ['rechargeQuote', 'recharge']) {
      const res = await post(t, call, p.token, { ...body, lang: 'en' });
      expect(res.body).toMatchObject({ error: code, msg: translate('en', code as 'AMOUNT_INVALID') });
    }
    expect(await countRows(t, 'capital_logs')).toBe(before);
  });

  it('refuses a rate the settings could not keep exactly (more than 15 significant digits)', async () => {
    const res = await putSetting(t, 'currencies', tok.operator, { TWD: 1, JPY: '987654321.98765431' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('value');
  });
});
