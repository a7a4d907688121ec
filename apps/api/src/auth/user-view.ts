import type { UserEntity } from '@sum28/database';
import { GROUP, inviteCodeOf, minorToMajor } from '@sum28/domain';

/** The player's own account as the app shows it (money as decimal numbers). */
export function userInfoView(u: UserEntity): {
  user_id: number;
  id: number;
  username: string;
  nickname: string;
  mobile: string;
  money: number;
  lock_money: number;
  group_id: number;
  invite_code: string | null;
  idcard: string;
  avatar: string;
  status: string;
  is_frozen: boolean;
  must_change_password: boolean;
  has_security_code: boolean;
} {
  return {
    user_id: u.id,
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    mobile: u.mobile,
    money: minorToMajor(u.money_minor),
    lock_money: minorToMajor(u.lock_money_minor),
    group_id: u.group_id,
    invite_code: u.group_id === GROUP.AGENT ? inviteCodeOf(u.id) : null,
    idcard: u.idcard,
    avatar: u.avatar,
    status: u.status,
    is_frozen: u.status === 'frozen',
    must_change_password: u.must_change_password,
    has_security_code: u.security_code_hash !== null,
  };
}
