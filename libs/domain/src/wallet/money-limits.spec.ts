import { decideApproval } from '../audit/audit';
import { MAX_AMOUNT_MINOR, minor } from '../money/money';
import {
  checkBalanceCap,
  checkRequestMax,
  checkStaffDailyLimit,
  DEFAULT_MAX_BALANCE_MINOR,
  largestPayoutMinor,
  MAX_BALANCE_CEILING_MINOR,
  MAX_STAKE_CEILING_MINOR,
  maxOddsMilli,
  needsTwoApprovers,
  platformDayBounds,
} from './money-limits';

describe('the safe range of balances', () => {
  it('max_balance (default and ceiling) plus the largest possible payout stays below 2^53', () => {
    // odds can never be above fair, so the rarest play type's fair odds are the ceiling (sum 0 or 27: 1000x)
    expect(maxOddsMilli()).toBe(1_000_000);
    expect(largestPayoutMinor()).toBe(MAX_STAKE_CEILING_MINOR * 1000);
    expect(DEFAULT_MAX_BALANCE_MINOR).toBeLessThanOrEqual(MAX_BALANCE_CEILING_MINOR);
    expect(BigInt(MAX_BALANCE_CEILING_MINOR) + BigInt(largestPayoutMinor())).toBeLessThan(2n ** 53n);
    // and stake x odds, which settlement multiplies in SQL, is exact for every allowed stake
    expect(Number.isSafeInteger(MAX_STAKE_CEILING_MINOR * maxOddsMilli())).toBe(true);
  });

  const cap = 1_000_000;
  it.each([
    ['a credit up to the cap', 400_000, 100_000, 0, 500_000, { ok: true, value: 1_000_000 }],
    ['one minor unit past the cap', 400_000, 100_000, 0, 500_001, { ok: false, error: 'BALANCE_CAP_EXCEEDED', params: { max: '10000.00' } }],
    ['pending payouts count', 0, 0, 900_000, 100_001, { ok: false, error: 'BALANCE_CAP_EXCEEDED' }],
    ['frozen funds count', 0, 999_999, 0, 2, { ok: false, error: 'BALANCE_CAP_EXCEEDED' }],
    ['a bet moving money into a pending payout', 500_000, 0, 0, 500_000, { ok: true, value: 1_000_000 }],
    ['already above the cap (lowered setting): nothing more', 2_000_000, 0, 0, 1, { ok: false, error: 'BALANCE_CAP_EXCEEDED' }],
  ])('checkBalanceCap: %s', (_n, available, frozen, pending, credit, want) => {
    expect(
      checkBalanceCap({ availableMinor: available, frozenMinor: frozen, pendingPayoutMinor: pending, creditMinor: credit, maxBalanceMinor: cap }),
    ).toMatchObject(want);
  });

  it('checkBalanceCap adds without rounding near 2^53 (checked arithmetic) and refuses non-integers', () => {
    const big = Number.MAX_SAFE_INTEGER;
    expect(checkBalanceCap({ availableMinor: big, frozenMinor: 0, pendingPayoutMinor: 0, creditMinor: 1, maxBalanceMinor: big })).toMatchObject({
      ok: false,
      error: 'BALANCE_CAP_EXCEEDED',
    });
    expect(() => checkBalanceCap({ availableMinor: 2 ** 53, frozenMinor: 0, pendingPayoutMinor: 0, creditMinor: 1, maxBalanceMinor: big })).toThrow(RangeError);
    expect(() => checkBalanceCap({ availableMinor: 0.5, frozenMinor: 0, pendingPayoutMinor: 0, creditMinor: 1, maxBalanceMinor: cap })).toThrow(RangeError);
  });

  it.each([
    ['at the maximum', 10_000, 10_000, { ok: true, value: 10_000 }],
    ['one above the maximum', 10_001, 10_000, { ok: false, error: 'AMOUNT_TOO_LARGE', params: { max: '100.00' } }],
    ['no setting (0): only the input limit', MAX_AMOUNT_MINOR, 0, { ok: true }],
    ['a setting above the input limit does not lift it', MAX_AMOUNT_MINOR + 1, MAX_AMOUNT_MINOR * 2, { ok: false, error: 'AMOUNT_TOO_LARGE' }],
  ])('checkRequestMax: %s', (_n, amount, max, want) => {
    expect(checkRequestMax(amount, max)).toMatchObject(want);
  });
});

