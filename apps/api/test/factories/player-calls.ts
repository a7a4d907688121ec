/**
 * Every player call with a valid request, for the generated bad-input tests. A feature that adds a call
 * adds it here; `fields` lists the body fields and their kind so that mutations can be generated.
 */
export type FieldKind = 'string' | 'int' | 'money' | 'bool' | 'date';

export interface CallSpec {
  path: string;
  method: 'GET' | 'POST';
  auth: boolean;
  body: Record<string, unknown>;
  fields: Record<string, FieldKind>;
  required: string[];
}

export const PLAYER_CALLS: CallSpec[] = [
  {
    path: '/index.php/api/user/register',
    method: 'POST',
    auth: false,
    body: { username: 'newcomer01', password: 'secret123', invite_code: '100001', adult: true },
    fields: { username: 'string', password: 'string', invite_code: 'string', adult: 'bool', group_id: 'int', inviter_id: 'int' },
    required: ['username', 'password', 'adult'],
  },
  {
    path: '/index.php/api/user/login',
    method: 'POST',
    auth: false,
    body: { account: 'someone01', password: 'secret123' },
    fields: { account: 'string', password: 'string', captcha_id: 'string', captcha: 'string' },
    required: ['account', 'password'],
  },
  { path: '/index.php/api/user/userInfo', method: 'POST', auth: true, body: {}, fields: {}, required: [] },
  { path: '/index.php/api/user/logout', method: 'POST', auth: true, body: {}, fields: {}, required: [] },
  { path: '/index.php/api/index/index', method: 'GET', auth: false, body: {}, fields: {}, required: [] },
  { path: '/index.php/api/index/articleList', method: 'GET', auth: false, body: {}, fields: {}, required: [] },
];
