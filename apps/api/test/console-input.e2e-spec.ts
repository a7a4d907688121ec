import { dtoFieldMeta } from './factories/routes';
import { CapitalLogEntity, RoundEntity } from '@sum28/database';
import { consoleRoutes, type ConsoleRoute, createConsoleApp, ADMIN_PASSWORD, roleTokens, staffOf } from './console-fixtures';
import { freshRound } from './factories/game';
import { registerPlayer, type TestApp } from './factories/test-app';
import { post } from './wallet-fixtures';

const HUGE = 'x'.repeat(20 * 1024);
const LONG_QUERY = 'y'.repeat(5 * 1024);
/** Fields a request may carry although the caller does not own them. */
const SMUGGLED: Record<string, unknown> = {
  status: 1,
  money: 1e6,
  money_minor: 100,
  balance: 5,
  approvedBy: 1,
  odds_milli: 99_000,
  password_hash: 'x',
  resolved_by: 1,
};
const TABLES = [
  'users',
  'user_sessions',
  'staff',
  'staff_sessions',
  'audit_logs',
  'capital_logs',
  'capital_approvals',
  'ledger_transactions',
  'ledger_entries',
  'bets',
  'rounds',
  'games',
  'plans',
  'odds',
  'banners',
  'articles',
  'notices',
  'settings',
  'idempotency_keys',
];

interface Mutation {
  name: string;
  method: ConsoleRoute['method'];
  url: string;
  body?: unknown;
  raw?: string;
  /** the field the 400 must name in `errors` (null: a malformed body as a whole) */
  field: string | null;
}

function wrongValues(f: { names: Set<string>; maxLength: number | null }): unknown[] {
  const out: unknown[] = [{}, [], null, { $gt: '' }];
  if (f.names.has('isString')) out.push(12345, true);
  if (f.names.has('isInt')) out.push('abc', 1.5, 2 ** 64, '1e3');
  if (f.names.has('isBoolean')) out.push('maybe', 7);
  if (f.names.has('isIn')) out.push('no-such-value');
  if (!f.names.has('isString') && !f.names.has('isInt') && !f.names.has('isBoolean') && !f.names.has('isIn')) out.push('abc', -1);
  if (f.maxLength === null || f.maxLength < HUGE.length) out.push(HUGE);
  return out;
}

