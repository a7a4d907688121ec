import { LedgerTransactionEntity, TxRunner, UserEntity } from '@sum28/database';
import { runLedgerCheck } from '../src/ledger/ledger-check';
import { DuplicatePostingError, LedgerService } from '../src/ledger/ledger.service';
import { createTestApp, fundPlayer, ledgerViolations, registerPlayer, type TestApp } from './factories/test-app';

describe(LedgerService.name, () => {
  let t: TestApp;
  let sut: LedgerService;
  let tx: TxRunner;
  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(LedgerService);
    tx = t.app.get(TxRunner);
  });
  afterAll(async () => {
    await t.close();
  });

  const money = async (id: number): Promise<number> => (await t.ds.getRepository(UserEntity).findOneByOrFail({ id })).money_minor;

  it('moves money with a balanced posting and updates the cached balance in the same transaction', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 50_000);
    expect(await money(p.userId)).toBe(50_000);
    expect(await ledgerViolations(t)).toEqual({ violations: 0, failing: [] });
  });

  it.each([
    [
      'an unbalanced posting',
      [
        { account: 'house_cash' as const, amount: -5 },
        { account: 'house_bonus' as const, amount: 4 },
      ],
    ],
    [
      'a fractional amount',
      [
        { account: 'house_cash' as const, amount: -0.5 },
        { account: 'house_bonus' as const, amount: 0.5 },
      ],
    ],
    [
      'a user account without a user',
      [
        { account: 'user_available' as const, amount: 5 },
        { account: 'house_cash' as const, amount: -5 },
      ],
    ],
    ['a single line', [{ account: 'house_cash' as const, amount: 0 }]],
  ])('refuses %s and writes nothing', async (_n, lines) => {
    const before = await t.ds.getRepository(LedgerTransactionEntity).count();
    await expect(tx.write((m) => sut.post(m, { uniqueKey: `bad:${Math.random()}`, kind: 'test', lines }, 1))).rejects.toThrow();
    expect(await t.ds.getRepository(LedgerTransactionEntity).count()).toBe(before);
  });

  it('refuses a debit below zero (conditional update) and rolls the whole transaction back', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 1_000);
    const before = await t.ds.getRepository(LedgerTransactionEntity).count();
    await expect(
      tx.write((m) =>
        sut.post(
          m,
          {
            uniqueKey: `overdraw:${p.userId}`,
            kind: 'test',
            lines: [
              { account: 'user_available', userId: p.userId, amount: -1_001 },
              { account: 'house_game', amount: 1_001 },
            ],
          },
          1,
        ),
      ),
    ).rejects.toMatchObject({ key: 'INSUFFICIENT_FUNDS' });
    expect(await money(p.userId)).toBe(1_000);
    expect(await t.ds.getRepository(LedgerTransactionEntity).count()).toBe(before);
  });

  it('makes each business event happen once (unique key)', async () => {
    const p = await registerPlayer(t);
    const post = (): Promise<unknown> =>
      tx.write((m) =>
        sut.post(
          m,
          {
            uniqueKey: `once:${p.userId}`,
            kind: 'test',
            lines: [
              { account: 'house_bonus', amount: -7 },
              { account: 'user_available', userId: p.userId, amount: 7 },
            ],
          },
          1,
        ),
      );
    await post();
    await expect(post()).rejects.toBeInstanceOf(DuplicatePostingError);
    expect(await money(p.userId)).toBe(7);
  });
});

describe('the invariant checker finds what is wrong', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const failing = async (): Promise<string[]> => (await runLedgerCheck(t.ds)).checks.filter((c) => c.violations > 0).map((c) => c.id);

  it('I3: a balance changed without a posting', async () => {
    const p = await registerPlayer(t);
    await t.ds.query(`UPDATE users SET money_minor = money_minor + 100 WHERE id = ${p.userId}`);
    expect(await failing()).toEqual(['I3']);
  });

  it('I1 and I2: an unbalanced posting written behind the service', async () => {
    await t.ds.query(`INSERT INTO ledger_transactions (unique_key, kind, ref_type, created_at) VALUES ('raw', 'test', '', 1)`);
    await t.ds.query(
      `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at) VALUES (1, 'house_cash', NULL, -5, 1), (1, 'house_bonus', NULL, 4, 1)`,
    );
    expect(await failing()).toEqual(expect.arrayContaining(['I1', 'I2']));
  });

  it('I4: a negative wallet', async () => {
    const p = await registerPlayer(t);
    await t.ds.query(`INSERT INTO ledger_transactions (unique_key, kind, ref_type, created_at) VALUES ('neg', 'test', '', 1)`);
    await t.ds.query(
      `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at) VALUES (1, 'user_available', ${p.userId}, -5, 1), (1, 'house_bonus', NULL, 5, 1)`,
    );
    await t.ds.query(`UPDATE users SET money_minor = -5 WHERE id = ${p.userId}`);
    expect(await failing()).toEqual(['I4']);
  });

  it('I8: an approved recharge without its credit', async () => {
    const p = await registerPlayer(t);
    await t.ds.query(
      `INSERT INTO capital_logs (user_id, type, quantity_minor, over_minor, currency, mark, status, remark, resolved_by, created_at) VALUES (${p.userId}, 0, 100, 0, 'TWD', '', 1, '', 1, 1)`,
    );
    // and the all-time total of approved recharges no longer matches the ledger's (I14)
    expect(await failing()).toEqual(['I8', 'I14']);
  });

  it('I13: ledger:check catches a balance past the cap or past 2^53, planted with its postings', async () => {
    const p = await registerPlayer(t);
    const past = 2 ** 53 + 2; // not a JS safe integer: written as SQL text so it is stored exactly
    await t.ds.query(`INSERT INTO ledger_transactions (unique_key, kind, ref_type, created_at) VALUES ('big', 'test', '', 1)`);
    await t.ds.query(
      `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at) VALUES (1, 'user_available', ${p.userId}, ${past}, 1), (1, 'house_bonus', NULL, -${past}, 1)`,
    );
    await t.ds.query(`UPDATE users SET money_minor = ${past} WHERE id = ${p.userId}`);
    const report = await runLedgerCheck(t.ds);
    expect(report.checks.filter((c) => c.violations > 0).map((c) => c.id)).toEqual(['I13']);
    expect(report.checks.find((c) => c.id === 'I13')?.violations).toBe(3);
  });

  it('I13: a balance within 2^53 but above max_balance is reported too', async () => {
    const p = await registerPlayer(t);
    await fundPlayer(t, p.userId, 500_000);
    expect(await failing()).toEqual([]);
    await t.ds.query(`UPDATE settings SET value = '100000' WHERE key = 'max_balance_minor'`);
    expect(await failing()).toEqual(['I13']);
  });
});
