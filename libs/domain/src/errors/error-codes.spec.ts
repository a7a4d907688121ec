import {
  validatePayInfo,
  inviterIdFromCode,
  validateMobile,
  validateNickname,
  validatePassword,
  validateSecurityCodeChange,
  validateUsername,
} from '../account/account-rules';
import { decideApproval, transitionAudit } from '../audit/audit';
import { verifyDraw } from '../fairness/fairness';
import { checkJoinLimit } from '../game/bet-slip';
import { validateOdds } from '../game/odds';
import { checkOppositeBet } from '../game/opposite-bet';
import { parseOpenHours, validateScheduleConfig } from '../game/schedule';
import { minor, parseAmount } from '../money/money';
import type { Result } from '../result/result';
import { validateRecharge, validateWithdraw, type WithdrawFacts } from '../wallet/wallet-rules';
import { checkBalanceCap, checkStaffDailyLimit } from '../wallet/money-limits';
import { DOMAIN_ERROR_CODES, isDomainErrorCode } from './error-codes';

const w: WithdrawFacts = {
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
const sc = { hasExisting: true, oldCode: '111111', newCode: '123456', oldCodeCorrect: true, equalsLoginPassword: false };
const seed = '00'.repeat(32);
const hash = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';
const sched = { tz: 'Asia/Taipei', openHours: 'always' as const, roundSeconds: 210, betCloseSeconds: 30 };

/** One call that produces each code: proves every listed code is reachable. */
const PRODUCERS: Array<() => Result<unknown>> = [
  () => parseAmount(''),
  () => parseAmount('x'),
  () => parseAmount('1000000000000'),
  () => validateOdds('big', 1000),
  () => validateOdds('big', 2001),
  () => checkOppositeBet([{ playType: 'big', stake: 1 }], { playType: 'small', stake: 1 }),
  () => parseOpenHours('x'),
  () => validateScheduleConfig({ ...sched, roundSeconds: 1 }),
  () => verifyDraw({ seedHex: 'x', hashHex: hash, gameId: 1, issue: '1', triple: [0, 0, 0] }),
  () => verifyDraw({ seedHex: seed, hashHex: 'x', gameId: 1, issue: '1', triple: [0, 0, 0] }),
  () => verifyDraw({ seedHex: seed, hashHex: hash, gameId: 1, issue: '20261122001', triple: [0, 0, 0] }),
  () => validateRecharge({ amount: '100', currency: 'TWD', groupId: 2 }),
  () => validateRecharge({ amount: '1', currency: 'TWD', groupId: 1 }),
  () => validateRecharge({ amount: '100', currency: 'X', groupId: 1 }),
  () => validateWithdraw({ ...w, amountInput: '600', frozen: minor(1) }),
  () => validateWithdraw({ ...w, hasPayInfo: false }),
  () => validateWithdraw({ ...w, securityCodeSet: false }),
  () => validateWithdraw({ ...w, securityCodeLocked: true }),
  () => validateWithdraw({ ...w, securityCodeCorrect: false }),
  () => validateWithdraw({ ...w, amountInput: '1' }),
  () => validateWithdraw({ ...w, amountInput: '600' }),
  () => validateWithdraw({ ...w, todayStakes: minor(0) }),
  () => validateWithdraw({ ...w, accountFrozen: true }),
  () => validateWithdraw({ ...w, amountInput: '' }),
  () => validateNickname('\u202E'),
  () => validateMobile('12'),
  () => transitionAudit(0, 0),
  () => transitionAudit(1, 2),
  () => decideApproval({ requesterStaffId: null, approverStaffId: 1, priorApproverIds: [1], amount: minor(1), twoApproverThresholdMinor: 1 }),
  () => decideApproval({ requesterStaffId: 1, approverStaffId: 1, priorApproverIds: [], amount: minor(1), twoApproverThresholdMinor: null }),
  () => checkBalanceCap({ availableMinor: 2, frozenMinor: 0, pendingPayoutMinor: 0, creditMinor: 1, maxBalanceMinor: 2 }),
  () => checkStaffDailyLimit({ approvedTodayMinor: 2, amountMinor: 1, limitMinor: 2 }),
  () => inviterIdFromCode('1'),
  () => validateUsername('1'),
  () => validatePassword('1'),
  () => validateSecurityCodeChange({ ...sc, newCode: '1' }),
  () => validateSecurityCodeChange({ ...sc, oldCode: '' }),
  () => validateSecurityCodeChange({ ...sc, confirmCode: '654321' }),
  () => validateSecurityCodeChange({ ...sc, equalsLoginPassword: true }),
  () => validatePayInfo({ type: 9, acc: '', accName: '' }),
  () => validatePayInfo({ type: 0, acc: 'A', accName: 'x', accBank: 'B' }),
  () => validatePayInfo({ type: 1, acc: 'T'.repeat(30), accName: 'x' }),
  () => checkJoinLimit(9_999, 10_000),
];

describe('DOMAIN_ERROR_CODES', () => {
  it('are unique SCREAMING_SNAKE strings', () => {
    expect(new Set(DOMAIN_ERROR_CODES).size).toBe(DOMAIN_ERROR_CODES.length);
    for (const c of DOMAIN_ERROR_CODES) expect(c).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('every listed code is returned by some domain function, and nothing else is', () => {
    const produced = new Set(
      PRODUCERS.map((f) => {
        const r = f();
        return r.ok ? 'OK' : r.error;
      }),
    );
    expect([...produced].sort()).toEqual([...DOMAIN_ERROR_CODES].sort());
  });

  it('isDomainErrorCode recognises the list only', () => {
    expect(isDomainErrorCode('OPPOSITE_BET')).toBe(true);
    expect(isDomainErrorCode('NOPE')).toBe(false);
  });
});