describe('bad input to every console route: 400 with field errors, nothing changes', () => {
  let t: TestApp;
  let token: string;
  let routes: ConsoleRoute[];
  const ids: Record<string, number | string> = {};
  const valid: Record<string, Record<string, unknown>> = {};
  let tried = 0;
  let fiveHundreds = 0;

  beforeAll(async () => {
    t = await createConsoleApp();
    token = (await roleTokens(t)).superadmin;
    routes = consoleRoutes(t);
    const p = await registerPlayer(t);
    expect((await post(t, 'recharge', p.token, { money: '200', type: 'TWD' })).body.code).toBe(1);
    const slot = await freshRound(t);
    const staff = await staffOf(t, 'support', token);
    Object.assign(ids, {
      users: p.userId,
      'capital-logs': (await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ user_id: p.userId })).id,
      rounds: (await t.ds.getRepository(RoundEntity).findOneByOrFail({ issue: slot.issue, game_id: 1 })).id,
      bets: 1,
      games: 1,
      plans: 1,
      odds: 1,
      banners: 1,
      articles: 1,
      notices: 1,
      settings: 'turnover_multiplier_bps',
      staff: staff.id,
      'audit-logs': 1,
    });
    Object.assign(valid, {
      'POST /admin-api/auth/login': { username: 'admin', password: ADMIN_PASSWORD },
      'POST /admin-api/auth/totp/enable': { otp: '123456' },
      'PUT /admin-api/users/:id': { nickname: 'nick' },
      'POST /admin-api/users/:id/reset-password': { reason: 'asked by phone' },
      'POST /admin-api/users/:id/reset-password/approve': {},
      'POST /admin-api/users/:id/reset-password/cancel': { reason: 'called back' },
      'POST /admin-api/users/:id/freeze': { reason: 'review' },
      'POST /admin-api/users/:id/unfreeze': { reason: 'review' },
      'POST /admin-api/users/:id/message': { title: 'Hello', content: 'Body' },
      'POST /admin-api/users/:id/gift': { amount: '1', reason: 'bonus' },
      'POST /admin-api/capital-logs/:id/approve': { remark: 'ok' },
      'POST /admin-api/capital-logs/:id/reject': { remark: 'no' },
      'POST /admin-api/rounds/:id/void': { reason: 'outage' },
      'POST /admin-api/games': { id: 77, name: 'Line 77' },
      'PUT /admin-api/games/:id': { name: 'Singapore' },
      'POST /admin-api/plans': { game_id: 1, title: 'Room', tier: 'basic', join_limit: '0' },
      'PUT /admin-api/plans/:id': { title: 'Room' },
      'POST /admin-api/odds': { plan_id: 1, play_type: 'big', odds: '1.5' },
      'PUT /admin-api/odds/:id': { odds: '1.9' },
      'POST /admin-api/banners': { image: '/static/x.png' },
      'PUT /admin-api/banners/:id': { title: 'Banner' },
      'POST /admin-api/articles': { tab: 'original', title: 'Title', content: 'Body' },
      'PUT /admin-api/articles/:id': { title: 'Title' },
      'POST /admin-api/notices': { kind: 'announcement', title: 'Title', content: 'Body' },
      'PUT /admin-api/notices/:id': { title: 'Title' },
      'PUT /admin-api/settings/:id': { value: 5000 },
      'POST /admin-api/staff': { username: 'newstaff01', password: 'long-password-1', role: 'support' },
      'PUT /admin-api/staff/:id': { role: 'finance' },
    });
  });
  afterAll(async () => {
    console.log(`console bad input: ${tried} bad requests over ${routes.length} routes, accepted = 0, 5xx = ${fiveHundreds}`);
    await t.close();
  });

  /** Each table's row count, and the whole content of the tables a console write could touch. */
  async function fingerprint(): Promise<Map<string, string>> {
    const parts = new Map<string, string>();
    for (const table of TABLES) parts.set(`${table} rows`, JSON.stringify(await t.ds.query(`SELECT COUNT(*) AS n FROM ${table}`)));
    for (const table of ['users', 'staff', 'settings', 'odds', 'games', 'plans', 'banners', 'articles', 'notices', 'capital_logs', 'rounds']) {
      parts.set(table, JSON.stringify(await t.ds.query(`SELECT * FROM ${table} ORDER BY 1`)));
    }
    return parts;
  }

  function urlOf(r: ConsoleRoute): string {
    const resource = r.path.split('/')[2] ?? '';
    return r.path.replace(':id', String(ids[resource] ?? 1));
  }

  function mutations(r: ConsoleRoute): Mutation[] {
    const out: Mutation[] = [];
    const url = urlOf(r);
    const key = `${r.method.toUpperCase()} ${r.path}`;
    // path ids
    if (r.path.includes(':id')) {
      const bad = r.path.startsWith('/admin-api/settings')
        ? ['Bad-Key', '1', 'x'.repeat(100)]
        : ['abc', '0', '-1', '1.5', '1e3', '0x10', '99999999999999999999'];
      for (const id of bad)
        out.push({
          name: `id ${id.slice(0, 20)}`,
          method: r.method,
          url: r.path.replace(':id', encodeURIComponent(id)),
          body: valid[key] ?? (r.bodyDto ? {} : undefined),
          field: 'id',
        });
    }
    // query
    if (r.hasQuery && r.method === 'get' && !r.path.endsWith('/me') && !r.path.endsWith('/stats')) {
      const q: [string, string, string][] = [
        ['sort', 'not json', 'sort'],
        ['sort', '["id"]', 'sort'],
        ['sort', '["no_such_field","ASC"]', 'sort'],
        ['sort', '["id","UP"]', 'sort'],
        ['sort', '{"id":"ASC"}', 'sort'],
        ['sort', LONG_QUERY, 'sort'],
        ['range', 'x', 'range'],
        ['range', '[0]', 'range'],
        ['range', '[-1,5]', 'range'],
        ['range', '[5,1]', 'range'],
        ['range', '[0,5000]', 'range'],
        ['range', '[0.5,2]', 'range'],
        ['range', '["a","b"]', 'range'],
        ['filter', 'x', 'filter'],
        ['filter', '[1,2]', 'filter'],
        ['filter', '{"no_such_field":1}', 'filter'],
        ['filter', '{"id":true}', 'filter'],
        ['filter', r.path.includes('/settings') ? '{"id":[null]}' : '{"id":"abc"}', 'filter'],
        ['filter', '{"id":[{}]}', 'filter'],
        ['filter', '{"id":{"$gt":0}}', 'filter'],
        ['filter', LONG_QUERY, 'filter'],
        ['foo', '1', 'foo'],
      ];
      for (const [param, value, field] of q)
        out.push({ name: `${param}=${value.slice(0, 24)}`, method: 'get', url: `${url}?${param}=${encodeURIComponent(value)}`, field });
      out.push({ name: 'sort twice', method: 'get', url: `${url}?sort=a&sort=b`, field: 'sort' });
    } else {
      out.push({ name: 'an unknown query parameter', method: r.method, url: `${url}?foo=1`, body: valid[key] ?? (r.bodyDto ? {} : undefined), field: 'foo' });
    }
    // body
    if (r.bodyDto && (r.method === 'post' || r.method === 'put')) {
      const base = valid[key] ?? {};
      out.push({ name: 'a JSON array body', method: r.method, url, body: [base], field: null });
      out.push({ name: 'malformed JSON', method: r.method, url, raw: '{"a": ', field: null });
      out.push({
        name: 'a __proto__ field',
        method: r.method,
        url,
        raw: JSON.stringify(base).replace(/^\{/, '{"__proto__":{"admin":true},').replace(',}', '}'),
        field: null,
      });
      const fields = dtoFieldMeta(r.bodyDto);
      for (const [k, v] of Object.entries(SMUGGLED))
        if (!fields.has(k)) out.push({ name: `an unknown field ${k}`, method: r.method, url, body: { ...base, [k]: v }, field: k });
      for (const [name, f] of fields) {
        for (const bad of wrongValues(f))
          out.push({ name: `${name} = ${JSON.stringify(bad)?.slice(0, 24)}`, method: r.method, url, body: { ...base, [name]: bad }, field: name });
        if (!f.optional && name in base) {
          const rest = { ...base };
          delete rest[name];
          out.push({ name: `missing ${name}`, method: r.method, url, body: rest, field: name });
        }
      }
    }
    return out;
  }

  it('refuses every mutation of every route', async () => {
    const failures: string[] = [];
    // The database is compared once for the whole sweep (every request is refused, so none may change it): what changed
    // is named by table below; the request that did it, by running the sweep again with a comparison per request.
    const before = await fingerprint();
    for (const r of routes) {
      for (const m of mutations(r)) {
        tried++;
        const req = t.http()[m.method](m.url).set('Authorization', `Bearer ${token}`).set('X-Lang', 'en');
        let res;
        if (m.raw !== undefined) res = await req.set('Content-Type', 'application/json').send(m.raw);
        else if (m.body !== undefined) res = await req.set('Content-Type', 'application/json').send(JSON.stringify(m.body));
        else res = await req;
        if (res.status >= 500) fiveHundreds++;
        const errors = (res.body as { errors?: Record<string, unknown> }).errors;
        const namesField = m.field === null || (errors !== undefined && Object.keys(errors).some((k) => k === m.field || k.startsWith(`${m.field}.`)));
        if (res.status !== 400 || typeof errors !== 'object' || !namesField) {
          failures.push(`${r.method.toUpperCase()} ${r.path} with ${m.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
    }
    const after = await fingerprint();
    for (const [part, value] of before) if (after.get(part) !== value) failures.push(`the sweep changed the database: ${part}`);
    expect(failures).toEqual([]);
    expect(fiveHundreds).toBe(0);
  });
});
