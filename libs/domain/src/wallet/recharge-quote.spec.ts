import { GROUP } from '../account/account-rules';
import { quoteRecharge } from './recharge-quote';

const rates = { TWD: 1, JPY: 0.2, USDT: '31.25', INR: 0.00000001, EUR: 'x' };
const member = GROUP.NORMAL;

describe('quoteRecharge', () => {
  it.each<[unknown, string, number, string, number]>([
    ['1000', 'JPY', 100_000, '0.2', 20_000],
    [1000, 'JPY', 100_000, '0.2', 20_000],
    ['100', 'TWD', 10_000, '1', 10_000],
    ['100.55', 'USDT', 10_055, '31.25', 314_218], // 3142.1875 -> 3142.18
  ])('%p %p: amount %p, rate %p, credits %p cents', async (money, currency, amount, rate, credited) => {
    const q = quoteRecharge({ amount: money, currency, groupId: member, rates });
    expect(q.ok && { amount: q.value.amount, currency: q.value.currency, rate: q.value.rate.text, credited: q.value.credited }).toEqual({
      amount,
      currency,
      rate,
      credited,
    });
  });

  it.each<[unknown, unknown, string]>([
    ['99.99', 'TWD', 'RECHARGE_MIN'], // the minimum is in the chosen currency, as entered
    ['1000.5', 'JPY', 'AMOUNT_INVALID'], // JPY has no minor unit
    ['100', 'USD', 'CURRENCY_INVALID'], // listed, but not enabled
    ['100', 'XXX', 'CURRENCY_INVALID'],
    ['100', 'EUR', 'CURRENCY_INVALID'], // enabled with a broken rate: refused, never credited at 1
    ['100', 'INR', 'AMOUNT_INVALID'], // credits less than a cent
    ['100000000000', 'USDT', 'AMOUNT_TOO_LARGE'], // 1e11 x 31.25 is past the limit
    ['0', 'TWD', 'AMOUNT_INVALID'],
  ])('%p %p is refused with %p', async (money, currency, code) => {
    const q = quoteRecharge({ amount: money, currency, groupId: member, rates });
    expect(q.ok ? 'ok' : q.error).toBe(code);
  });

  it('refuses visitors first', async () => {
    const q = quoteRecharge({ amount: '1000', currency: 'JPY', groupId: GROUP.VISITOR, rates });
    expect(q.ok ? 'ok' : q.error).toBe('VISITOR_FORBIDDEN');
  });

  it('does not take a currency from the prototype chain', async () => {
    const q = quoteRecharge({ amount: '100', currency: 'TWD', groupId: member, rates: Object.create({ TWD: 1 }) as Record<string, unknown> });
    expect(q.ok ? 'ok' : q.error).toBe('CURRENCY_INVALID');
  });
});
