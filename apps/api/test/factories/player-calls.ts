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
    body: { username: 'newcomer01', password: 'secret-pw-123', invite_code: '100001', adult: true },
    fields: { username: 'string', password: 'string', invite_code: 'string', adult: 'bool', group_id: 'int', inviter_id: 'int' },
    required: ['username', 'password', 'adult'],
  },
  {
    path: '/index.php/api/user/login',
    method: 'POST',
    auth: false,
    body: { account: 'someone01', password: 'secret-pw-123' },
    fields: { account: 'string', password: 'string', captcha_id: 'string', captcha: 'string', pow: 'string' },
    required: ['account', 'password'],
  },
  { path: '/index.php/api/user/userInfo', method: 'POST', auth: true, body: {}, fields: {}, required: [] },
  { path: '/index.php/api/user/logout', method: 'POST', auth: true, body: {}, fields: {}, required: [] },
  { path: '/index.php/api/index/index', method: 'GET', auth: false, body: {}, fields: {}, required: [] },
  { path: '/index.php/api/index/articleList', method: 'GET', auth: false, body: {}, fields: {}, required: [] },
  // Wallet and account (issue 4). Optional fields whose `null` means "absent" are left out of `fields`:
  // the generator's null mutation would be a valid request there. Their bad values are tried in wallet.e2e-spec.ts.
  {
    path: '/index.php/api/user/recharge',
    method: 'POST',
    auth: true,
    body: { money: '100', type: 'TWD' },
    fields: { money: 'money', type: 'string' },
    required: ['money', 'type'],
  },
  { path: '/index.php/api/user/withdrawInfo', method: 'POST', auth: true, body: {}, fields: {}, required: [] },
  {
    path: '/index.php/api/user/withdrawAction',
    method: 'POST',
    auth: true,
    body: { type: 0, money: '100', securityCode: '123456' },
    fields: { type: 'int', money: 'money', securityCode: 'string' },
    required: ['type', 'money', 'securityCode'],
  },
  {
    path: '/index.php/api/user/quantityLogList',
    method: 'POST',
    auth: true,
    body: { begin_date: '2026-01-01', end_date: '2026-01-31' },
    fields: { begin_date: 'date', end_date: 'date' },
    required: ['begin_date', 'end_date'],
  },
  { path: '/index.php/api/user/payInfo', method: 'POST', auth: true, body: { type: 0 }, fields: { type: 'int' }, required: ['type'] },
  {
    path: '/index.php/api/user/setPayInfo',
    method: 'POST',
    auth: true,
    body: { type: 0, acc: 'Test Holder', acc_name: '6222020200112233', acc_bank: 'Test Bank' },
    fields: { type: 'int', acc: 'string', acc_name: 'string', acc_bank: 'string' },
    required: ['type', 'acc', 'acc_name'],
  },
  { path: '/index.php/api/user/safetyInfo', method: 'POST', auth: true, body: {}, fields: {}, required: [] },
  { path: '/index.php/api/user/setSafety', method: 'POST', auth: true, body: { new_code: '135790' }, fields: { new_code: 'string' }, required: ['new_code'] },
  {
    path: '/index.php/api/user/newPass',
    method: 'POST',
    auth: true,
    body: { after_pass: 'secret-pw-123', new_pass: 'newsecret456' },
    fields: { after_pass: 'string', new_pass: 'string' },
    required: ['after_pass', 'new_pass'],
  },
  { path: '/index.php/api/user/profile', method: 'POST', auth: true, body: { nickname: 'Nick' }, fields: {}, required: [] },
  { path: '/index.php/api/user/getMyTeam', method: 'POST', auth: true, body: {}, fields: { page: 'int', pageSize: 'int' }, required: [] },
  // Game (issue 3). Optional fields (follow_id, idempotency_key, limit, issue and since_id of heart, scope, page) are
  // left out of `fields` for the same reason; their bad values are tried in betting.e2e-spec.ts.
  { path: '/index.php/api/Lottery/index', method: 'POST', auth: true, body: {}, fields: {}, required: [] },
  { path: '/index.php/api/Lottery/oddsList', method: 'POST', auth: true, body: { plan_id: 1 }, fields: { plan_id: 'int' }, required: ['plan_id'] },
  {
    path: '/index.php/api/Lottery/heart',
    method: 'POST',
    auth: true,
    body: { plan_id: 1, game_id: 1 },
    fields: { plan_id: 'int', game_id: 'int' },
    required: ['plan_id', 'game_id'],
  },
  {
    path: '/index.php/api/Lottery/playOrder',
    method: 'POST',
    auth: true,
    body: { issue: '20261122001', plan_id: 1, game_id: 1, play_type: 'big', money: '10' },
    fields: { issue: 'string', plan_id: 'int', game_id: 'int', play_type: 'string', money: 'money' },
    required: ['issue', 'plan_id', 'game_id', 'play_type', 'money'],
  },
  { path: '/index.php/api/Lottery/issueList', method: 'POST', auth: true, body: { game_id: 1 }, fields: { game_id: 'int' }, required: ['game_id'] },
  { path: '/index.php/api/Lottery/cand', method: 'POST', auth: true, body: { game_id: 1 }, fields: { game_id: 'int' }, required: ['game_id'] },
  {
    path: '/index.php/api/Lottery/verify',
    method: 'POST',
    auth: false,
    body: { game_id: 1, issue: '20261122001' },
    fields: { game_id: 'int', issue: 'string' },
    required: ['game_id', 'issue'],
  },
  {
    path: '/index.php/api/user/orderList',
    method: 'POST',
    auth: true,
    body: { begin_date: '2026-01-01', end_date: '2026-01-31', activeTab: 0 },
    fields: { begin_date: 'date', end_date: 'date', activeTab: 'int' },
    required: ['begin_date', 'end_date', 'activeTab'],
  },
  {
    path: '/index.php/api/user/orderDetail',
    method: 'POST',
    auth: true,
    body: { orderNo: '202611280001123456789012345678' },
    fields: { orderNo: 'string' },
    required: ['orderNo'],
  },
  { path: '/index.php/api/user/getGameResult', method: 'POST', auth: true, body: { game_id: 1 }, fields: { game_id: 'int' }, required: ['game_id'] },
  { path: '/index.php/api/user/closeGameResult', method: 'POST', auth: true, body: { order_id: 1 }, fields: { order_id: 'int' }, required: ['order_id'] },
  { path: '/index.php/api/index/config', method: 'GET', auth: false, body: {}, fields: {}, required: [] },
  {
    path: '/index.php/api/user/noticeList',
    method: 'POST',
    auth: true,
    body: { tab: 'message' },
    fields: { tab: 'string' },
    required: ['tab'],
  },
  { path: '/index.php/api/user/noticeRead', method: 'POST', auth: true, body: { id: 1 }, fields: { id: 'int' }, required: [] },
];
