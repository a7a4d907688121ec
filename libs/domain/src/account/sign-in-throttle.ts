import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
/**
 * Sign-in throttling (issue 8 point 8), one rule for players and staff. Failures are counted per
 * (username, IP) pair, per IP over all usernames, and per username over all IPs; each counter refuses
 * further attempts for a window that doubles with every failure past its free allowance. The pair
 * counter always applies; the IP and username counters do not apply to an IP that has signed in to
 * the account before ("known IP"), so strangers' failures elsewhere can never lock the owner out of the
 * place they already use. Unknown usernames are counted exactly like known ones. Pure: counters and
 * `now` come in, the decision and the next counters go out; the API keeps them in a store.
 */

/** The counters of one sign-in attempt: the (username, IP) pair, the IP, the username. */
export const THROTTLE_SCOPES = ['pair', 'ip', 'user'] as const;
export type ThrottleScope = (typeof THROTTLE_SCOPES)[number];
export type SignInRealm = 'player' | 'staff';

export type ThrottleCounter = {
  readonly failures: number;
  readonly lastFailureAt: number;
  /** Attempts are refused while `now < blockedUntil`. */
  readonly blockedUntil: number | null;
};

export type ThrottleLimit = {
  /** Failures allowed before the first refusal window. */
  readonly freeFailures: number;
  /** The first window; each further failure doubles it, up to `maxBlockMs`. */
  readonly baseBlockMs: number;
  readonly maxBlockMs: number;
  /** A counter with no failure for this long starts again from zero. */
  readonly forgetAfterMs: number;
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const SIGN_IN_THROTTLE: Readonly<Record<ThrottleScope, ThrottleLimit>> = {
  pair: { freeFailures: 5, baseBlockMs: MINUTE, maxBlockMs: 15 * MINUTE, forgetAfterMs: DAY },
  ip: { freeFailures: 30, baseBlockMs: 5 * MINUTE, maxBlockMs: 60 * MINUTE, forgetAfterMs: DAY },
  user: { freeFailures: 20, baseBlockMs: MINUTE, maxBlockMs: 15 * MINUTE, forgetAfterMs: DAY },
};

/** Username as counted: trimmed and lower-cased, so case variants share one counter. */
export function signInUsernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** A counter's subject as stored: the SHA-256 of what the client typed, so no attempted name (often a mistyped password) or forwarded address is kept in clear, and nothing stored can be markup. */
function subject(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The store keys of one attempt, one per scope (realms never share a counter). */
export function signInThrottleKeys(realm: SignInRealm, username: string, ip: string): Readonly<Record<ThrottleScope, string>> {
  const user = signInUsernameKey(username);
  return { pair: `${realm}:pair:${subject(`${user}|${ip}`)}`, ip: `${realm}:ip:${subject(ip)}`, user: `${realm}:user:${subject(user)}` };
}

/** The counter as it stands at `now` (null when there is none or it has been forgotten). */
export function liveCounter(c: ThrottleCounter | null | undefined, scope: ThrottleScope, now: number): ThrottleCounter | null {
  if (!c) return null;
  return now - c.lastFailureAt >= SIGN_IN_THROTTLE[scope].forgetAfterMs ? null : c;
}

export type SignInCounters = Readonly<Partial<Record<ThrottleScope, ThrottleCounter | null>>>;
export type SignInGate = { readonly allowed: true } | { readonly allowed: false; readonly scope: ThrottleScope; readonly retryAfterMs: number };

/** The scopes that may refuse an attempt: all three for a stranger's IP, only the pair for a known IP. */
export function scopesFor(knownIp: boolean): readonly ThrottleScope[] {
  return knownIp ? ['pair'] : ['pair', 'ip', 'user'];
}

/**
 * May this attempt check a password at all? Refused attempts are not counted (they check nothing), so
 * a window is not stretched by knocking on it. Answers the longest wait among the scopes that refuse.
 */
export function checkSignIn(counters: SignInCounters, knownIp: boolean, now: number): SignInGate {
  let worst: SignInGate = { allowed: true };
  for (const scope of scopesFor(knownIp)) {
    const c = liveCounter(counters[scope], scope, now);
    if (c !== null && c.blockedUntil !== null && c.blockedUntil > now) {
      const wait = c.blockedUntil - now;
      if (worst.allowed || wait > worst.retryAfterMs) worst = { allowed: false, scope, retryAfterMs: wait };
    }
  }
  return worst;
}

/** The window a counter earns with its n-th failure (0 while within the free allowance). */
export function blockWindowMs(scope: ThrottleScope, failures: number): number {
  const l = SIGN_IN_THROTTLE[scope];
  const past = failures - l.freeFailures;
  if (past < 0) return 0;
  return Math.min(l.maxBlockMs, l.baseBlockMs * 2 ** Math.min(past, 30));
}

/** One more failure on a counter (from `now`): counts it and, past the allowance, refuses for the next window. */
export function afterSignInFailure(c: ThrottleCounter | null | undefined, scope: ThrottleScope, now: number): ThrottleCounter {
  const failures = (liveCounter(c, scope, now)?.failures ?? 0) + 1;
  const window = blockWindowMs(scope, failures);
  return { failures, lastFailureAt: now, blockedUntil: window > 0 ? now + window : null };
}

/**
 * After a successful sign-in only the pair's counter is cleared: a success on one account must not
 * wash an IP's failures on other accounts, nor the username's failures from other IPs.
 */
export const SCOPES_CLEARED_ON_SUCCESS: readonly ThrottleScope[] = ['pair'];

/** Whole seconds to wait, at least 1, for the translated answer. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
