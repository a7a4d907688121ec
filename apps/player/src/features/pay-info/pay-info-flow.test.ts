import { describe, expect, it } from 'vitest';
import { afterPayInfoRefusal, payInfoBody } from './pay-info-flow';

describe('saving a payout account (user/setPayInfo)', () => {
  it('sends the security code only when one was typed', () => {
    const card = { type: 0 as const, acc: 'Wang', acc_name: '6222000011112222', acc_bank: 'Bank' };
    expect(payInfoBody(card, '482913')).toEqual({ ...card, securityCode: '482913' });
    expect(payInfoBody(card, null)).toEqual(card);
  });

  it('asks for the code when the server needs it, again after a wrong one, and stops on a hold or a freeze', () => {
    expect(afterPayInfoRefusal('SECURITY_CODE_REQUIRED')).toBe('askCode');
    expect(afterPayInfoRefusal('SECURITY_CODE_WRONG')).toBe('retryCode');
    expect(afterPayInfoRefusal('PASSWORD_RESET_HOLD')).toBe('stop');
    expect(afterPayInfoRefusal('ACCOUNT_FROZEN')).toBe('stop');
  });
});
