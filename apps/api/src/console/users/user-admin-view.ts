import type { UserEntity } from '@sum28/database';
import { ACCOUNT_STATUSES, GROUP, inviteCodeOf, minorToMajor } from '@sum28/domain';
import type { ListSpec } from '../list/list-query';

/** A password reset a staff member asked for, waiting for a second one: who asked, when, and when it lapses. */
export interface ResetRequestView {
  requested_by: number;
  requested_by_username: string;
  requested_at: number;
  expires_at: number;
}

/** A player as the console shows it: balances as decimal numbers, never a password or security-code hash. */
export interface UserAdminView {
  id: number;
  username: string;
  nickname: string;
  mobile: string;
  money: number;
  lock_money: number;
  total_assets: number;
  group_id: number;
  status: string;
  frozen_reason: string | null;
  inviter_id: number | null;
  inviter_username: string | null;
  invite_code: string | null;
  idcard: string;
  has_security_code: boolean;
  must_change_password: boolean;
  login_failures: number;
  locked_until: number | null;
  /** A password reset waiting for a second staff member's approval (null: none, or lapsed). */
  reset_request: ResetRequestView | null;
  created_at: number;
  updated_at: number;
}

export function userAdminView(u: UserEntity, inviterUsername: string | null = null, resetRequest: ResetRequestView | null = null): UserAdminView {
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    mobile: u.mobile,
    money: minorToMajor(u.money_minor),
    lock_money: minorToMajor(u.lock_money_minor),
    total_assets: minorToMajor(u.money_minor + u.lock_money_minor),
    group_id: u.group_id,
    status: u.status,
    frozen_reason: u.frozen_reason,
    inviter_id: u.inviter_id,
    inviter_username: inviterUsername,
    invite_code: u.group_id === GROUP.AGENT ? inviteCodeOf(u.id) : null,
    idcard: u.idcard,
    has_security_code: u.security_code_hash !== null,
    must_change_password: u.must_change_password,
    login_failures: u.login_failures,
    locked_until: u.locked_until,
    reset_request: resetRequest,
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

export const USER_CSV_COLUMNS = [
  'id',
  'username',
  'nickname',
  'mobile',
  'money',
  'lock_money',
  'total_assets',
  'group_id',
  'status',
  'frozen_reason',
  'inviter_id',
  'inviter_username',
  'must_change_password',
  'created_at',
] as const satisfies ReadonlyArray<keyof UserAdminView>;

export const USERS_LIST: ListSpec = {
  resource: 'users',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    username: { column: 'username', kind: 'string', sortable: true, filter: 'eq' },
    nickname: { column: 'nickname', kind: 'string', sortable: true },
    mobile: { column: 'mobile', kind: 'string', filter: 'eq' },
    money: { column: 'money_minor', kind: 'money', sortable: true },
    lock_money: { column: 'lock_money_minor', kind: 'money', sortable: true },
    group_id: { column: 'group_id', kind: 'int', sortable: true, filter: 'eq', values: [GROUP.NORMAL, GROUP.VISITOR, GROUP.AGENT] },
    status: { column: 'status', kind: 'string', sortable: true, filter: 'eq', values: [...ACCOUNT_STATUSES] },
    inviter_id: { column: 'inviter_id', kind: 'int', sortable: true, filter: 'eq' },
    must_change_password: { column: 'must_change_password', kind: 'bool', filter: 'eq' },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
    updated_at: { column: 'updated_at', kind: 'time', sortable: true },
  },
  search: ['username', 'nickname', 'mobile'],
  defaultSort: ['id', 'DESC'],
};
