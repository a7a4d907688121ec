/**
 * Helpers shared by the wallet, withdraw, recharge, approvals, concurrency and ledger-model tests (issue 4).
 * Bets here are direct stake and payout postings through LedgerService inside TxRunner (the posting
 * conventions of ledger-keys.ts), with real bet and round rows so turnover, I5 and I12 see them.
 */
import { BetEntity, CapitalLogEntity, RoundEntity, TxRunner, UserEntity } from '@sum28/database';
import { randomBytes, createHash } from 'node:crypto';
import type { InjectResponse as Response } from './factories/inject';
import { ApiError } from '../src/common/api-error';
import { betPosting } from '../src/ledger/ledger-keys';
import { LedgerService } from '../src/ledger/ledger.service';
import { SettingsService, type SettingKey, type Settings } from '../src/settings/settings.service';
import { ApprovalsService, type StaffRef } from '../src/wallet/approvals.service';
import { bet } from './factories/game';
import { fundPlayer, registerPlayer, uniqueName, type TestApp } from './factories/test-app';

export const FINANCE_A: StaffRef = { id: 9001, role: 'finance' };
export const FINANCE_B: StaffRef = { id: 9002, role: 'finance' };
export const FINANCE_C: StaffRef = { id: 9003, role: 'superadmin' };

export interface Withdrawer {
  token: string;
  userId: number;
  username: string;
  password: string;
  code: string;
  card: string;
  address: string;
}

