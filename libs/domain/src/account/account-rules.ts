import { isPlainText } from '../content/safe-text';
import { err, ok, type Result } from '../result/result';

export const GROUP = { NORMAL: 1, VISITOR: 2, AGENT: 3 } as const;
export type GroupId = (typeof GROUP)[keyof typeof GROUP];
/** Groups a player may choose at sign-up (agents are made by staff). */
/** users.status: an account is active, or frozen for review (opposite bets, a console decision). */
export const ACCOUNT_STATUS = { ACTIVE: 'active', FROZEN: 'frozen' } as const;
export type AccountStatus = (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS];
export const ACCOUNT_STATUSES: readonly AccountStatus[] = [ACCOUNT_STATUS.ACTIVE, ACCOUNT_STATUS.FROZEN];

export const REGISTRABLE_GROUPS = [GROUP.NORMAL, GROUP.VISITOR] as const;
export type RegistrableGroup = (typeof REGISTRABLE_GROUPS)[number];

export function isGroupId(x: unknown): x is GroupId {
  return x === GROUP.NORMAL || x === GROUP.VISITOR || x === GROUP.AGENT;
}

export function isRegistrableGroup(x: unknown): x is RegistrableGroup {
  return x === GROUP.NORMAL || x === GROUP.VISITOR;
}

export type AccountError =
  'INVITE_CODE_INVALID' | 'USERNAME_INVALID' | 'PASSWORD_INVALID' | 'NICKNAME_INVALID' | 'MOBILE_INVALID' | SecurityCodeChangeError | PayInfoError;

/** Displayed invite code = user id + 100000. */
export const INVITE_OFFSET = 100_000;

export function inviteCodeOf(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > Number.MAX_SAFE_INTEGER - INVITE_OFFSET) {
    throw new RangeError(`userId must be a positive safe integer: ${String(userId)}`);
  }
  return String(userId + INVITE_OFFSET);
}

/** Invite code (digits, above 100000) to the inviter's user id. */
export function inviterIdFromCode(code: unknown): Result<number, 'INVITE_CODE_INVALID'> {
  let n: number;
  if (typeof code === 'number') n = code;
  else if (typeof code === 'string' && /^[0-9]{6,15}$/.test(code)) n = Number(code);
  else return err('INVITE_CODE_INVALID');
  if (!Number.isSafeInteger(n) || n <= INVITE_OFFSET) return err('INVITE_CODE_INVALID');
  return ok(n - INVITE_OFFSET);
}

const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
/** Staff accounts: a username of 4-32 letters, digits or _ starting with a letter, and a longer password. */
export const STAFF_USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const STAFF_PASSWORD_MIN = 10;
export const STAFF_PASSWORD_MAX = 32;

/** 4-20 characters of letters, digits and underscore, starting with a letter. */
export function validateUsername(u: unknown): Result<string, 'USERNAME_INVALID'> {
  return typeof u === 'string' && USERNAME.test(u) ? ok(u) : err('USERNAME_INVALID', { min: USERNAME_MIN, max: USERNAME_MAX });
}

/** 6-32 characters (code points), no control characters, not all the same character. */
export function validatePassword(p: unknown): Result<string, 'PASSWORD_INVALID'> {
  if (typeof p !== 'string') return err('PASSWORD_INVALID', { min: PASSWORD_MIN, max: PASSWORD_MAX });
  const chars = Array.from(p);
  const valid = chars.length >= PASSWORD_MIN && chars.length <= PASSWORD_MAX && !/\p{Cc}/u.test(p) && new Set(chars).size > 1;
  return valid ? ok(p) : err('PASSWORD_INVALID', { min: PASSWORD_MIN, max: PASSWORD_MAX });
}

/**
 * The key under which usernames (players' and staff's) are unique: ASCII lower case, so `Abc` and `ABC`,
 * `root` and `Root` are one name. Usernames are ASCII by their rules; the databases enforce the same key
 * with a UNIQUE index on lower(username).
 */
