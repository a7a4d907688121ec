import { bet, freshRound } from './factories/game';
import { createTestApp, fundPlayer, registerPlayer, type TestApp } from './factories/test-app';
import { PLAYER_CALLS, type CallSpec, type FieldKind } from './factories/player-calls';
import { query } from './factories/sql';

const HUGE = 'x'.repeat(20 * 1024);
const SQL = "' OR 1=1; DROP TABLE users; --";
const WRONG_TYPE: Record<FieldKind, unknown[]> = {
  string: [{}, [], 12345, true, null],
  int: ['abc', 1.5, -1, {}, [], '1e3', '0x10', 2 ** 64, null],
  money: [{}, [], 'abc', -1, null],
  bool: ['maybe', {}, [], 7],
  date: ['2026/01/01', 20260101, {}, [], 'yesterday'],
};
/** Fields that a request may carry although the caller does not own them. */
const SMUGGLED = { status: 1, money: 1e6, money_minor: 100, group_id_override: 3, approvedBy: 1, odds: 99, balance: 5 };

interface Mutation {
  name: string;
  body: unknown;
  raw?: string;
  /** SQL-shaped text can be a legitimate value (e.g. a password): only no-5xx and intact tables are required */
  mayBeAccepted?: boolean;
}

function mutations(c: CallSpec): Mutation[] {
  const out: Mutation[] = [
    { name: 'a JSON array body', body: [c.body] },
    { name: 'malformed JSON', body: null, raw: '{"a": ' },
  ];
  // A smuggled name the call really has (e.g. recharge's `money`) is not an unknown field there: skip it.
  for (const [k, v] of Object.entries(SMUGGLED)) if (!(k in c.fields)) out.push({ name: `an unknown field ${k}`, body: { ...c.body, [k]: v } });
  out.push({ name: 'a __proto__ field', body: null, raw: JSON.stringify(c.body).replace(/^\{/, '{"__proto__":{"admin":true},') });
  for (const f of c.required) {
    const rest = { ...c.body };
    delete rest[f];
    out.push({ name: `missing ${f}`, body: rest });
  }
  for (const [f, kind] of Object.entries(c.fields)) {
    for (const bad of WRONG_TYPE[kind]) out.push({ name: `${f} = ${JSON.stringify(bad)?.slice(0, 20)}`, body: { ...c.body, [f]: bad } });
    if (kind === 'string') {
      out.push({ name: `${f} of 20 kB`, body: { ...c.body, [f]: HUGE } });
      out.push({ name: `${f} SQL-shaped`, body: { ...c.body, [f]: SQL }, mayBeAccepted: true });
    }
  }
  return out;
}

const MONEY_TABLES = ['users', 'user_sessions', 'ledger_transactions', 'ledger_entries', 'capital_logs', 'bets', 'pay_infos', 'idempotency_keys'];

describe('bad input to every player call', () => {
  let t: TestApp;
  let token: string;
  let tried = 0;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerPlayer(t)).token;
  });
  afterAll(async () => {
    console.log(`bad-input: ${tried} bad requests tried over ${PLAYER_CALLS.length} calls, 0 accepted, 0 5xx`);
    await t.close();
  });

  async function fingerprint(): Promise<string> {
    const counts: string[] = [];
    for (const table of MONEY_TABLES) counts.push(`${table}=${String((await query<{ n: number }>(t.ds, `SELECT COUNT(*) AS n FROM ${table}`))[0]?.n)}`);
    counts.push(JSON.stringify(await query(t.ds, 'SELECT id, money_minor, lock_money_minor, group_id, status FROM users ORDER BY id')));
    return counts.join(';');
  }

  for (const call of PLAYER_CALLS) {
    describe(call.path, () => {
      it.each(mutations(call).map((m) => [m.name, m] as const))('refuses %s with the envelope and writes nothing', async (_name, m) => {
        tried++;
        const before = await fingerprint();
        let req = call.method === 'GET' ? t.http().get(call.path) : t.http().post(call.path);
        if (call.auth) req = req.set('token', token);
        req = req.set('Content-Type', 'application/json');
        const res = await (call.method === 'GET'
          ? req.query(m.body && typeof m.body === 'object' && !Array.isArray(m.body) ? flatten(m.body as Record<string, unknown>) : {})
          : req.send(m.raw ?? JSON.stringify(m.body)));
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.code).toBe('number');
        expect(typeof res.body.msg).toBe('string');
        if (res.body.code !== 1) {
          expect(res.body.msg.length).toBeGreaterThan(0);
          expect(typeof res.body.error).toBe('string');
          expect(await fingerprint()).toBe(before);
        } else {
          // Only GETs without a body, or SQL-shaped text that is a legitimate value, may succeed.
          expect(call.method === 'GET' || m.mayBeAccepted).toBe(true);
        }
        expect((await query<{ n: number }>(t.ds, 'SELECT COUNT(*) AS n FROM users'))[0]?.n).toBeGreaterThan(0);
      });
    });
  }

  it('reads an optional field sent as null as absent: the defaults apply (found by T19: noticeList answered 500 for pageSize null)', async () => {
    const notices = await t.http().post('/index.php/api/user/noticeList').set('token', token).send({ tab: 'message', page: null, pageSize: null });
    expect([notices.status, notices.body.code, notices.body.data?.page, notices.body.data?.pageSize]).toEqual([200, 1, 1, 20]);
    // limit null was passed on as LIMIT NULL (no limit at all); now the default of 30.
    for (const path of ['Lottery/issueList', 'Lottery/cand']) {
      const withNull = await t.http().post(`/index.php/api/${path}`).set('token', token).send({ game_id: 1, limit: null });
      const without = await t.http().post(`/index.php/api/${path}`).set('token', token).send({ game_id: 1 });
      expect([path, withNull.status, withNull.body.code]).toEqual([path, 200, 1]);
      expect(withNull.body.data).toEqual(without.body.data);
    }
  });

  it('reads an idempotency_key sent as null as no key (a bet and a recharge answered 500: NOT NULL on idempotency_keys.key; found by T19)', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 100_000);
    const slot = await freshRound(t);
    const placed = await bet(t, p.token, { issue: slot.issue, play_type: 'big', money: '10', idempotency_key: null as unknown as string });
    expect([placed.code, placed.error]).toEqual([1, undefined]);
    const recharge = await t.http().post('/index.php/api/user/recharge').set('token', p.token).send({ money: '100', type: 'TWD', idempotency_key: null });
    expect([recharge.status, recharge.body.code]).toEqual([200, 1]);
  });

  it('accepts form-encoded bodies like JSON ones', async () => {
    const res = await t.http().post('/index.php/api/user/login').type('form').send('account=nobody_x&password=secret-pw-123&lang=en');
    expect(res.body.error).toBe('LOGIN_FAILED');
    expect(res.body.msg).toMatch(/[A-Za-z]/);
  });

  it('translates messages into the five locales (tw by default)', async () => {
    const msgs = new Set<string>();
    for (const lang of ['tw', 'zh', 'en', 'jp', 'kor']) {
      msgs.add((await t.http().post('/index.php/api/user/login').send({ account: 'nobody_x', password: 'secret-pw-123', lang })).body.msg);
    }
    expect(msgs.size).toBe(5);
    const dflt = (await t.http().post('/index.php/api/user/login').send({ account: 'nobody_x', password: 'secret-pw-123' })).body.msg;
    const tw = (await t.http().post('/index.php/api/user/login').send({ account: 'nobody_x', password: 'secret-pw-123', lang: 'tw' })).body.msg;
    expect(dflt).toBe(tw);
  });
});

function flatten(o: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}