let cardSeq = 0;
/** A fresh 16-digit card number and a 34-character wallet address, unique per call. */
export function freshAccounts(): { card: string; address: string } {
  cardSeq++;
  const card = `62${String(process.pid % 10_000).padStart(4, '0')}${String(cardSeq).padStart(6, '0')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  const address = `T${randomBytes(20).toString('hex').slice(0, 33)}`;
  return { card, address };
}

export async function post(
  t: TestApp,
  path: string,
  token: string | null,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Response['body'] }> {
  let req = t.http().post(`/index.php/api/user/${path}`).set(headers);
  if (token !== null) req = req.set('token', token);
  const res = await req.send(body);
  return { status: res.status, body: res.body };
}

/** Registers a member, funds it, sets its security code and binds a bank card and a wallet (all through the API). */
export async function withdrawer(t: TestApp, fundMinor = 0, code = '246810'): Promise<Withdrawer> {
  const p = await registerPlayer(t, uniqueName('wd'));
  if (fundMinor > 0) await fundPlayer(t, p.userId, fundMinor);
  const { card, address } = freshAccounts();
  const set = await post(t, 'setSafety', p.token, { new_code: code });
  if (set.body.code !== 1) throw new Error(`setSafety: ${JSON.stringify(set.body)}`);
  const bank = await post(t, 'setPayInfo', p.token, { type: 0, acc: 'Test Holder', acc_name: card, acc_bank: 'Test Bank', securityCode: code });
  if (bank.body.code !== 1) throw new Error(`setPayInfo 0: ${JSON.stringify(bank.body)}`);
  const wallet = await post(t, 'setPayInfo', p.token, { type: 1, acc: address, acc_name: 'trc20', securityCode: code });
  if (wallet.body.code !== 1) throw new Error(`setPayInfo 1: ${JSON.stringify(wallet.body)}`);
  return { ...p, code, card, address };
}

export async function setSetting<K extends SettingKey>(t: TestApp, key: K, value: Settings[K]): Promise<void> {
  await t.app.get(SettingsService).set(key, value);
}

export async function balances(t: TestApp, userId: number): Promise<{ money: number; lock: number }> {
  const u = await t.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
  return { money: u.money_minor, lock: u.lock_money_minor };
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  return Number(((await t.ds.query(`SELECT COUNT(*) AS n FROM ${table}`)) as { n: number | string }[])[0]?.n ?? 0);
}

export const postings = (t: TestApp): Promise<number> => countRows(t, 'ledger_transactions');

export function approvals(t: TestApp): ApprovalsService {
  return t.app.get(ApprovalsService);
}

let issueSeq = 0;
/** An open round of game 1 (far-off close) to hang test bets on. */
export async function openRound(t: TestApp): Promise<number> {
  issueSeq++;
  const seed = randomBytes(32).toString('hex');
  const now = t.clock.now();
  const issue = `T${String(process.pid % 100_000)}${String(issueSeq).padStart(5, '0')}`.slice(0, 16);
  const res = await t.app.get(TxRunner).write((m) =>
    m.insert(RoundEntity, {
      game_id: 1,
      issue,
      day: '20260101',
      seq: issueSeq,
      open_at: now - 60_000,
      close_at: now + 30 * 86_400_000,
      draw_at: now + 30 * 86_400_000 + 1,
      state: 'open',
      seed_hex: seed,
      hash_hex: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
      created_at: now,
    }),
  );
  return Number(res.identifiers[0]?.id);
}

let orderSeq = 0;
/**
 * A bet as the engine places it: bet row + stake posting (user_available -> house_game) in one
 * transaction, user row locked first. Answers the bet id, or the refusal key (INSUFFICIENT_FUNDS).
 */
export async function stake(t: TestApp, userId: number, roundId: number, stakeMinor: number): Promise<number | string> {
  const tx = t.app.get(TxRunner);
  const ledger = t.app.get(LedgerService);
  orderSeq++;
  const orderNo = `TB${process.pid}${orderSeq}${Math.floor(Math.random() * 1e6)}`.slice(0, 32);
  try {
    return await tx.write(async (m) => {
      await tx.lockRow(m, 'users', userId);
      const now = t.clock.now();
      const round = await m.findOneByOrFail(RoundEntity, { id: roundId });
      const res = await m.insert(BetEntity, {
        order_no: orderNo,
        user_id: userId,
        game_id: round.game_id,
        plan_id: 1,
        round_id: roundId,
        issue: round.issue,
        play_type: 'big',
        stake_minor: stakeMinor,
        odds_milli: 1940,
        status: 0,
        created_at: now,
      });
      const betId = Number(res.identifiers[0]?.id);
      await ledger.post(m, betPosting(betId, userId, 'stake', stakeMinor), now);
      return betId;
    });
  } catch (e) {
    if (e instanceof ApiError) return e.key;
    throw e;
  }
}

/** Settles a bet: status 1, and for a win a payout posting house_game -> user_available. */
export async function settle(t: TestApp, betId: number, payoutMinor: number): Promise<void> {
  const tx = t.app.get(TxRunner);
  const ledger = t.app.get(LedgerService);
  await tx.write(async (m) => {
    const bet = await m.findOneByOrFail(BetEntity, { id: betId });
    await tx.lockRow(m, 'users', bet.user_id);
    const now = t.clock.now();
    const won = await m
      .createQueryBuilder()
      .update(BetEntity)
      .set({ status: 1, whether_hit: payoutMinor > 0 ? 1 : 0, payout_minor: payoutMinor, profit_minor: payoutMinor - bet.stake_minor, settled_at: now })
      .where('id = :id AND status = 0', { id: betId })
      .execute();
    if (won.affected !== 1) throw new Error(`bet ${betId} already settled`);
    if (payoutMinor > 0) {
      await ledger.post(m, betPosting(betId, bet.user_id, 'payout', payoutMinor), now);
    }
  });
}

/** Sum of each ledger account (house accounts and all users together). */
export async function accountTotals(t: TestApp): Promise<Record<string, number>> {
  const rows = (await t.ds.query(`SELECT account, SUM(amount_minor) AS s FROM ledger_entries GROUP BY account`)) as { account: string; s: string | number }[];
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.s)]));
}

/** Milliseconds to shift the test clock so that "now" is 12:00 of the platform day (no midnight during the test). */
export function offsetToNoon(tz: string, now = Date.now()): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(now);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const secondsIntoDay = get('hour') * 3600 + get('minute') * 60 + get('second');
  return (12 * 3600 - secondsIntoDay) * 1000;
}

/** p-th percentile of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Cancels a pending bet as a voided round does: status 2 and a refund posting house_game -> user_available. */
export async function cancelBet(t: TestApp, betId: number): Promise<void> {
  const tx = t.app.get(TxRunner);
  const ledger = t.app.get(LedgerService);
  await tx.write(async (m) => {
    const bet = await m.findOneByOrFail(BetEntity, { id: betId });
    await tx.lockRow(m, 'users', bet.user_id);
    const now = t.clock.now();
    const won = await m.createQueryBuilder().update(BetEntity).set({ status: 2, settled_at: now }).where('id = :id AND status = 0', { id: betId }).execute();
    if (won.affected !== 1) throw new Error(`bet ${betId} is not pending`);
    await ledger.post(m, betPosting(betId, bet.user_id, 'refund', bet.stake_minor), now);
  });
}

export interface RaceResult {
  kind: 'bet' | 'withdraw';
  amount: number;
  ok: boolean;
  error?: string;
}

/**
 * One bet-vs-withdraw race through the API (T2): every stake as a Lottery/playOrder bet on `issue` (each
 * after `startMs` plus a random delay within `spreadMs`, so that either side can reach the balance first:
 * the withdrawal checks its security code, some ms of argon2, before its transaction) and one
 * withdrawAction of `withdrawMinor`, all at once, each with `headers` (e.g. the client's X-Forwarded-For).
 * Answers each call's outcome.
 */
export async function raceBetsAndWithdrawal(
  t: TestApp,
  w: Withdrawer,
  issue: string,
  stakes: number[],
  withdrawMinor: number,
  spreadMs: number,
  startMs = 0,
  headers: Record<string, string> = {},
): Promise<RaceResult[]> {
  const jobs: Promise<RaceResult>[] = stakes.map(async (s) => {
    await new Promise((r) => setTimeout(r, startMs + Math.floor(Math.random() * spreadMs)));
    const res = await bet(t, w.token, { issue, play_type: 'big', money: (s / 100).toFixed(2) }, headers);
    return { kind: 'bet' as const, amount: s, ok: res.code === 1, error: res.error };
  });
  jobs.push(
    post(t, 'withdrawAction', w.token, { type: 0, money: (withdrawMinor / 100).toFixed(2), securityCode: w.code }, headers).then((res) => ({
      kind: 'withdraw' as const,
      amount: withdrawMinor,
      ok: res.body.code === 1,
      error: res.body.error as string | undefined,
    })),
  );
  return Promise.all(jobs);
}

/** After a race: finance pays out the player's pending withdrawal holds, then the wallet is topped up to `floorMinor`. */
export async function payHoldsAndTopUp(t: TestApp, userId: number, floorMinor: number): Promise<void> {
  const pending = await t.ds.getRepository(CapitalLogEntity).findBy({ user_id: userId, type: 1, status: 0 });
  for (const p of pending) await approvals(t).approveCapitalLog(p.id, FINANCE_A);
  const now = await balances(t, userId);
  if (now.money < floorMinor) await fundPlayer(t, userId, floorMinor - now.money);
}
