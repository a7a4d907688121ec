import {
  afterSignInFailure,
  blockWindowMs,
  checkSignIn,
  SIGN_IN_THROTTLE,
  signInThrottleKeys,
  type ThrottleCounter,
  type ThrottleScope,
} from './sign-in-throttle';

const MIN = 60_000;

function failTimes(scope: ThrottleScope, n: number, now: number): ThrottleCounter | null {
  let c: ThrottleCounter | null = null;
  for (let i = 0; i < n; i++) c = afterSignInFailure(c, scope, now);
  return c;
}

describe('sign-in throttle rule', () => {
  it('refuses a (username, IP) pair for 1 minute after its 5th failure, then doubles the window up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => blockWindowMs('pair', n))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 20].map((n) => blockWindowMs('pair', n) / MIN)).toEqual([1, 2, 4, 8, 15, 15]);
    const now = 1_000_000;
    const four = failTimes('pair', 4, now);
    expect(checkSignIn({ pair: four }, false, now)).toEqual({ allowed: true });
    const five = afterSignInFailure(four, 'pair', now);
    expect(checkSignIn({ pair: five }, false, now)).toEqual({ allowed: false, scope: 'pair', retryAfterMs: MIN });
    expect(checkSignIn({ pair: five }, false, now + MIN)).toEqual({ allowed: true });
  });

  it('applies the pair limit even to a known IP, but the IP and username limits only to strangers', () => {
    const now = 5_000_000;
    const ip = failTimes('ip', SIGN_IN_THROTTLE.ip.freeFailures, now);
    const user = failTimes('user', SIGN_IN_THROTTLE.user.freeFailures, now);
    const pair = failTimes('pair', SIGN_IN_THROTTLE.pair.freeFailures, now);
    expect(checkSignIn({ ip }, false, now)).toMatchObject({ allowed: false, scope: 'ip' });
    expect(checkSignIn({ user }, false, now)).toMatchObject({ allowed: false, scope: 'user' });
    expect(checkSignIn({ ip, user }, true, now)).toEqual({ allowed: true });
    expect(checkSignIn({ pair }, true, now)).toMatchObject({ allowed: false, scope: 'pair' });
  });

  it('answers the longest wait when several scopes refuse', () => {
    const now = 0;
    const ip = failTimes('ip', SIGN_IN_THROTTLE.ip.freeFailures, now);
    const pair = failTimes('pair', SIGN_IN_THROTTLE.pair.freeFailures, now);
    expect(checkSignIn({ ip, pair }, false, now)).toEqual({ allowed: false, scope: 'ip', retryAfterMs: SIGN_IN_THROTTLE.ip.baseBlockMs });
  });

  it('forgets a counter after a quiet day', () => {
    const now = 0;
    const pair = failTimes('pair', 4, now);
    const later = now + SIGN_IN_THROTTLE.pair.forgetAfterMs;
    expect(afterSignInFailure(pair, 'pair', later)).toEqual({ failures: 1, lastFailureAt: later, blockedUntil: null });
  });

  it('keys usernames case-insensitively and keeps players and staff apart', () => {
    const keys = signInThrottleKeys('player', ' Alice ', '1.2.3.4');
    expect(signInThrottleKeys('player', 'ALICE', '1.2.3.4')).toEqual(keys);
    expect(keys.pair).toMatch(/^player:pair:[0-9a-f]{64}$/);
    expect(keys.ip).toMatch(/^player:ip:[0-9a-f]{64}$/);
    expect(keys.user).toMatch(/^player:user:[0-9a-f]{64}$/);
    expect(signInThrottleKeys('player', 'alice', '1.2.3.5').pair).not.toBe(keys.pair);
    expect(signInThrottleKeys('player', 'alice', '1.2.3.5').user).toBe(keys.user);
    expect(signInThrottleKeys('staff', 'alice', '1.2.3.4').user).toBe(keys.user.replace('player:', 'staff:'));
  });

  it('stores no attempted name or address in clear (a mistyped password, or markup, is never kept)', () => {
    const keys = signInThrottleKeys('player', '<script>alert(1)</script>', '<b>1.2.3.4</b>');
    for (const k of Object.values(keys)) expect(k).not.toMatch(/script|alert|<|>|1\.2\.3\.4/);
  });
});
