import { isErrorCode, translate, type TurnoverProgress as TurnoverView, type UserSummary } from '@sum28/contracts';
import type { UserEntity } from '@sum28/database';
import { ACCOUNT_STATUS, GROUP, type GroupId, inviteCodeOf, minorToMajor, type TurnoverProgress } from '@sum28/domain';

/**
 * Why the account is frozen, in the player's language: a freeze by a rule stores `ERROR_KEY: detail`
 * (e.g. `OPPOSITE_BET: round ... of game ...`) and shows that error's message; a staff freeze shows the
 * reason staff wrote. Null when not frozen.
 */
export function frozenReasonView(u: Pick<UserEntity, 'status' | 'frozen_reason'>, lang: string): string | null {
  if (u.status !== ACCOUNT_STATUS.FROZEN) return null;
  const stored = u.frozen_reason ?? '';
  const key = /^([A-Z][A-Z_]+):/.exec(stored)?.[1];
  if (key !== undefined && isErrorCode(key)) return translate(lang, key);
  return stored !== '' ? stored : translate(lang, 'ACCOUNT_FROZEN');
}

function money(p: TurnoverProgress): TurnoverView {
  return { required: minorToMajor(p.required), done: minorToMajor(p.done), remaining: minorToMajor(p.remaining) };
}

/**
 * The player's own account as the app shows it (money as decimal numbers), the same in register,
 * login, userInfo and profile: balances, the turnover progress, the freeze and its reason, whether a
 * security code is set, whether the password must be changed, and the invite code (agents only).
 */
export function userInfoView(u: UserEntity, turnover: TurnoverProgress, lang: string): UserSummary & { id: number; status: string } {
  return {
    user_id: u.id,
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    mobile: u.mobile,
    money: minorToMajor(u.money_minor),
    lock_money: minorToMajor(u.lock_money_minor),
    group_id: u.group_id as GroupId,
    invite_code: u.group_id === GROUP.AGENT ? inviteCodeOf(u.id) : null,
    idcard: u.idcard,
    avatar: u.avatar,
    status: u.status,
    is_frozen: u.status === ACCOUNT_STATUS.FROZEN,
    frozen_reason: frozenReasonView(u, lang),
    must_change_password: u.must_change_password,
    has_security_code: u.security_code_hash !== null,
    water_limit: minorToMajor(turnover.remaining),
    turnover: money(turnover),
  };
}
