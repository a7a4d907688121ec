import type { WithdrawInfoResponse } from '@sum28/contracts';
import { GROUP, minor, parseAmount, validateWithdraw, type Minor, type WithdrawError } from '@sum28/domain';
import type { ErrorParams } from '@sum28/domain';

/** What the withdraw screen does with the form before asking for the security code. */
export type WithdrawCheck =
  | { kind: 'ok'; amountMinor: Minor }
  /** Spec section 5: no pay list: go to bank card management (type 0). */
  | { kind: 'bindCard' }
  /** Spec section 5: no security code: go to set it. */
  | { kind: 'setSecurityCode' }
  /** Any other rule: a toast with its translated message. */
  | { kind: 'reject'; error: WithdrawError; params?: ErrorParams };

/** Wire money (a decimal with at most 2 places) to minor units, exactly, through the domain's parser. */
export function wireToMinor(m: number): Minor {
  if (m === 0) return minor(0);
  const r = parseAmount(m);
  if (!r.ok) throw new RangeError(`not a wire amount: ${String(m)}`);
  return r.value;
}

/**
 * The spec's validation order for the withdraw form, by the domain's one rule (`validateWithdraw`): frozen funds,
 * pay list, security code set, amount given, minimum 100, not above the balance; then the day's turnover as the
 * server reported it. The code's correctness and the account freeze are the server's to judge.
 */
export function checkWithdraw(info: WithdrawInfoResponse, amountInput: string, groupId: number | undefined): WithdrawCheck {
  const r = validateWithdraw({
    amountInput: amountInput.trim(),
    available: wireToMinor(info.money),
    frozen: wireToMinor(info.lock_money),
    hasPayInfo: info.pay_list.length > 0,
    securityCodeSet: info.isTrue,
    securityCodeLocked: false,
    securityCodeCorrect: true,
    todayStakes: wireToMinor(0),
    turnoverMultiplierBps: 0,
    accountFrozen: false,
    groupId: groupId ?? GROUP.NORMAL,
  });
  if (!r.ok) {
    if (r.error === 'PAY_INFO_MISSING') return { kind: 'bindCard' };
    if (r.error === 'SECURITY_CODE_NOT_SET') return { kind: 'setSecurityCode' };
    return { kind: 'reject', error: r.error, ...(r.params ? { params: r.params } : {}) };
  }
  if (info.water_limit > 0) {
    const remaining = wireToMinor(info.water_limit);
    return { kind: 'reject', error: 'TURNOVER_NOT_MET', params: { water_limit: info.water_limit, water_limit_minor: remaining } };
  }
  return { kind: 'ok', amountMinor: r.value.amount };
}
