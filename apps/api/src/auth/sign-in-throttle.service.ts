import { Injectable } from '@nestjs/common';
import {
  afterSignInFailure,
  checkSignIn,
  retryAfterSeconds,
  SCOPES_CLEARED_ON_SUCCESS,
  SIGN_IN_THROTTLE,
  signInThrottleKeys,
  THROTTLE_SCOPES,
  type SignInRealm,
  type ThrottleScope,
} from '@sum28/domain';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { SignInThrottleStore } from './sign-in-throttle.store';

const SCOPES: readonly ThrottleScope[] = THROTTLE_SCOPES;
const FORGET_EVERY_MS = 10 * 60_000;

/**
 * Applies the domain's sign-in throttle to player and staff sign-ins. Every attempt goes through the
 * same calls whether the username exists or not; `knownPlace` (the account has signed in from this IP, or
 * from the device whose token came with the attempt, before) is false for unknown usernames, as for a stranger.
 */
@Injectable()
export class SignInThrottleService {
  private lastForget = 0;

  constructor(
    private readonly store: SignInThrottleStore,
    private readonly clock: Clock,
  ) {}

  /** Throws SIGN_IN_THROTTLED (with `seconds`) when a scope that applies refuses the attempt. */
  async check(realm: SignInRealm, username: string, ip: string, knownPlace: boolean): Promise<void> {
    const keys = signInThrottleKeys(realm, username, ip);
    const stored = await this.store.read(SCOPES.map((s) => keys[s]));
    const now = this.clock.now();
    const gate = checkSignIn({ pair: stored.get(keys.pair), ip: stored.get(keys.ip), user: stored.get(keys.user) }, knownPlace, now);
    if (!gate.allowed) throw new ApiError('SIGN_IN_THROTTLED', { seconds: retryAfterSeconds(gate.retryAfterMs) });
  }

  /** Counts a wrong password (or second factor) on the pair, the IP and the username. */
  async failure(realm: SignInRealm, username: string, ip: string): Promise<void> {
    const keys = signInThrottleKeys(realm, username, ip);
    const now = this.clock.now();
    const scopeOf = new Map(SCOPES.map((s) => [keys[s], s]));
    await this.store.update([...scopeOf.keys()], (key, current) => afterSignInFailure(current, scopeOf.get(key) ?? 'pair', now));
    if (now - this.lastForget >= FORGET_EVERY_MS) {
      this.lastForget = now;
      const longest = Math.max(...SCOPES.map((s) => SIGN_IN_THROTTLE[s].forgetAfterMs));
      await this.store.forget(now - longest);
    }
  }

  /** A successful sign-in clears the pair's counter only (see the domain rule); no write when there is none. */
  async success(realm: SignInRealm, username: string, ip: string): Promise<void> {
    const keys = signInThrottleKeys(realm, username, ip);
    const cleared = SCOPES_CLEARED_ON_SUCCESS.map((s) => keys[s]);
    if ((await this.store.read(cleared)).size === 0) return;
    await this.store.update(cleared, () => null);
  }
}
