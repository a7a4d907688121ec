import fc from 'fast-check';
import { formatMinor, minor } from '../money/money';
import {
  CAPITAL_TYPE,
  CAPITAL_TYPES,
  capitalDirection,
  totalAssetsMinor,
  CURRENCIES,
  MIN_RECHARGE_MINOR,
  MIN_WITHDRAW_MINOR,
  isCapitalType,
  isCurrency,
  validateRecharge,
  validateWithdraw,
  type WithdrawFacts,
} from './wallet-rules';

describe('wallet constants', () => {
  it('minimum recharge and withdrawal are 100.00', () => {
    expect(MIN_RECHARGE_MINOR).toBe(10000);
    expect(MIN_WITHDRAW_MINOR).toBe(10000);
  });

  it('lists the 15 currencies of the recharge page in order', () => {
    expect(CURRENCIES).toEqual(['TWD', 'HKD', 'MYR', 'RMB', 'USDT', 'USD', 'GBP', 'SGD', 'EUR', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'INR']);
    expect(isCurrency('USDT')).toBe(true);
    expect(isCurrency('usdt')).toBe(false);
  });

  it('capital types are 0 recharge, 1 withdraw, 2 purchase, 3 profit, 4 gift', () => {
    expect(CAPITAL_TYPE).toEqual({ RECHARGE: 0, WITHDRAW: 1, PURCHASE: 2, PROFIT: 3, GIFT: 4 });
    expect([0, 1, 2, 3, 4, 5, -1].map(isCapitalType)).toEqual([true, true, true, true, true, false, false]);
    expect(CAPITAL_TYPES.map(capitalDirection)).toEqual(['in', 'out', 'out', 'in', 'in']);
    // total assets = available + frozen (the measured screen showed the available 0 as the total beside a frozen 1,000)
    expect(totalAssetsMinor(0, 100_000)).toBe(100_000);
    expect(totalAssetsMinor(12_345, 100_000)).toBe(112_345);
  });
});

describe('validateRecharge', () => {
  it.each<[string, { amount: unknown; currency: unknown; groupId: number }, unknown]>([
    ['a normal member recharges 100 TWD', { amount: '100', currency: 'TWD', groupId: 1 }, { ok: true, value: { amount: 10000, currency: 'TWD' } }],
    ['an agent recharges 250.5 USDT', { amount: 250.5, currency: 'USDT', groupId: 3 }, { ok: true, value: { amount: 25050, currency: 'USDT' } }],
    ['a visitor may not recharge', { amount: '100', currency: 'TWD', groupId: 2 }, { ok: false, error: 'VISITOR_FORBIDDEN' }],
    ['the visitor check comes before the amount', { amount: '', currency: 'X', groupId: 2 }, { ok: false, error: 'VISITOR_FORBIDDEN' }],
    ['an empty amount', { amount: '', currency: 'TWD', groupId: 1 }, { ok: false, error: 'AMOUNT_REQUIRED' }],
    ['a malformed amount', { amount: '1e3', currency: 'TWD', groupId: 1 }, { ok: false, error: 'AMOUNT_INVALID' }],
    ['a huge amount', { amount: '1000000000000', currency: 'TWD', groupId: 1 }, { ok: false, error: 'AMOUNT_TOO_LARGE' }],
    [
      '99.99 is under the minimum',
      { amount: '99.99', currency: 'TWD', groupId: 1 },
      { ok: false, error: 'RECHARGE_MIN', params: { min: 100, min_minor: 10000, min_text: '100.00' } },
    ],
    [
      'the minimum check comes before the currency',
      { amount: '5', currency: 'XXX', groupId: 1 },
      { ok: false, error: 'RECHARGE_MIN', params: { min: 100, min_minor: 10000, min_text: '100.00' } },
    ],
    ['an unknown currency', { amount: '100', currency: 'BTC', groupId: 1 }, { ok: false, error: 'CURRENCY_INVALID' }],
    ['a missing currency', { amount: '100', currency: undefined, groupId: 1 }, { ok: false, error: 'CURRENCY_INVALID' }],
  ])('%s', (_name, input, expected) => {
    expect(validateRecharge(input)).toEqual(expected);
  });
});

