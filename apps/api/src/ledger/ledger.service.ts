import { Injectable } from '@nestjs/common';
import { LedgerEntryEntity, LedgerTransactionEntity, USER_BALANCE_COLUMN, UserEntity, isUniqueViolation, type LedgerAccount } from '@sum28/database';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/api-error';

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
  async post(m: EntityManager, posting: Posting, now: number): Promise<Map<number, UserBalances>> {
    assertBalanced(posting);
    let txId: number;
    try {
      const inserted = await m.insert(LedgerTransactionEntity, {
        unique_key: posting.uniqueKey,
        kind: posting.kind,
        user_id: posting.userId ?? null,
        ref_type: posting.refType ?? '',
        ref_id: posting.refId ?? null,
        created_at: now,
      });
      txId = Number(inserted.identifiers[0]?.id);
    } catch (e) {
      if (isUniqueViolation(e)) throw new DuplicatePostingError(posting.uniqueKey);
      throw e;
    }
    // Debits first, so a shortfall is found before anything else is written (it rolls back anyway).
    const userLines = posting.lines.filter((l) => l.userId !== undefined).sort((a, b) => a.amount - b.amount);
    const touched = new Set<number>();
    for (const line of userLines) {
      const column = USER_BALANCE_COLUMN[line.account as keyof typeof USER_BALANCE_COLUMN];
      const userId = line.userId as number;
      const result = await m
        .createQueryBuilder()
        .update(UserEntity)
        .set({ [column]: () => `${column} + :delta`, updated_at: now })
        .where(`id = :id AND ${column} + :delta >= 0`, { id: userId, delta: line.amount })
        .execute();
      if (result.affected !== 1) throw new ApiError('INSUFFICIENT_FUNDS');
      touched.add(userId);
    }
    await m.insert(
      LedgerEntryEntity,
      posting.lines.map((l) => ({ tx_id: txId, account: l.account, user_id: l.userId ?? null, amount_minor: l.amount, created_at: now })),
    );
    const balances = new Map<number, UserBalances>();
    for (const id of touched) balances.set(id, await this.balances(m, id));
    return balances;
  }

  async balances(m: EntityManager, userId: number): Promise<UserBalances> {
    const u = await m.findOne(UserEntity, { where: { id: userId }, select: { id: true, money_minor: true, lock_money_minor: true } });
    if (!u) throw new Error(`user ${userId} not found`);
    return { money: u.money_minor, lock: u.lock_money_minor };
  }
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
