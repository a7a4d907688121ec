import { GROUP, INVITE_OFFSET } from '@sum28/domain';
import type { EmptyRequest, Money, PageRequest } from './envelope.contract';
import type { TurnoverProgress } from './wallet.contract';

/** User groups (spec section 3): 1 normal member, 2 visitor (tourist), 3 agent. */

/** User groups (defined once, in libs/domain). */
export const USER_GROUP = GROUP;
export type GroupId = (typeof USER_GROUP)[keyof typeof USER_GROUP];

/** Displayed invite code = user id + `INVITE_CODE_OFFSET`. */
export const INVITE_CODE_OFFSET = INVITE_OFFSET;

// GET /api/user/captcha --------------------------------------------------------------------------

/** `large`: the same kind of challenge drawn at twice the size, for people who cannot read the normal one. */
export const CAPTCHA_SIZES = ['normal', 'large'] as const;
export type CaptchaSize = (typeof CAPTCHA_SIZES)[number];

export interface CaptchaRequest {
  /** `normal` (150 x 50 pixels, the default) or `large` (300 x 100). */
  size?: CaptchaSize;
}

export interface CaptchaResponse {
  /** Send back with `captcha` on login or register; one use only. */
  captcha_id: string;
  /** `data:image/png;base64,...` of 4 characters from `CAPTCHA_ALPHABET` (libs/domain), 150 x 50 or, with `size=large`, 300 x 100 pixels. */
  image: string;
  /** Seconds the captcha stays valid. */
  expires_in: number;
  /** Number of characters in the image (4). */
  length: number;
  /** Proof of work bound to this captcha: solve it silently and send the answer as `pow`. */
  pow: PowChallenge;
}

/**
 * An ALTCHA challenge (altcha-lib v1). The client finds `number` in [0, maxnumber] with
 * SHA-256(salt + number) = challenge (altcha-lib's `solveChallenge(challenge, salt, algorithm, maxnumber)`,
 * or the ALTCHA widget), then sends `pow` = base64(JSON {algorithm, challenge, number, salt, signature}).
 * It is bound to its captcha (the salt names it), so it is single use and expires with it.
 */
export interface PowChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

// POST /api/user/register ------------------------------------------------------------------------

export interface RegisterRequest {
  username: string;
  password: string;
  /** 1 normal member (default) or 2 visitor; 3 (agent) is granted by staff only. */
  group_id?: GroupId;
  /** Inviting user's id (the client sends invite code - 100000 when the code is numeric and above 100000). */
  inviter_id?: number;
  /** The invite code as typed; used when `inviter_id` is absent. One of the two is required. */
  invite_code?: string;
  /** Required unless the server runs with CAPTCHA_MODE=off (automated tests only). */
  captcha_id?: string;
  /** Compared case-insensitively. */
  captcha?: string;
  /** The solved proof of work of the same captcha challenge (see `PowChallenge`); required with the captcha. */
  pow?: string;
  /** The 18+ consent; must be true. */
  adult: boolean;
  /** The device token an earlier register or login on this device answered (`UserInfo.device_token`): a sign-in from a
   *  device the account used before is not refused for failures strangers caused from other addresses. */
  device_token?: string;
}

/** The signed-in user without the token: the same in register, login, userInfo and profile. */
export interface UserSummary {
  user_id: number;
  username: string;
  nickname: string;
  /** Available balance. */
  money: Money;
  /** Frozen amount (pending withdrawals). */
  lock_money: Money;
  group_id: GroupId;
  /** `String(user_id + 100000)` for agents (the code they hand out); null for other groups. */
  invite_code: string | null;
  /** The player's own mobile as saved ('' when not set). */
  mobile: string;
  idcard: string;
  /** The chosen default avatar (`default-1` to `default-9`, libs/domain `DEFAULT_AVATARS`), '' when none is chosen. */
  avatar: string;
  /** Amount still to wager today before a withdrawal (0 when met): same as `turnover.remaining`. */
  water_limit: Money;
  /** Today's wagering progress (counted by the turnover hedge rule: hedged stakes do not count). */
  turnover: TurnoverProgress;
  /** True while frozen for review (e.g. after an opposite bet): no betting, no withdrawal. */
  is_frozen: boolean;
  /** Why, in the request's language (a rule's message, or the reason staff wrote); null when not frozen. */
  frozen_reason: string | null;
  /** A security code is set (withdrawals need one). */
  has_security_code: boolean;
  /** True after a reset by customer service: the client must send the user to change the password. */
  must_change_password: boolean;
}

/** The signed-in user as the client stores it. */
export interface UserInfo extends UserSummary {
  /** Opaque session token: send as the `token` header. */
  token: string;
}

/** What register and login answer: the user, the session token and this device's token. */
export interface SignedInUserInfo extends UserInfo {
  /** Kept by the client across sign-outs and sent back as `device_token` with every register and login from this device. */
  device_token: string;
}

export interface RegisterResponse {
  userinfo: SignedInUserInfo;
}

// POST /api/user/login ---------------------------------------------------------------------------

export interface LoginRequest {
  /** Username. */
  account: string;
  password: string;
  /** Required unless the server runs with CAPTCHA_MODE=off (automated tests only). */
  captcha_id?: string;
  captcha?: string;
  /** The solved proof of work of the same captcha challenge (see `PowChallenge`); required with the captcha. */
  pow?: string;
  /** The device token an earlier register or login on this device answered (`UserInfo.device_token`): a sign-in from a
   *  device the account used before is not refused for failures strangers caused from other addresses. */
  device_token?: string;
}

export interface LoginResponse {
  userinfo: SignedInUserInfo;
}

// POST /api/user/logout --------------------------------------------------------------------------

/** Revokes the calling token. */
export type LogoutRequest = EmptyRequest;
export type LogoutResponse = null;

// POST /api/user/userInfo ------------------------------------------------------------------------

export type UserInfoRequest = EmptyRequest;
/** In `data` (the spec's clients read it from `msg`; we keep `msg` a string). */
export type UserInfoResponse = UserSummary;

// POST /api/user/profile -------------------------------------------------------------------------

export interface ProfileRequest {
  /** Read-only: accepted because the spec's client sends it, ignored. */
  username?: string;
  nickname?: string;
  mobile?: string;
  /** One of the default avatars (`default-1` to `default-9`); there is no upload. */
  avatar?: string;
}

export type ProfileResponse = UserSummary;

// POST /api/user/newPass -------------------------------------------------------------------------

export interface NewPassRequest {
  new_pass: string;
  /** The old (current) password. */
  after_pass: string;
  /** When sent, must equal `new_pass` (PASSWORD_MISMATCH). The spec's client checks it itself. */
  confirm_pass?: string;
  /**
   * The security code: required for the first password change after a staff reset (`must_change_password`
   * in the login answer) when the player has one (SECURITY_CODE_REQUIRED), counted like withdrawals.
   */
  securityCode?: string;
}

export type NewPassResponse = null;

// POST /api/user/getMyTeam (agents only) ---------------------------------------------------------

/** `pageSize` defaults to 20. */
export type GetMyTeamRequest = PageRequest;

export interface TeamMember {
  id: number;
  username: string;
  nickname: string;
  /** Group of the member. */
  type: GroupId;
  money: Money;
  /** The member's display name (nickname, else username): the spec's 'name' label. */
  name: string;
  /** The member's mobile masked except its last 4 digits ('' when not set): the spec's 'phone' label. */
  phone: string;
}

export interface GetMyTeamResponse {
  data: TeamMember[];
  total: number;
}
