import { describe, expect, it } from 'vitest';
import { registerPayload } from './register';

const form = { username: ' newbie1 ', password: 'secret-pw-123', captcha: ' ab12 ', adult: true };

describe('the register payload (spec section 5)', () => {
  it('sends a numeric invite code above 100000 as inviter_id, minus the offset', () => {
    expect(registerPayload({ ...form, invite: '100001' }, 'cid')).toEqual({
      username: 'newbie1',
      password: 'secret-pw-123',
      group_id: 1,
      inviter_id: 1,
      captcha_id: 'cid',
      captcha: 'ab12',
      adult: true,
    });
  });

  it.each(['100000', 'AGENT7', '12'])('sends %s as typed, for the server to judge', (invite) => {
    const p = registerPayload({ ...form, invite }, 'cid');
    expect(p.inviter_id).toBeUndefined();
    expect(p.invite_code).toBe(invite);
  });

  it('passes the 18+ consent as ticked', () => {
    expect(registerPayload({ ...form, invite: '100001', adult: false }, 'cid').adult).toBe(false);
  });

  it('sends the solved proof of work with the captcha', () => {
    expect(registerPayload({ ...form, invite: '100001' }, 'cid', 'cG93').pow).toBe('cG93');
  });
});
