import { consoleCall, createConsoleApp, roleTokens } from './console-fixtures';
import { registerPlayer, type TestApp } from './factories/test-app';
import { post } from './wallet-fixtures';
import type { Role } from '../src/console/roles';

/** The player page's ledger and sessions tabs: read-only lists filtered by player, for every role, never a token. */
describe('console player records (ledger entries, sessions)', () => {
  let t: TestApp;
  let tok: Record<Role, string>;
  beforeAll(async () => {
    t = await createConsoleApp();
    tok = await roleTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists one player's ledger postings (signed amounts, the transaction's kind) and exports them with the filter", async () => {
    const p = await registerPlayer(t);
    const other = await registerPlayer(t);
    for (const who of [p, other]) expect((await post(t, 'recharge', who.token, { money: '150.25', type: 'TWD' })).body.code).toBe(1);
    const logs = await consoleCall(t, 'get', `/admin-api/capital-logs?filter=${encodeURIComponent(JSON.stringify({ user_id: p.userId }))}`, tok.finance);
    expect((await consoleCall(t, 'post', `/admin-api/capital-logs/${logs.body[0].id}/approve`, tok.finance, {})).status).toBe(200);

    const filter = encodeURIComponent(JSON.stringify({ user_id: p.userId }));
    const res = await consoleCall(t, 'get', `/admin-api/ledger-entries?filter=${filter}`, tok.support);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toMatch(/^ledger-entries 0-0\/1$/);
    expect(res.body).toEqual([expect.objectContaining({ user_id: p.userId, account: expect.any(String), amount: 150.25, kind: expect.any(String) })]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['account', 'amount', 'created_at', 'id', 'kind', 'ref_id', 'ref_type', 'tx_id', 'user_id']);

    const csv = await consoleCall(t, 'get', `/admin-api/ledger-entries/export.csv?filter=${filter}`, tok.support);
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,tx_id,user_id,account,amount,kind,ref_type,ref_id,created_at');
    expect(lines).toHaveLength(2);

    expect((await consoleCall(t, 'get', `/admin-api/ledger-entries?filter=${encodeURIComponent(JSON.stringify({ nope: 1 }))}`, tok.support)).status).toBe(400);
    expect((await consoleCall(t, 'get', '/admin-api/ledger-entries', null)).status).toBe(401);
  });

  it("lists one player's sessions without any token or hash, revoked ones marked", async () => {
    const p = await registerPlayer(t);
    expect((await post(t, 'logout', p.token, {})).body.code).toBe(1);
    const filter = encodeURIComponent(JSON.stringify({ user_id: p.userId }));
    for (const role of ['support', 'finance', 'operator', 'superadmin'] as const) {
      const res = await consoleCall(t, 'get', `/admin-api/user-sessions?filter=${filter}`, tok[role]);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(Object.keys(res.body[0]).sort()).toEqual(['created_at', 'expires_at', 'id', 'ip', 'revoked_at', 'user_id']);
      expect(res.body[0].revoked_at).toEqual(expect.any(Number));
      expect(JSON.stringify(res.body)).not.toContain(p.token);
    }
    const csv = await consoleCall(t, 'get', `/admin-api/user-sessions/export.csv?filter=${filter}`, tok.support);
    expect(
      csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')[0],
    ).toBe('id,user_id,ip,created_at,expires_at,revoked_at');
  });
});
