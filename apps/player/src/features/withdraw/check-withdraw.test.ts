import type { WithdrawInfoResponse } from '@sum28/contracts';
import { GROUP } from '@sum28/domain';
import { describe, expect, it } from 'vitest';
import { checkWithdraw } from './check-withdraw';

const card = { id: 1, type: 0 as const, acc: 'Holder', acc_name: '****7890', acc_bank: 'Bank', mark: '' };
function info(over: Partial<WithdrawInfoResponse> = {}): WithdrawInfoResponse {
  return { money: 1000, lock_money: 0, pay_list: [card], isTrue: true, water_limit: 0, turnover: { required: 0, done: 0, remaining: 0 }, ...over };
}

describe('the withdraw form, checked in the order of spec section 5', () => {
  it('asks for the frozen-funds message first when the amount exceeds money minus frozen', () => {
    const r = checkWithdraw(info({ money: 300, lock_money: 150, pay_list: [], isTrue: false }), '400', GROUP.NORMAL);
    expect(r).toMatchObject({ kind: 'reject', error: 'WITHDRAW_FROZEN_FUNDS', params: { frozen: 150 } });
  });

  it('sends the player to bind a card when the pay list is empty (before the code and the amount)', () => {
    expect(checkWithdraw(info({ pay_list: [], isTrue: false }), '', GROUP.NORMAL)).toEqual({ kind: 'bindCard' });
  });

  it('sends the player to set the security code when none is set (before the amount)', () => {
    expect(checkWithdraw(info({ isTrue: false }), '', GROUP.NORMAL)).toEqual({ kind: 'setSecurityCode' });
  });

  it('then asks for the amount', () => {
    expect(checkWithdraw(info(), '', GROUP.NORMAL)).toMatchObject({ kind: 'reject', error: 'WITHDRAW_AMOUNT_REQUIRED' });
  });

  it.each(['99.99', '1', '0.5'])('refuses %s: minimum 100', (amount) => {
    expect(checkWithdraw(info(), amount, GROUP.NORMAL)).toMatchObject({ kind: 'reject', error: 'WITHDRAW_MIN' });
  });

  it('refuses more than the balance', () => {
    expect(checkWithdraw(info({ money: 150 }), '200', GROUP.NORMAL)).toMatchObject({ kind: 'reject', error: 'INSUFFICIENT_FUNDS' });
  });

  it("refuses while the day's turnover is not met, with the amount still to wager", () => {
    expect(checkWithdraw(info({ water_limit: 250.5 }), '100', GROUP.NORMAL)).toMatchObject({
      kind: 'reject',
      error: 'TURNOVER_NOT_MET',
      params: { water_limit: 250.5, water_limit_minor: 25050 },
    });
  });

  it('refuses a visitor', () => {
    expect(checkWithdraw(info(), '100', GROUP.VISITOR)).toMatchObject({ kind: 'reject', error: 'VISITOR_FORBIDDEN' });
  });

  it('accepts 100.10 exactly, in minor units', () => {
    expect(checkWithdraw(info(), '100.10', GROUP.NORMAL)).toEqual({ kind: 'ok', amountMinor: 10010 });
  });
});