export function usernameKey(username: string): string {
  return username.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

export const NICKNAME_MAX = 32;
/** Characters that reorder or hide text around them: bidi embeddings, overrides, isolates and marks. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Control characters, line and paragraph separators. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** What is left visible: not format characters (zero-width space, joiners, BOM, ...) nor spaces. */
const INVISIBLE = /[\p{Cf}\p{Z}\s\u115F\u1160\u3164\uFFA0]/gu;

/**
 * A nickname as other players see it: 1-32 characters after trimming, no control characters, no bidi
 * override or isolate (which would make `abc` read `cba` or hide text), and not made only of zero-width
 * or blank characters. Joiners inside a visible text (emoji sequences) are fine.
 */
export function validateNickname(n: unknown): Result<string, 'NICKNAME_INVALID'> {
  const bad = err('NICKNAME_INVALID', { max: NICKNAME_MAX });
  if (typeof n !== 'string') return bad;
  const t = n.trim();
  const length = Array.from(t).length;
  if (length < 1 || length > NICKNAME_MAX || CONTROL.test(t) || BIDI_CONTROL.test(t)) return bad;
  if (t.replace(INVISIBLE, '') === '') return bad;
  return ok(t);
}

/** A mobile number once spaces and dashes are dropped: an optional leading + and 6-20 digits. */
export const MOBILE_DIGITS_MIN = 6;
export const MOBILE_DIGITS_MAX = 20;
const MOBILE = new RegExp(`^\\+?[0-9]{${MOBILE_DIGITS_MIN},${MOBILE_DIGITS_MAX}}$`);

/** A profile's mobile number, normalised (spaces and dashes dropped); '' clears it. */
export function validateMobile(m: unknown): Result<string, 'MOBILE_INVALID'> {
  if (typeof m !== 'string') return err('MOBILE_INVALID');
  const t = m.trim().replace(/[\s-]/g, '');
  if (t !== '' && !MOBILE.test(t)) return err('MOBILE_INVALID');
  return ok(t);
}

export const SECURITY_CODE_LENGTH = 6;

/** Exactly six ASCII digits. */
export function isSecurityCode(s: unknown): s is string {
  return typeof s === 'string' && /^[0-9]{6}$/.test(s);
}

export type SecurityCodeChangeError =
  'SECURITY_CODE_INVALID' | 'SECURITY_CODE_OLD_REQUIRED' | 'SECURITY_CODE_WRONG' | 'SECURITY_CODE_MISMATCH' | 'SECURITY_CODE_SAME_AS_PASSWORD';

export type SecurityCodeChange = {
  readonly hasExisting: boolean;
  readonly oldCode: unknown;
  readonly newCode: unknown;
  readonly confirmCode?: unknown;
  /** The caller's check of oldCode against the stored hash (ignored when none is set). */
  readonly oldCodeCorrect: boolean;
  /** The caller's check of newCode against the login password hash. */
  readonly equalsLoginPassword: boolean;
};

/**
 * Setting or changing the 6-digit security code. Order: old code present (when one is set),
 * new code format, confirmation, old code correct, not the login password.
 */
export function validateSecurityCodeChange(c: SecurityCodeChange): Result<string, SecurityCodeChangeError> {
  if (c.hasExisting && (c.oldCode === undefined || c.oldCode === null || c.oldCode === '')) return err('SECURITY_CODE_OLD_REQUIRED');
  if (!isSecurityCode(c.newCode)) return err('SECURITY_CODE_INVALID', { length: SECURITY_CODE_LENGTH });
  if (c.confirmCode !== undefined && c.confirmCode !== c.newCode) return err('SECURITY_CODE_MISMATCH');
  if (c.hasExisting && !c.oldCodeCorrect) return err('SECURITY_CODE_WRONG');
  if (c.equalsLoginPassword) return err('SECURITY_CODE_SAME_AS_PASSWORD');
  return ok(c.newCode);
}

/** 'abcdef9' -> 'ab***9'; 'abcd' -> 'a***d'; 'ab' -> 'a***'. For the public feeds. */
export function maskName(username: string): string {
  const chars = Array.from(typeof username === 'string' ? username : '');
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars[0]}${chars[1]}***${chars[chars.length - 1]}`;
}

/** All but the last 4 characters replaced by '*': '12345678' -> '****5678'. */
export function maskAccount(acc: string): string {
  const chars = Array.from(typeof acc === 'string' ? acc : '');
  const keep = Math.min(4, chars.length);
  return '*'.repeat(chars.length - keep) + chars.slice(chars.length - keep).join('');
}

export const PAY_TYPE = { BANK_CARD: 0, WALLET: 1 } as const;
export type PayType = (typeof PAY_TYPE)[keyof typeof PAY_TYPE];
export const WALLET_TYPES = ['trc20', 'erc20', 'omni'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/**
 * The one masking policy for payout details (`acc`, `acc_name` as stored in pay_infos and a withdrawal's
 * pay_snapshot). To the player who owns them: only the account number is masked (a card's `acc_name`,
 * a wallet's `acc`); the holder, bank and wallet type stay readable. To staff who do not pay out: both
 * `acc` and `acc_name` are masked whatever the type. Other fields pass unchanged.
 */
export function maskPayDetails<T extends { readonly type?: unknown; readonly acc?: unknown; readonly acc_name?: unknown }>(
  p: T,
  audience: 'owner' | 'staff',
): T {
  const out: Record<string, unknown> = { ...p };
  const fields = audience === 'staff' ? ['acc', 'acc_name'] : p.type === PAY_TYPE.BANK_CARD ? ['acc_name'] : p.type === PAY_TYPE.WALLET ? ['acc'] : [];
  for (const k of fields) if (typeof out[k] === 'string') out[k] = maskAccount(out[k]);
  return out as T;
}

export type PayInfoInput = { readonly type: unknown; readonly acc: unknown; readonly accName: unknown; readonly accBank?: unknown };
/** Bank card: acc holder, accName card number, accBank bank name. Wallet: acc address, accName wallet type, accBank ''. */
export type PayInfo = { readonly type: PayType; readonly acc: string; readonly accName: string; readonly accBank: string };
export type PayInfoError = 'PAY_INFO_INVALID' | 'CARD_NUMBER_INVALID' | 'WALLET_TYPE_INVALID';

function trimmedLength(x: unknown, min: number, max: number): string | null {
  if (typeof x !== 'string') return null;
  const t = x.trim();
  const n = Array.from(t).length;
  return n >= min && n <= max && !/\p{Cc}/u.test(t) ? t : null;
}

/**
 * Bank card: holder 1-50 characters, card number 8-30 digits (spaces allowed between groups),
 * bank name 1-50; holder and bank name plain text (`isPlainText`: no markup, control or bidi characters). Wallet: address 20-100 of [A-Za-z0-9], type trc20, erc20 or omni.
 */
export function validatePayInfo(input: PayInfoInput): Result<PayInfo, PayInfoError> {
  if (input.type === PAY_TYPE.BANK_CARD || input.type === '0') {
    const holder = trimmedLength(input.acc, 1, 50);
    if (holder === null) return err('PAY_INFO_INVALID', { field: 'acc', reason: 'length', min: 1, max: 50 });
    if (!isPlainText(holder)) return err('PAY_INFO_INVALID', { field: 'acc', reason: 'plainText' });
    const card = typeof input.accName === 'string' ? input.accName.trim().replace(/ /g, '') : '';
    if (!/^[0-9]{8,30}$/.test(card)) return err('CARD_NUMBER_INVALID');
    const bank = trimmedLength(input.accBank, 1, 50);
    if (bank === null) return err('PAY_INFO_INVALID', { field: 'acc_bank', reason: 'length', min: 1, max: 50 });
    if (!isPlainText(bank)) return err('PAY_INFO_INVALID', { field: 'acc_bank', reason: 'plainText' });
    return ok({ type: PAY_TYPE.BANK_CARD, acc: holder, accName: card, accBank: bank });
  }
  if (input.type === PAY_TYPE.WALLET || input.type === '1') {
    const address = typeof input.acc === 'string' ? input.acc.trim() : '';
    if (!/^[A-Za-z0-9]{20,100}$/.test(address)) return err('PAY_INFO_INVALID', { field: 'acc', reason: 'lettersDigits', min: 20, max: 100 });
    const walletType = typeof input.accName === 'string' ? input.accName.trim().toLowerCase() : '';
    if (!(WALLET_TYPES as ReadonlyArray<string>).includes(walletType)) return err('WALLET_TYPE_INVALID');
    return ok({ type: PAY_TYPE.WALLET, acc: address, accName: walletType, accBank: '' });
  }
  return err('PAY_INFO_INVALID', { field: 'type', reason: 'oneOf', values: '0, 1' });
}

/** The note of a payout account: optional, trimmed, at most 255 characters, plain text (`isPlainText`). */
export function validatePayNote(mark: unknown): Result<string, PayInfoError> {
  if (mark === undefined || mark === null) return ok('');
  if (typeof mark !== 'string') return err('PAY_INFO_INVALID', { field: 'mark', reason: 'text' });
  const t = mark.trim();
  if (Array.from(t).length > 255) return err('PAY_INFO_INVALID', { field: 'mark', reason: 'maxLength', max: 255 });
  if (!isPlainText(t)) return err('PAY_INFO_INVALID', { field: 'mark', reason: 'plainText' });
  return ok(t);
}

/**
 * After a staff password reset of a player who has no security code, money-moving and account-binding
 * calls (bets, withdrawals, payout-account and security-code changes) wait this long: whoever read the
 * temporary password cannot prove to be the player, so the real one gets time to notice and object.
 */
export const PASSWORD_RESET_HOLD_MS = 24 * 60 * 60 * 1000;

/** The end of the hold a staff reset at `now` starts: none when a security code is set (it is asked at the first sign-in instead). */
export function resetHoldUntil(hasSecurityCode: boolean, now: number): number | null {
  return hasSecurityCode ? null : now + PASSWORD_RESET_HOLD_MS;
}

/**
 * A staff reset of a player without a security code needs a second staff member: the temporary password is then
 * only ever shown to the one who approves, after someone else asked, so no one member both starts a reset and holds
 * the password. A request nobody approved within this time lapses (a new one may be made).
 */
export const RESET_REQUEST_TTL_MS = 24 * 60 * 60 * 1000;

/** True when a staff reset needs a second staff member's approval: the player has no security code to prove themselves with. */
export function resetNeedsSecondStaff(hasSecurityCode: boolean): boolean {
  return !hasSecurityCode;
}

/** True while a reset request (users.reset_requested_at) waits for its approval. */
export function isResetRequestLive(requestedAt: number | null, now: number): boolean {
  return requestedAt !== null && now - requestedAt < RESET_REQUEST_TTL_MS;
}

/** True while a reset hold (users.reset_hold_until) is running. */
export function isResetHoldActive(holdUntil: number | null, now: number): boolean {
  return holdUntil !== null && holdUntil > now;
}

/** The one-minute window (of epoch time) security-code verifications are counted in. */
export function codeCheckWindow(now: number): number {
  return Math.floor(now / 60_000);
}

/**
 * The system's default avatars (spec section 2, the default-avatar grid), as stored in `users.avatar` and sent by
 * `user/profile`: `default-1` to `default-9`. '' is no choice yet. There is no upload: a player picks one of these.
 */
export const DEFAULT_AVATARS = ['default-1', 'default-2', 'default-3', 'default-4', 'default-5', 'default-6', 'default-7', 'default-8', 'default-9'] as const;
export type DefaultAvatar = (typeof DEFAULT_AVATARS)[number];

export function isDefaultAvatar(x: unknown): x is DefaultAvatar {
  return typeof x === 'string' && (DEFAULT_AVATARS as readonly string[]).includes(x);
}
