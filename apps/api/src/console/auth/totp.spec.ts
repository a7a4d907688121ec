import { base32Decode, base32Encode, hotp, newTotpSecret, otpauthUrl, totpAt, verifyTotp } from './totp';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238 / RFC 4226)', () => {
  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [3, '969429'],
    [4, '338314'],
    [5, '254676'],
    [6, '287922'],
    [7, '162583'],
    [8, '399871'],
    [9, '520489'],
  ])('HOTP of the RFC 4226 appendix D key at counter %i is %s', (counter, code) => {
    expect(hotp(RFC_KEY, counter)).toBe(code);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('TOTP-SHA1 of the RFC 6238 appendix B key at T = %i s is %s (8 digits)', (seconds, code) => {
    expect(totpAt(RFC_KEY, seconds * 1000, 8)).toBe(code);
    expect(totpAt(RFC_KEY, seconds * 1000)).toBe(code.slice(2));
  });

  it('round-trips base32 (RFC 4648 vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('MZXW6YTBOI')?.toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi======')?.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeNull();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts the current code and one step either side, and nothing further', () => {
    const secret = base32Encode(RFC_KEY);
    const t = 1111111111_000;
    expect(verifyTotp(secret, totpAt(RFC_KEY, t), t)).toBe(Math.floor(1111111111 / 30));
    expect(verifyTotp(secret, totpAt(RFC_KEY, t - 30_000), t)).not.toBeNull();
    expect(verifyTotp(secret, totpAt(RFC_KEY, t + 30_000), t)).not.toBeNull();
    expect(verifyTotp(secret, totpAt(RFC_KEY, t - 90_000), t)).toBeNull();
    expect(verifyTotp(secret, '12345', t)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', t)).toBeNull();
  });

  it('refuses a code whose step was already used (no replay)', () => {
    const secret = base32Encode(RFC_KEY);
    const t = 1234567890_000;
    const step = verifyTotp(secret, totpAt(RFC_KEY, t), t);
    expect(step).not.toBeNull();
    expect(verifyTotp(secret, totpAt(RFC_KEY, t), t, step)).toBeNull();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    expect(otpauthUrl('Sum28', 'ops admin', 'ABC')).toBe('otpauth://totp/Sum28:ops%20admin?secret=ABC&issuer=Sum28&algorithm=SHA1&digits=6&period=30');
  });
});