describe('validateWithdraw', () => {
  /** Everything in order: 500.00 available, nothing frozen, turnover met. */
  const good: WithdrawFacts = {
    amountInput: '200',
    available: minor(50000),
    frozen: minor(0),
    hasPayInfo: true,
    securityCodeSet: true,
    securityCodeLocked: false,
    securityCodeCorrect: true,
    todayStakes: minor(50000),
    turnoverMultiplierBps: 10000,
    accountFrozen: false,
  };

  it('accepts a valid request', () => {
    expect(validateWithdraw(good)).toEqual({ ok: true, value: { amount: 20000 } });
  });

  it.each<[string, Partial<WithdrawFacts>, string]>([
    ['a visitor', { groupId: 2 }, 'VISITOR_FORBIDDEN'],
    ['more than available while funds are frozen', { amountInput: '600', frozen: minor(100) }, 'WITHDRAW_FROZEN_FUNDS'],
    ['no pay info', { hasPayInfo: false }, 'PAY_INFO_MISSING'],
    ['no security code', { securityCodeSet: false }, 'SECURITY_CODE_NOT_SET'],
    ['a locked security code', { securityCodeLocked: true }, 'SECURITY_CODE_LOCKED'],
    ['a wrong security code', { securityCodeCorrect: false }, 'SECURITY_CODE_WRONG'],
    ['no amount', { amountInput: '' }, 'WITHDRAW_AMOUNT_REQUIRED'],
    ['a malformed amount', { amountInput: '12,5' }, 'AMOUNT_INVALID'],
    ['an absurd amount', { amountInput: '1000000000000' }, 'AMOUNT_TOO_LARGE'],
    ['99.99', { amountInput: '99.99' }, 'WITHDRAW_MIN'],
    ['more than available with nothing frozen', { amountInput: '500.01' }, 'INSUFFICIENT_FUNDS'],
    ['turnover not met', { todayStakes: minor(49999) }, 'TURNOVER_NOT_MET'],
    ['a frozen account', { accountFrozen: true }, 'ACCOUNT_FROZEN'],
  ])('refuses %s', (_name, patch, code) => {
    expect(validateWithdraw({ ...good, ...patch })).toMatchObject({ ok: false, error: code });
  });

  // Each row breaks every rule from its own position on; the first one must win.
  const ORDER: Array<[string, Partial<WithdrawFacts>]> = [
    ['VISITOR_FORBIDDEN', { groupId: 2 }],
    ['ACCOUNT_FROZEN', { accountFrozen: true }],
    ['WITHDRAW_FROZEN_FUNDS', { amountInput: '600', frozen: minor(100) }],
    ['PAY_INFO_MISSING', { hasPayInfo: false }],
    ['SECURITY_CODE_NOT_SET', { securityCodeSet: false }],
    ['SECURITY_CODE_LOCKED', { securityCodeLocked: true }],
    ['SECURITY_CODE_WRONG', { securityCodeCorrect: false }],
  ];
  it.each(ORDER.map(([code], i) => [code, i]))('%s wins over every later rule', (code, i) => {
    const facts = Object.assign({}, good, ...ORDER.slice(i as number).map(([, p]) => p)) as WithdrawFacts;
    expect(validateWithdraw(facts)).toMatchObject({ ok: false, error: code });
  });

  it.each<[string, Partial<WithdrawFacts>]>([
    ['WITHDRAW_AMOUNT_REQUIRED', { amountInput: undefined }],
    ['AMOUNT_INVALID', { amountInput: '0' }],
    ['WITHDRAW_MIN', { amountInput: '99.99', available: minor(5000) }],
    ['INSUFFICIENT_FUNDS', { amountInput: '600' }],
    ['TURNOVER_NOT_MET', {}],
  ])('%s wins over turnover and a locked or wrong security code', (code, patch) => {
    const facts = { ...good, todayStakes: minor(0), securityCodeLocked: true, securityCodeCorrect: false, ...patch };
    expect(validateWithdraw(facts)).toMatchObject({ ok: false, error: code });
  });

  it('every rule but the code itself can be decided before the code is verified: with the code assumed right, a refusal is never about the code', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '50', '600', '200', 'x'), fc.boolean(), fc.integer({ min: 0, max: 60000 }), (amountInput, accountFrozen, stakes) => {
        const assumed = validateWithdraw({ ...good, amountInput, accountFrozen, todayStakes: minor(stakes) });
        const wrong = validateWithdraw({ ...good, amountInput, accountFrozen, todayStakes: minor(stakes), securityCodeCorrect: false });
        if (!assumed.ok) expect(wrong).toEqual(assumed);
        else expect(wrong).toMatchObject({ ok: false, error: 'SECURITY_CODE_WRONG' });
      }),
    );
  });

  it('a frozen account is told it is frozen, not to wager more or to fix its request', () => {
    const everythingElseWrong: Partial<WithdrawFacts> = {
      todayStakes: minor(0),
      amountInput: '',
      hasPayInfo: false,
      securityCodeSet: false,
      frozen: minor(100),
    };
    expect(validateWithdraw({ ...good, ...everythingElseWrong, accountFrozen: true })).toEqual({ ok: false, error: 'ACCOUNT_FROZEN' });
    expect(validateWithdraw({ ...good, todayStakes: minor(0), accountFrozen: true })).toEqual({ ok: false, error: 'ACCOUNT_FROZEN' });
  });

  it('an empty amount is told with the spec text "Please enter the withdrawal amount"', () => {
    expect(validateWithdraw({ ...good, amountInput: '' })).toEqual({ ok: false, error: 'WITHDRAW_AMOUNT_REQUIRED' });
  });

  it('the frozen-funds message carries the frozen amount', () => {
    expect(validateWithdraw({ ...good, amountInput: '600', frozen: minor(12345) })).toEqual({
      ok: false,
      error: 'WITHDRAW_FROZEN_FUNDS',
      params: { frozen: 123.45, frozen_minor: 12345, frozen_text: '123.45' },
    });
  });

  it('frozen funds do not block a request within the available balance', () => {
    expect(validateWithdraw({ ...good, frozen: minor(100000) })).toEqual({ ok: true, value: { amount: 20000 } });
  });

  it('a malformed amount skips the frozen-funds check and is reported after the pay info', () => {
    expect(validateWithdraw({ ...good, amountInput: 'abc', frozen: minor(100) })).toMatchObject({ ok: false, error: 'AMOUNT_INVALID' });
    expect(validateWithdraw({ ...good, amountInput: 'abc', frozen: minor(100), hasPayInfo: false })).toMatchObject({ ok: false, error: 'PAY_INFO_MISSING' });
  });

  it('WITHDRAW_MIN comes before INSUFFICIENT_FUNDS', () => {
    expect(validateWithdraw({ ...good, amountInput: '50', available: minor(1000) })).toMatchObject({ ok: false, error: 'WITHDRAW_MIN', params: { min: 100 } });
  });

  it('TURNOVER_NOT_MET carries water_limit (the amount still to wager)', () => {
    expect(validateWithdraw({ ...good, todayStakes: minor(20000) })).toEqual({
      ok: false,
      error: 'TURNOVER_NOT_MET',
      params: { water_limit: 300, water_limit_minor: 30000, water_limit_text: '300.00' },
    });
  });

  it('a multiplier of 0 disables the turnover rule', () => {
    expect(validateWithdraw({ ...good, todayStakes: minor(0), turnoverMultiplierBps: 0 }).ok).toBe(true);
  });

  it('the whole available balance can be withdrawn', () => {
    expect(validateWithdraw({ ...good, amountInput: 500 })).toEqual({ ok: true, value: { amount: 50000 } });
  });

  it('property: an accepted amount is >= 100.00 and <= available, and all gates were open', () => {
    fc.assert(
      fc.property(
        fc.record({
          amountInput: fc.oneof(
            fc.integer({ min: 0, max: 200000 }).map((m) => formatMinor(m)),
            fc.constant(''),
            fc.string(),
          ),
          available: fc.integer({ min: 0, max: 100000 }).map(minor),
          frozen: fc.integer({ min: 0, max: 100000 }).map(minor),
          hasPayInfo: fc.boolean(),
          securityCodeSet: fc.boolean(),
          securityCodeLocked: fc.boolean(),
          securityCodeCorrect: fc.boolean(),
          todayStakes: fc.integer({ min: 0, max: 200000 }).map(minor),
          turnoverMultiplierBps: fc.constantFrom(0, 10000, 20000),
          accountFrozen: fc.boolean(),
        }),
        (facts) => {
          const r = validateWithdraw(facts);
          if (r.ok) {
            expect(r.value.amount).toBeGreaterThanOrEqual(10000);
            expect(r.value.amount).toBeLessThanOrEqual(facts.available);
            expect(facts.hasPayInfo && facts.securityCodeSet && !facts.securityCodeLocked && facts.securityCodeCorrect && !facts.accountFrozen).toBe(true);
            expect(facts.todayStakes * 10000).toBeGreaterThanOrEqual(facts.available * facts.turnoverMultiplierBps);
          }
        },
      ),
    );
  });
});
