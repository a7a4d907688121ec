import { describe, expect, it } from 'vitest';
import { asksSecurityCode, newPassBody } from './change-password';

const form = { old: 'old-pass-1', next: 'new-pass-2', confirm: 'new-pass-2', securityCode: ' 482913 ' };

describe('change password (user/newPass)', () => {
  it('asks for the security code only on the forced change after a staff reset, when the player has one', () => {
    expect(asksSecurityCode(true, true)).toBe(true);
    expect(asksSecurityCode(true, false)).toBe(false);
    expect(asksSecurityCode(false, true)).toBe(false);
  });

  it('sends securityCode with the passwords when asked, else not at all', () => {
    expect(newPassBody(form, true)).toEqual({ after_pass: 'old-pass-1', new_pass: 'new-pass-2', confirm_pass: 'new-pass-2', securityCode: '482913' });
    expect(newPassBody(form, false)).not.toHaveProperty('securityCode');
  });
});
