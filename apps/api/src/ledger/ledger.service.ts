import { marks } from '../common/db/sql';
import { Injectable, Optional } from '@nestjs/common';
import { USER_BALANCE_COLUMN, UserEntity, isUniqueViolation, kindOf, positional, type LedgerAccount } from '@sum28/database';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';
import { BalanceEpochs } from './balance-epochs';
import { returningRows } from '../common/db/returning';

export interface PostingLine {
  account: LedgerAccount;
  /** required for user_available / user_frozen, absent for house accounts */
  userId?: number;
  /** signed minor units; the lines of one posting sum to zero */
  amount: number;
}

export interface Posting {
  /** makes the event happen at most once, e.g. `bet:42:stake`, `capital:7:resolve` */
  uniqueKey: string;
  kind: string;
  userId?: number;
  refType?: string;
  refId?: number;
  lines: PostingLine[];
}

export interface UserBalances {
  money: number;
  lock: number;
}

/** Thrown (inside the caller's transaction, so everything rolls back) when a posting was already made. */
export class DuplicatePostingError extends Error {
  constructor(readonly uniqueKey: string) {
    super(`posting ${uniqueKey} already exists`);
  }
}

/**
 * The only writer of balances. A posting's lines sum to zero; user balances (users.money_minor /
 * lock_money_minor, caches of the ledger) change in the same transaction as the entries, each with a
 * conditional UPDATE that refuses to go below zero, so check-and-debit is one atomic statement.
 * Call it inside TxRunner.write().
 */
@Injectable()
export class LedgerService {
  /** `epochs` is absent only where a script posts outside the app (test factories). */
  constructor(@Optional() private readonly epochs?: BalanceEpochs) {}