describe('two approvers by the platform-day total', () => {
  const T = 5_000_000; // 50,000.00
  it.each([
    ['threshold off (0)', 100_000_000, 0, 0, false],
    ['below, nothing approved today', 4_999_999, 0, T, false],
    ['at the threshold', 5_000_000, 0, T, true],
    ['second of 49,999.99 the same day', 4_999_999, 4_999_999, T, true],
    ['small after a large day', 1, 5_000_000, T, true],
    ['just short with today counted', 1, 4_999_998, T, false],
  ])('needsTwoApprovers: %s', (_n, amount, today, threshold, want) => {
    expect(needsTwoApprovers({ amountMinor: amount, approvedTodayMinor: today, thresholdMinor: threshold })).toBe(want);
  });

  it('four withdrawals of 49,999.99 against 50,000 need two approvers from the second one on', () => {
    const decisions: string[] = [];
    let approvedToday = 0;
    for (let i = 0; i < 4; i++) {
      const r = decideApproval({
        requesterStaffId: null,
        approverStaffId: 1,
        priorApproverIds: [],
        amount: minor(4_999_999),
        twoApproverThresholdMinor: T,
        approvedTodayMinor: approvedToday,
      });
      decisions.push(r.ok ? r.value : r.error);
      approvedToday += 4_999_999;
    }
    expect(decisions).toEqual(['final', 'needs_second', 'needs_second', 'needs_second']);
  });
});

describe('per-staff daily approval limit (by amount)', () => {
  it.each([
    ['off (0)', 10 ** 12, 1, 0, { ok: true }],
    ['up to the limit', 60_000, 40_000, 100_000, { ok: true, value: 100_000n }],
    // a day's total from SQL past 2^53 cents: compared and written exactly
    ['a total past 2^53', 12_000_000_000_000_003n, 1, 100_000, { ok: false, error: 'STAFF_DAILY_LIMIT', params: { used: '120000000000000.03' } }],
    ['a bigint total within the limit', 60_000n, 40_000, 100_000, { ok: true, value: 100_000n }],
    ['past the limit', 60_000, 40_001, 100_000, { ok: false, error: 'STAFF_DAILY_LIMIT', params: { limit: '1000.00', used: '600.00' } }],
    ['a single approval above the limit', 0, 100_001, 100_000, { ok: false, error: 'STAFF_DAILY_LIMIT' }],
  ])('checkStaffDailyLimit: %s', (_n, today: number | bigint, amount, limit, want) => {
    expect(checkStaffDailyLimit({ approvedTodayMinor: today, amountMinor: amount, limitMinor: limit })).toMatchObject(want);
  });
});

describe('platformDayBounds', () => {
  it.each([
    // 2026-03-01 23:30 in Taipei (UTC+8) is 15:30 UTC; its day runs 16:00 UTC the day before to 16:00 UTC
    ['late evening in Taipei', Date.UTC(2026, 2, 1, 15, 30), 'Asia/Taipei', Date.UTC(2026, 1, 28, 16), Date.UTC(2026, 2, 1, 16)],
    ['just after local midnight', Date.UTC(2026, 2, 1, 16, 0, 1), 'Asia/Taipei', Date.UTC(2026, 2, 1, 16), Date.UTC(2026, 2, 2, 16)],
    ['UTC', Date.UTC(2026, 5, 15, 0, 0), 'UTC', Date.UTC(2026, 5, 15), Date.UTC(2026, 5, 16)],
  ])('%s', (_n, now, tz, start, end) => {
    expect(platformDayBounds(now, tz)).toEqual({ start, end });
  });
});
