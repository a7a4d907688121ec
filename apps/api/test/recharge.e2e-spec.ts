import { translate } from '@sum28/contracts';
import { CapitalLogEntity, IdempotencyKeyEntity } from '@sum28/database';
import { createTestApp, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';
import { balances, countRows, post, postings, setSetting, withdrawer, type Withdrawer } from './wallet-fixtures';

/** T20: every amount a client could send that is not a valid positive amount of at most 2 decimals. */
const BAD_AMOUNTS: [string, unknown][] = [
  ['-1', -1],
  ['0', 0],
  ['"0"', '0'],
  ['0.001', 0.001],
  ['"0.001"', '0.001'],
  ['"1e3"', '1e3'],
  ['1e21', 1e21],
  ['2^53', 2 ** 53],
  ['"2^63"', '9223372036854775808'],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['null', null],
  ['""', ''],
  ['"  100"', '  100'],
  ['"100.001"', '100.001'],
  ['"0x64"', '0x64'],
  ['"10,000"', '10,000'],
  ['"１００" (full width)', '１００'],
  ['true', true],
  ['[]', []],
  ['[100]', [100]],
  ['{}', {}],
  ['{"value":100}', { value: 100 }],
  ['-0.5', -0.5],
  ['"-100"', '-100'],
];
/** Fields a caller does not own, smuggled next to a valid request. */
const SMUGGLED: [string, unknown][] = [
  ['status', 1],
  ['money_minor', 1_000_000],
  ['approvedBy', 1],
  ['balance', 5],
  ['user_id', 1],
  ['lock_money', 0],
  ['resolved_by', 1],
];

describe('user/recharge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('records a pending recharge (capital log type 0, status 0) and moves no money', async () => {
    const p = await registerPlayer(t);
    const before = await postings(t);
    const res = await post(t, 'recharge', p.token, { money: '150.50', type: 'USDT', lang: 'en' });
    expect(res.body).toMatchObject({ code: 1, msg: translate('en', 'SUBMITTED'), data: { status: 0 } });
    expect(res.body.data.order_no).toMatch(/^R\d{10}$/);
    const log = await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ id: res.body.data.id });
    expect(log).toMatchObject({
      user_id: p.userId,
      type: 0,
      status: 0,
      quantity_minor: 15_050,
      currency: 'USDT',
      over_minor: null,
      requested_by: null,
      resolved_by: null,
    });
    expect(await postings(t)).toBe(before);
    expect(await balances(t, p.userId)).toEqual({ money: 0, lock: 0 });
    expect((await ledgerViolations(t)).violations).toBe(0);
  });

  it.each([
    ['below the minimum', { money: '99.99', type: 'TWD' }, 'RECHARGE_MIN'],
    ['an unknown currency', { money: '100', type: 'XXX' }, 'CURRENCY_INVALID'],
    ['a lower-case currency', { money: '100', type: 'twd' }, 'CURRENCY_INVALID'],
    ['no amount', { type: 'TWD' }, 'AMOUNT_REQUIRED'],
  ])('refuses %s', async (_name, body, error) => {
    const p = await registerPlayer(t);
    const logs = await countRows(t, 'capital_logs');
    const res = await post(t, 'recharge', p.token, { ...body, lang: 'en' });
    expect(res.body.error).toBe(error);
    expect(res.body.msg).toBe(translate('en', error as never, res.body.params));
    expect(await countRows(t, 'capital_logs')).toBe(logs);
  });

  it('accepts every one of the 15 currencies', async () => {
    const p = await registerPlayer(t);
    for (const type of ['TWD', 'HKD', 'MYR', 'RMB', 'USDT', 'USD', 'GBP', 'SGD', 'EUR', 'JPY', 'CHF', 'CAD', 'AUD', 'NZD', 'INR']) {
      expect((await post(t, 'recharge', p.token, { money: 100, type })).body.code).toBe(1);
    }
  });

  it('refuses a currency the operator disabled', async () => {
    const p = await registerPlayer(t);
    const all = { TWD: 1, HKD: 1, MYR: 1, RMB: 1, USDT: 1, USD: 1, GBP: 1, SGD: 1, EUR: 1, JPY: 1, CHF: 1, CAD: 1, AUD: 1, NZD: 1, INR: 1 };
    const { INR: _inr, ...withoutInr } = all;
    await setSetting(t, 'currencies', withoutInr);
    try {
      expect((await post(t, 'recharge', p.token, { money: 100, type: 'INR' })).body.error).toBe('CURRENCY_INVALID');
    } finally {
      await setSetting(t, 'currencies', all);
    }
  });

  it('refuses visitors (group 2) with VISITOR_FORBIDDEN', async () => {
    const res = await t
      .http()
      .post('/index.php/api/user/register')
      .send({ username: `vis${Date.now() % 1e8}`, password: 'secret-pw-123', inviter_id: 1, group_id: 2, adult: true });
    const token = res.body.data.userinfo.token as string;
    const r = await post(t, 'recharge', token, { money: 100, type: 'TWD', lang: 'en' });
    expect(r.body.error).toBe('VISITOR_FORBIDDEN');
    expect(r.body.msg).toBe(translate('en', 'VISITOR_FORBIDDEN'));
  });

  it('refuses without a session (50008)', async () => {
    expect((await post(t, 'recharge', null, { money: 100, type: 'TWD' })).body.code).toBe(50008);
  });

  describe('T20: money input abuse on recharge and withdrawAction', () => {
    let w: Withdrawer;
    let tried = 0;
    let accepted = 0;
    let fiveHundreds = 0;
    beforeAll(async () => {
      await setSetting(t, 'turnover_multiplier_bps', 0);
      w = await withdrawer(t, 1_000_000);
    });
    afterAll(async () => {
      await setSetting(t, 'turnover_multiplier_bps', 10_000);
      console.log(
        `T20: ${tried} bad money requests tried on recharge and withdrawAction (JSON and form bodies), accepted = ${accepted}, 5xx = ${fiveHundreds}`,
      );
    });

    async function expectRefused(path: string, body: Record<string, unknown>, form = false): Promise<string> {
      tried++;
      const postingsBefore = await postings(t);
      const logsBefore = await countRows(t, 'capital_logs');
      const keysBefore = await countRows(t, 'idempotency_keys');
      const req = t.http().post(`/index.php/api/user/${path}`).set('token', w.token);
      const res = form
        ? await req.type('form').send(
            Object.entries({ ...body, lang: 'en' })
              .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
              .join('&'),
          )
        : await req.send({ ...body, lang: 'en' });
      if (res.status >= 500) fiveHundreds++;
      if (res.body.code === 1) accepted++;
      expect(res.status).toBe(200);
      expect(res.body.code).not.toBe(1);
      expect(typeof res.body.error).toBe('string');
      expect(res.body.msg).toBe(translate('en', res.body.error, res.body.params));
      expect(res.body.msg.length).toBeGreaterThan(5);
      expect(await postings(t)).toBe(postingsBefore);
      expect(await countRows(t, 'capital_logs')).toBe(logsBefore);
      expect(await countRows(t, 'idempotency_keys')).toBe(keysBefore);
      expect(await balances(t, w.userId)).toEqual({ money: 1_000_000, lock: 0 });
      return res.body.error as string;
    }

    it.each(BAD_AMOUNTS)('recharge refuses money = %s', async (_name, money) => {
      expect(await expectRefused('recharge', { money, type: 'TWD', idempotency_key: `bad-r-${tried}` })).toMatch(/^(AMOUNT_|RECHARGE_MIN|VALIDATION_FAILED)/);
    });

    it.each(BAD_AMOUNTS)('withdrawAction refuses money = %s', async (_name, money) => {
      expect(await expectRefused('withdrawAction', { type: 0, money, securityCode: w.code, idempotency_key: `bad-w-${tried}` })).toMatch(
        /^(AMOUNT_|WITHDRAW_MIN|WITHDRAW_AMOUNT_REQUIRED|VALIDATION_FAILED)/,
      );
    });

    it.each(BAD_AMOUNTS.filter(([, v]) => v !== null && typeof v !== 'object'))('both refuse money = %s in a form-encoded body', async (_name, money) => {
      expect(await expectRefused('recharge', { money: String(money), type: 'TWD' }, true)).toMatch(/^(AMOUNT_|RECHARGE_MIN|VALIDATION_FAILED)/);
      expect(await expectRefused('withdrawAction', { type: 0, money: String(money), securityCode: w.code }, true)).toMatch(
        /^(AMOUNT_|WITHDRAW_MIN|WITHDRAW_AMOUNT_REQUIRED|VALIDATION_FAILED)/,
      );
    });

    it.each(SMUGGLED)('both refuse a smuggled field %s with UNKNOWN_FIELD', async (field, value) => {
      expect(await expectRefused('recharge', { money: '100', type: 'TWD', [field]: value })).toBe('UNKNOWN_FIELD');
      expect(await expectRefused('withdrawAction', { type: 0, money: '100', securityCode: w.code, [field]: value })).toBe('UNKNOWN_FIELD');
    });

    it('both refuse a __proto__ field', async () => {
      for (const [path, body] of [
        ['recharge', { money: '100', type: 'TWD' }],
        ['withdrawAction', { type: 0, money: '100', securityCode: w.code }],
      ] as const) {
        tried++;
        const before = await postings(t);
        const raw = JSON.stringify(body).replace(/^\{/, '{"__proto__":{"status":1},');
        const res = await t.http().post(`/index.php/api/user/${path}`).set('token', w.token).set('Content-Type', 'application/json').send(raw);
        expect(res.status).toBeLessThan(500);
        expect(res.body.code).not.toBe(1);
        expect(await postings(t)).toBe(before);
      }
    });

    it('leaves the ledger consistent (0 violations) and the same valid amounts still work', async () => {
      expect((await ledgerViolations(t)).violations).toBe(0);
      expect((await post(t, 'recharge', w.token, { money: '100.00', type: 'TWD' })).body.code).toBe(1);
      expect((await post(t, 'withdrawAction', w.token, { type: 0, money: 100, securityCode: w.code })).body.code).toBe(1);
      expect(await balances(t, w.userId)).toEqual({ money: 990_000, lock: 10_000 });
      expect((await ledgerViolations(t)).violations).toBe(0);
    });
  });

  describe('idempotency (T3, T4)', () => {
    it('10 sequential repeats with one key record one recharge and answer the same body', async () => {
      const p = await registerPlayer(t);
      const before = await countRows(t, 'capital_logs');
      const answers = [];
      for (let i = 0; i < 10; i++) answers.push((await post(t, 'recharge', p.token, { money: '300', type: 'TWD', idempotency_key: 'rc-seq-0001' })).body);
      expect(new Set(answers.map((a) => JSON.stringify({ code: a.code, msg: a.msg, data: a.data }))).size).toBe(1);
      expect(answers[0].code).toBe(1);
      expect(await countRows(t, 'capital_logs')).toBe(before + 1);
      console.log(`T3 recharge: 10 sequential replays of one key, effects = ${(await countRows(t, 'capital_logs')) - before}`);
    });

    it('10 concurrent repeats with one key record one recharge', async () => {
      const p = await registerPlayer(t);
      const before = await countRows(t, 'capital_logs');
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(t, 'recharge', p.token, { money: 300, type: 'TWD', idempotency_key: 'rc-conc-0001' })),
      );
      const ok = answers.filter((a) => a.body.code === 1);
      expect(answers.every((a) => a.body.code === 1 || a.body.error === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
      expect(new Set(ok.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
      expect(await countRows(t, 'capital_logs')).toBe(before + 1);
      console.log(
        `T3 recharge: 10 concurrent replays of one key, ${ok.length} answered the same body, effects = ${(await countRows(t, 'capital_logs')) - before}`,
      );
    });

    it('treats "300", 300 and "300.00" as the same request', async () => {
      const p = await registerPlayer(t);
      const a = await post(t, 'recharge', p.token, { money: '300', type: 'TWD', idempotency_key: 'rc-norm-0001' });
      const b = await post(t, 'recharge', p.token, { money: 300, type: 'TWD', idempotency_key: 'rc-norm-0001' });
      const c = await post(t, 'recharge', p.token, { money: '300.00', type: 'TWD', idempotency_key: 'rc-norm-0001' });
      expect(b.body.data).toEqual(a.body.data);
      expect(c.body.data).toEqual(a.body.data);
    });

    it('refuses the same key with another body (IDEMPOTENCY_MISMATCH) and records nothing', async () => {
      const p = await registerPlayer(t);
      expect((await post(t, 'recharge', p.token, { money: 300, type: 'TWD', idempotency_key: 'rc-mis-0001' })).body.code).toBe(1);
      const before = await countRows(t, 'capital_logs');
      let refused = 0;
      for (const body of [
        { money: 301, type: 'TWD' },
        { money: 300, type: 'USD' },
      ]) {
        const res = await post(t, 'recharge', p.token, { ...body, idempotency_key: 'rc-mis-0001', lang: 'en' });
        expect(res.body.error).toBe('IDEMPOTENCY_MISMATCH');
        expect(res.body.msg).toBe(translate('en', 'IDEMPOTENCY_MISMATCH'));
        refused++;
      }
      expect(await countRows(t, 'capital_logs')).toBe(before);
      console.log(`T4 recharge: ${refused} mismatched replays tried, 0 accepted`);
    });

    it('the checker (I9b) flags a stored answer that names another player’s capital log or no capital log', async () => {
      const a = await registerPlayer(t);
      const b = await registerPlayer(t);
      const bLog = (await post(t, 'recharge', b.token, { money: 100, type: 'TWD' })).body.data.id as number;
      expect((await ledgerViolations(t)).violations).toBe(0);
      const repo = t.ds.getRepository(IdempotencyKeyEntity);
      const forged = [
        { scope: `recharge:${a.userId}`, key: 'forged-0001', request_hash: 'x', response: { value: { id: bLog } }, created_at: 1 },
        { scope: `withdraw:${a.userId}`, key: 'forged-0002', request_hash: 'x', response: { value: { id: 99_999_999 } }, created_at: 1 },
      ];
      await repo.insert(forged);
      try {
        const v = await ledgerViolations(t);
        expect(v.failing.map((c) => (c as { id: string; violations: number }).id)).toEqual(['I9b']);
        expect(v.violations).toBe(2);
      } finally {
        await repo.delete({ key: 'forged-0001' });
        await repo.delete({ key: 'forged-0002' });
      }
      expect((await ledgerViolations(t)).violations).toBe(0);
    });

    it("keys are per player: another player's key does not reach the first player's answer", async () => {
      const a = await registerPlayer(t);
      const b = await registerPlayer(t);
      const ra = await post(t, 'recharge', a.token, { money: 300, type: 'TWD', idempotency_key: 'rc-shared-0001' });
      const rb = await post(t, 'recharge', b.token, { money: 300, type: 'TWD', idempotency_key: 'rc-shared-0001' });
      expect(rb.body.code).toBe(1);
      expect(rb.body.data.id).not.toBe(ra.body.data.id);
      expect((await t.ds.getRepository(CapitalLogEntity).findOneByOrFail({ id: rb.body.data.id })).user_id).toBe(b.userId);
      expect((await ledgerViolations(t)).violations).toBe(0);
    });
  });
});