  async post(m: EntityManager, posting: Posting, now: number): Promise<Map<number, UserBalances>> {
    assertBalanced(posting);
    // Plain SQL (a few statements, RETURNING instead of read-backs): this runs once per bet, and the ORM's
    // insert/update builders cost several times the statements themselves (docs/performance.md).
    const kind = kindOf(m.connection);
    const userLines = posting.lines.filter((l) => l.userId !== undefined);
    if (kind === 'postgres' && userLines.length === 1) return this.postOneStatement(m, posting, userLines[0] as PostingLine, now);
    let txId: number;
    try {
      const inserted = (await returningRows(
        m,
        positional(kind, `INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
        [posting.uniqueKey, posting.kind, posting.userId ?? null, posting.refType ?? '', posting.refId ?? null, now],
      )) as { id: number | string }[];
      txId = Number(inserted[0]?.id);
    } catch (e) {
      if (isUniqueViolation(e)) throw new DuplicatePostingError(posting.uniqueKey);
      throw e;
    }
    // Debits first, so a shortfall is found before anything else is written (it rolls back anyway).
    userLines.sort((a, b) => a.amount - b.amount);
    const balances = new Map<number, UserBalances>();
    for (const line of userLines) {
      const column = USER_BALANCE_COLUMN[line.account as keyof typeof USER_BALANCE_COLUMN];
      const userId = line.userId as number;
      const rows = (await returningRows(
        m,
        positional(
          kind,
          `UPDATE users SET ${column} = ${column} + ?, updated_at = ? WHERE id = ? AND ${column} + ? >= 0 RETURNING money_minor, lock_money_minor`,
        ),
        [line.amount, now, userId, line.amount],
      )) as { money_minor: number | string; lock_money_minor: number | string }[];
      const row = rows[0];
      if (rows.length !== 1 || row === undefined) throw new ApiError('INSUFFICIENT_FUNDS');
      balances.set(userId, { money: safe(row.money_minor), lock: safe(row.lock_money_minor) });
      this.epochs?.touch(m, userId);
    }
    await m.query(
      positional(
        kind,
        `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at) VALUES ${posting.lines.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      ),
      posting.lines.flatMap((l) => [txId, l.account, l.userId ?? null, l.amount, now]),
    );
    return balances;
  }

  /**
   * Several postings in one go (a batch of bets): the same rules as `post` for each, in a fixed number of
   * statements whatever their number: the transaction rows, one conditional UPDATE per balance column with
   * every player's summed change (a player whose balance would go below zero updates no row, and the whole
   * call throws INSUFFICIENT_FUNDS, so the caller's transaction rolls back), then every line. Answers each
   * changed player's balances after all the postings.
   */
  async postMany(m: EntityManager, postings: Posting[], now: number): Promise<Map<number, UserBalances>> {
    if (postings.length === 1) return this.post(m, postings[0] as Posting, now);
    if (postings.length === 0) return new Map();
    for (const p of postings) assertBalanced(p);
    const kind = kindOf(m.connection);
    let inserted: { id: number | string; unique_key: string }[];
    try {
      inserted = (await returningRows(
        m,
        positional(
          kind,
          `INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at) VALUES ${postings.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')} RETURNING id, unique_key`,
        ),
        postings.flatMap((p) => [p.uniqueKey, p.kind, p.userId ?? null, p.refType ?? '', p.refId ?? null, now]),
      )) as typeof inserted;
    } catch (e) {
      if (isUniqueViolation(e)) throw new DuplicatePostingError(postings.map((p) => p.uniqueKey).join(', '));
      throw e;
    }
    const txIds = new Map(inserted.map((r) => [r.unique_key, Number(r.id)]));
    // Each balance column's change per player, summed over the postings.
    const changes = new Map<string, Map<number, number>>();
    for (const p of postings) {
      for (const l of p.lines) {
        if (l.userId === undefined) continue;
        const column = USER_BALANCE_COLUMN[l.account as keyof typeof USER_BALANCE_COLUMN];
        const byUser = changes.get(column) ?? new Map<number, number>();
        changes.set(column, byUser);
        byUser.set(l.userId, (byUser.get(l.userId) ?? 0) + l.amount);
      }
    }
    const balances = new Map<number, UserBalances>();
    for (const [column, byUser] of changes) {
      const users = [...byUser.keys()].sort((a, b) => a - b);
      const change = `CASE id ${users.map(() => 'WHEN ? THEN CAST(? AS BIGINT)').join(' ')} END`;
      const changeParams = users.flatMap((u) => [u, byUser.get(u) as number]);
      const rows = (await returningRows(
        m,
        positional(
          kind,
          `UPDATE users SET ${column} = ${column} + ${change}, updated_at = ?
            WHERE id IN (${marks(users)}) AND ${column} + ${change} >= 0 RETURNING id, money_minor, lock_money_minor`,
        ),
        [...changeParams, now, ...users, ...changeParams],
      )) as { id: number | string; money_minor: number | string; lock_money_minor: number | string }[];
      if (rows.length !== users.length) throw new ApiError('INSUFFICIENT_FUNDS');
      for (const r of rows) balances.set(Number(r.id), { money: safe(r.money_minor), lock: safe(r.lock_money_minor) });
    }
    const lines = postings.flatMap((p) => p.lines.map((l) => ({ txId: txIds.get(p.uniqueKey), ...l })));
    if (lines.some((l) => l.txId === undefined)) throw new Error('a ledger transaction of the batch was not inserted');
    await m.query(
      positional(
        kind,
        `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at) VALUES ${lines.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
      ),
      lines.flatMap((l) => [l.txId, l.account, l.userId ?? null, l.amount, now]),
    );
    for (const userId of balances.keys()) this.epochs?.touch(m, userId);
    return balances;
  }

  /**
   * PostgreSQL, a posting with one user line (a bet's stake, a payout, a recharge): the transaction row, the
   * conditional balance update and the lines in ONE statement (data-modifying CTEs) instead of three round
   * trips. Same rules: a repeated unique key fails the whole statement (DuplicatePostingError), and a balance
   * that would go below zero updates no row, so INSUFFICIENT_FUNDS is thrown and the caller's transaction,
   * with what this statement wrote, rolls back. (One statement cannot update a row twice, hence one user line.)
   */
  private async postOneStatement(m: EntityManager, posting: Posting, line: PostingLine, now: number): Promise<Map<number, UserBalances>> {
    const column = USER_BALANCE_COLUMN[line.account as keyof typeof USER_BALANCE_COLUMN];
    const userId = line.userId as number;
    const params: unknown[] = [posting.uniqueKey, posting.kind, posting.userId ?? null, posting.refType ?? '', posting.refId ?? null, now, line.amount, userId];
    const values = posting.lines.map((l) => {
      params.push(l.account, l.userId ?? null, l.amount);
      const n = params.length;
      return `($${n - 2}::varchar, $${n - 1}::integer, $${n}::bigint)`;
    });
    let rows: { money_minor: number | string | null; lock_money_minor: number | string | null }[];
    try {
      rows = (await m.query(
        `WITH t AS (
           INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id
         ), u AS (
           UPDATE users SET ${column} = ${column} + $7, updated_at = $6 WHERE id = $8 AND ${column} + $7 >= 0 RETURNING money_minor, lock_money_minor
         ), e AS (
           INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at)
           SELECT t.id, v.account, v.user_id, v.amount, $6 FROM t CROSS JOIN (VALUES ${values.join(', ')}) AS v(account, user_id, amount)
         )
         SELECT u.money_minor, u.lock_money_minor FROM t LEFT JOIN u ON TRUE`,
        params,
      )) as typeof rows;
    } catch (e) {
      if (isUniqueViolation(e)) throw new DuplicatePostingError(posting.uniqueKey);
      throw e;
    }
    const row = rows[0];
    if (rows.length !== 1 || row === undefined || row.money_minor === null || row.lock_money_minor === null) throw new ApiError('INSUFFICIENT_FUNDS');
    this.epochs?.touch(m, userId);
    return new Map([[userId, { money: safe(row.money_minor), lock: safe(row.lock_money_minor) }]]);
  }

  async balances(m: EntityManager, userId: number): Promise<UserBalances> {
    const u = await m.findOne(UserEntity, { where: { id: userId }, select: { id: true, money_minor: true, lock_money_minor: true } });
    if (!u) throw new Error(`user ${userId} not found`);
    return { money: u.money_minor, lock: u.lock_money_minor };
  }
}

/** A stored integer (PostgreSQL answers bigint as a string) as a safe JS number. */
function safe(v: number | string): number {
  const x = typeof v === 'string' ? Number(v) : v;
  if (!Number.isSafeInteger(x)) throw new Error(`balance out of safe range: ${String(v)}`);
  return x;
}

export function assertBalanced(p: Posting): void {
  if (p.lines.length < 2) throw new Error(`posting ${p.uniqueKey} needs at least two lines`);
  let sum = 0;
  for (const l of p.lines) {
    if (!Number.isSafeInteger(l.amount) || l.amount === 0) throw new Error(`posting ${p.uniqueKey}: bad amount ${l.amount}`);
    const isUser = l.account === 'user_available' || l.account === 'user_frozen';
    if (isUser !== (l.userId !== undefined)) throw new Error(`posting ${p.uniqueKey}: ${l.account} ${isUser ? 'needs' : 'takes no'} user`);
    sum += l.amount;
  }
  if (sum !== 0) throw new Error(`posting ${p.uniqueKey} does not balance (${sum})`);
}
