import {
  AUDIT_STATUS,
  BET_STATUS,
  CAPITAL_TYPE,
  DEFAULT_MAX_BALANCE_MINOR,
  drawFromSeed,
  formatMinor,
  hashSeedHex,
  MAX_BALANCE_CEILING_MINOR,
} from '@sum28/domain';
import type { DataSource } from 'typeorm';
import { all, first, num, raw, rowOf, str, type Row } from '../common/db/sql';
import { IDEMPOTENCY_SCOPE, LEDGER_KIND } from './ledger-keys';

export interface CheckResult {
  id: string;
  name: string;
  violations: number;
  samples: unknown[];
}

export interface LedgerReport {
  checks: CheckResult[];
  violations: number;
}

/** A drawn round with its seed and stored result (I6c); `Number()` as read, so a bad value is reported, not thrown. */
const DrawnSeedRow = rowOf({ id: raw, game_id: num, issue: str, seed_hex: str, hash_hex: str, site_1: num, site_2: num, site_3: num, sum: num });
/** A stored setting value (JSON text). */
const SettingValueRow = rowOf({ value: str });
/** An idempotency key of a money call with its stored answer (I9b). */
const KeyRow = rowOf({ id: raw, scope: str, response: raw });
/** A capital log of one type (I9b). */
const CapitalLogRow = rowOf({ id: num, user_id: num });
/** Withdrawal hold postings per capital log and user (I9b). */
const HoldRow = rowOf({ ref_id: num, user_id: num, n: num });

/** A check another module adds to this report (the audit module's I10), passed in explicitly. */
export type InvariantCheck = (ds: DataSource) => Promise<CheckResult[]>;

/** The rows `sql` finds are the violations; a few of them, as read, are the samples. */
async function check(ds: DataSource, id: string, name: string, sql: string, params: unknown[] = []): Promise<CheckResult> {
  const rows = (await ds.query(sql, params)) as Row[];
  return { id, name, violations: rows.length, samples: rows.slice(0, 5) };
}

/**
 * The invariant checker of reliability.md (I1-I14 where they apply). Read-only; safe to run at any time.
 * `npm run ledger:check` prints it; tests call it after every scenario and expect 0 violations.
 */
export async function runLedgerCheck(ds: DataSource, extraChecks: readonly InvariantCheck[] = []): Promise<LedgerReport> {
  const K = LEDGER_KIND;
  const checks: CheckResult[] = [];
  checks.push(
    await check(
      ds,
      'I1',
      'every posting sums to zero and has at least two lines',
      `SELECT t.id, COUNT(e.id) AS lines, COALESCE(SUM(e.amount_minor), 0) AS total
         FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.tx_id = t.id
        GROUP BY t.id HAVING COALESCE(SUM(e.amount_minor), 0) <> 0 OR COUNT(e.id) < 2`,
    ),
  );
  checks.push(
    await check(ds, 'I2', 'all accounts together sum to zero', `SELECT SUM(amount_minor) AS total FROM ledger_entries HAVING SUM(amount_minor) <> 0`),
  );
  checks.push(
    await check(
      ds,
      'I3',
      'each cached balance equals the sum of its postings',
      `SELECT u.id, u.money_minor, u.lock_money_minor, COALESCE(a.s, 0) AS ledger_available, COALESCE(f.s, 0) AS ledger_frozen
         FROM users u
         LEFT JOIN (SELECT user_id, SUM(amount_minor) AS s FROM ledger_entries WHERE account = 'user_available' GROUP BY user_id) a ON a.user_id = u.id
         LEFT JOIN (SELECT user_id, SUM(amount_minor) AS s FROM ledger_entries WHERE account = 'user_frozen' GROUP BY user_id) f ON f.user_id = u.id
        WHERE u.money_minor <> COALESCE(a.s, 0) OR u.lock_money_minor <> COALESCE(f.s, 0)`,
    ),
  );
  checks.push(
    await check(ds, 'I4', 'no wallet below zero', `SELECT id, money_minor, lock_money_minor FROM users WHERE money_minor < 0 OR lock_money_minor < 0`),
  );
  checks.push(
    await check(
      ds,
      'I5',
      'each bet has one stake posting, at most one payout, and a status that matches its postings',
      `SELECT b.id, b.status, b.whether_hit, b.payout_minor, b.stake_minor,
              (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_STAKE}') AS stakes,
              (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_PAYOUT}') AS payouts,
              (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_REFUND}') AS refunds,
              (SELECT COALESCE(SUM(e.amount_minor), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id
                WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_PAYOUT}' AND e.account = 'user_available') AS paid
         FROM bets b
        WHERE (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_STAKE}') <> 1
           OR (b.status = ${BET_STATUS.PENDING} AND ((SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind IN ('${K.BET_PAYOUT}', '${K.BET_REFUND}')) > 0))
           OR (b.status = ${BET_STATUS.SETTLED} AND (SELECT COALESCE(SUM(e.amount_minor), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id
                WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_PAYOUT}' AND e.account = 'user_available') <> COALESCE(b.payout_minor, -1))
           OR (b.status = ${BET_STATUS.SETTLED} AND (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_REFUND}') > 0)
           OR (b.status = ${BET_STATUS.CANCELLED} AND (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_REFUND}') <> 1)
           OR (b.status = ${BET_STATUS.CANCELLED} AND (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'bet' AND t.ref_id = b.id AND t.kind = '${K.BET_PAYOUT}') > 0)
           OR b.status NOT IN (${BET_STATUS.PENDING}, ${BET_STATUS.SETTLED}, ${BET_STATUS.CANCELLED})`,
    ),
  );
  checks.push(
    await check(
      ds,
      'I6a',
      'bets were accepted before their round closed, on an open round of the same game and issue',
      `SELECT b.id, b.created_at, r.close_at FROM bets b JOIN rounds r ON r.id = b.round_id
        WHERE b.created_at >= r.close_at OR b.created_at < r.open_at OR r.game_id <> b.game_id OR r.issue <> b.issue`,
    ),
  );
  checks.push(
    await check(
      ds,
      'I6b',
      'settled rounds have only final bets; void rounds only refunded bets; open rounds no result',
      `SELECT r.id, r.state FROM rounds r
        WHERE (r.state = 'settled' AND EXISTS (SELECT 1 FROM bets b WHERE b.round_id = r.id AND b.status <> ${BET_STATUS.SETTLED}))
           OR (r.state = 'void' AND EXISTS (SELECT 1 FROM bets b WHERE b.round_id = r.id AND b.status <> ${BET_STATUS.CANCELLED}))
           OR (r.state IN ('open', 'closed') AND (r.sum IS NOT NULL OR r.drawn_at IS NOT NULL))
           OR (r.state IN ('drawn', 'settled') AND r.sum IS NULL)`,
    ),
  );
  checks.push(await fairnessCheck(ds));
  checks.push(
    await check(
      ds,
      'I7',
      'each withdrawal hold resolves at most once, as its status says, for the requested amount',
      `SELECT c.id, c.status, c.quantity_minor,
              (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_HOLD}') AS holds,
              (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_PAY}') AS pays,
              (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_RELEASE}') AS releases
         FROM capital_logs c
        WHERE c.type = ${CAPITAL_TYPE.WITHDRAW} AND (
              (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_HOLD}') <> 1
           OR (SELECT COALESCE(SUM(e.amount_minor), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id
                WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_HOLD}' AND e.account = 'user_frozen') <> c.quantity_minor
           OR (c.status = ${AUDIT_STATUS.PENDING} AND (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind IN ('${K.WITHDRAW_PAY}', '${K.WITHDRAW_RELEASE}')) <> 0)
           OR (c.status = ${AUDIT_STATUS.APPROVED} AND ((SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_PAY}') <> 1
                OR (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_RELEASE}') <> 0))
           OR (c.status = ${AUDIT_STATUS.REJECTED} AND ((SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_RELEASE}') <> 1
                OR (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind = '${K.WITHDRAW_PAY}') <> 0))
           OR (c.status <> ${AUDIT_STATUS.PENDING} AND c.resolved_by IS NULL)
           OR (c.requested_by IS NOT NULL AND c.requested_by = c.resolved_by))`,
    ),
  );
  checks.push(
    await check(
      ds,
      'I8',
      'each recharge and gift is credited at most once, only when approved, for the approved amount',
      `SELECT c.id, c.type, c.status, c.quantity_minor FROM capital_logs c
        WHERE c.type IN (${CAPITAL_TYPE.RECHARGE}, ${CAPITAL_TYPE.GIFT}) AND (
              (c.status = ${AUDIT_STATUS.APPROVED} AND (SELECT COALESCE(SUM(e.amount_minor), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id
                 WHERE t.ref_type = 'capital' AND t.ref_id = c.id AND t.kind IN ('${K.RECHARGE}', '${K.GIFT}') AND e.account = 'user_available') <> c.quantity_minor)
           OR (c.status <> ${AUDIT_STATUS.APPROVED} AND (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id) <> 0)
           OR (SELECT COUNT(*) FROM ledger_transactions t WHERE t.ref_type = 'capital' AND t.ref_id = c.id) > 1)`,
    ),
  );
  checks.push(
    await check(
      ds,
      'I9',
      'idempotency keys are unique per scope',
      `SELECT scope, key, COUNT(*) AS n FROM idempotency_keys GROUP BY scope, key HAVING COUNT(*) > 1`,
    ),
  );
  checks.push(await idempotentAnswersCheck(ds));
  checks.push(
    await check(
      ds,
      'I11',
      'no duplicate round numbers per game',
      `SELECT game_id, issue, COUNT(*) AS n FROM rounds GROUP BY game_id, issue HAVING COUNT(*) > 1`,
    ),
  );
  checks.push(
    await check(
      ds,
      'I12',
      'house result of each settled round = stakes - payouts, and bet profits agree',
      `SELECT r.id, s.stakes, s.payouts, s.profits, COALESCE(g.net, 0) AS house_net FROM rounds r
         JOIN (SELECT round_id, SUM(stake_minor) AS stakes, SUM(COALESCE(payout_minor, 0)) AS payouts, SUM(COALESCE(profit_minor, 0)) AS profits
                 FROM bets GROUP BY round_id) s ON s.round_id = r.id
         LEFT JOIN (SELECT b.round_id, SUM(e.amount_minor) AS net FROM bets b
                      JOIN ledger_transactions t ON t.ref_type = 'bet' AND t.ref_id = b.id
                      JOIN ledger_entries e ON e.tx_id = t.id AND e.account = 'house_game'
                     GROUP BY b.round_id) g ON g.round_id = r.id
        WHERE r.state = 'settled' AND (s.stakes - s.payouts <> COALESCE(g.net, 0) OR s.profits <> s.payouts - s.stakes)`,
    ),
  );
  checks.push(await safeRangeCheck(ds));
  checks.push(
    await check(
      ds,
      'I14',
      "the console's money totals agree with the ledger: all approved recharges, gifts and paid withdrawals, summed exactly",
      `SELECT c.kind, CAST(c.total AS TEXT) AS capital_logs, CAST(l.total AS TEXT) AS ledger FROM
         (SELECT 'recharge' AS kind, COALESCE(SUM(quantity_minor), 0) AS total FROM capital_logs WHERE type = ${CAPITAL_TYPE.RECHARGE} AND status = ${AUDIT_STATUS.APPROVED}
           UNION ALL SELECT 'gift', COALESCE(SUM(quantity_minor), 0) FROM capital_logs WHERE type = ${CAPITAL_TYPE.GIFT} AND status = ${AUDIT_STATUS.APPROVED}
           UNION ALL SELECT 'withdrawal', COALESCE(SUM(quantity_minor), 0) FROM capital_logs WHERE type = ${CAPITAL_TYPE.WITHDRAW} AND status = ${AUDIT_STATUS.APPROVED}) c
         JOIN
         (SELECT 'recharge' AS kind, COALESCE(SUM(e.amount_minor), 0) AS total FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id
            WHERE t.kind = '${K.RECHARGE}' AND e.account = 'user_available'
           UNION ALL SELECT 'gift', COALESCE(SUM(e.amount_minor), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id
            WHERE t.kind = '${K.GIFT}' AND e.account = 'user_available'
           UNION ALL SELECT 'withdrawal', COALESCE(SUM(e.amount_minor), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id
            WHERE t.kind = '${K.WITHDRAW_PAY}' AND e.account = 'house_cash') l ON l.kind = c.kind
        WHERE c.total <> l.total`,
    ),
  );
  for (const extra of extraChecks) checks.push(...(await extra(ds)));
  return { checks, violations: checks.reduce((n, c) => n + c.violations, 0) };
}

/**
 * I13 (issue 8): every cached balance and every posting line is an integer within the cap: available +
 * frozen of each player at most `max_balance_minor` (the setting, or its default; itself below 2^53), and
 * no line larger than it. A balance past 2^53 would no longer read back as a JS number, so this is checked
 * in SQL. A cap lowered below a balance that already exists is reported too.
 */
async function safeRangeCheck(ds: DataSource): Promise<CheckResult> {
  const stored = await first(SettingValueRow, ds.query(`SELECT value FROM settings WHERE key = 'max_balance_minor'`));
  let cap = DEFAULT_MAX_BALANCE_MINOR;
  try {
    const v = stored === undefined ? cap : (JSON.parse(stored.value) as unknown);
    if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) cap = Math.min(v, MAX_BALANCE_CEILING_MINOR);
  } catch {
    // an unreadable setting: the default cap
  }
  // the cap is a safe integer from our own code, written into the SQL as a literal (bigint on both databases)
  const c = String(cap);
  return check(
    ds,
    'I13',
    `every cached balance and posting line is an integer within the balance cap (${formatMinor(cap)})`,
    `SELECT 'user' AS what, id, money_minor AS amount, lock_money_minor AS frozen FROM users
      WHERE money_minor > ${c} OR lock_money_minor > ${c} OR money_minor + lock_money_minor > ${c}
     UNION ALL
     SELECT 'entry' AS what, id, amount_minor AS amount, 0 AS frozen FROM ledger_entries WHERE amount_minor > ${c} OR amount_minor < -${c}`,
  );
}

/** I6c: every drawn round's result is the one its stored seed gives, and the seed matches the published hash. */
async function fairnessCheck(ds: DataSource): Promise<CheckResult> {
  const rows = await all(
    DrawnSeedRow,
    ds.query(`SELECT id, game_id, issue, seed_hex, hash_hex, site_1, site_2, site_3, sum FROM rounds WHERE sum IS NOT NULL`),
  );
  const bad: Row[] = [];
  for (const r of rows) {
    const seed = r.seed_hex;
    const d = drawFromSeed(seed, r.game_id, r.issue);
    const [a, b, c] = d.triple;
    if (hashSeedHex(seed) !== r.hash_hex || a !== r.site_1 || b !== r.site_2 || c !== r.site_3 || d.sum !== r.sum) {
      bad.push({ id: r.id, issue: r.issue });
    }
  }
  return {
    id: 'I6c',
    name: 'every drawn result is reproduced from its stored seed and the seed matches its hash',
    violations: bad.length,
    samples: bad.slice(0, 5),
  };
}

/**
 * I9b: each stored answer of a player's money call names the capital log its request created: of the
 * key's own user, of the call's type (recharge 0, withdraw 1), named by no other key, and for a
 * withdrawal backed by exactly one hold posting of that user. A committed key without an answer is a
 * violation too (the key row and the answer are written in one transaction).
 */
async function idempotentAnswersCheck(ds: DataSource): Promise<CheckResult> {
  const kinds = [
    { prefix: IDEMPOTENCY_SCOPE.recharge(0).replace(/0$/, ''), type: 0 },
    { prefix: IDEMPOTENCY_SCOPE.withdraw(0).replace(/0$/, ''), type: 1 },
  ];
  const bad: Row[] = [];
  const named = new Map<number, string>();
  for (const kind of kinds) {
    const keys = await all(KeyRow, ds.query(`SELECT id, scope, response FROM idempotency_keys WHERE scope LIKE '${kind.prefix}%'`));
    if (keys.length === 0) continue;
    const logs = new Map<number, { id: number; user_id: number }>();
    for (const r of await all(CapitalLogRow, ds.query(`SELECT id, user_id, type FROM capital_logs WHERE type = ${kind.type}`))) logs.set(r.id, r);
    const holds = new Map<number, { n: number; user: number }>();
    if (kind.type === 1) {
      for (const r of await all(
        HoldRow,
        ds.query(
          `SELECT ref_id, user_id, COUNT(*) AS n FROM ledger_transactions WHERE ref_type = 'capital' AND kind = '${LEDGER_KIND.WITHDRAW_HOLD}' GROUP BY ref_id, user_id`,
        ),
      )) {
        const prior = holds.get(r.ref_id);
        holds.set(r.ref_id, { n: r.n + (prior?.n ?? 0), user: r.user_id });
      }
    }
    for (const k of keys) {
      const userId = Number(k.scope.slice(kind.prefix.length));
      const id = answeredId(k.response);
      const log = id === null ? undefined : logs.get(id);
      const hold = id === null ? undefined : holds.get(id);
      const problem =
        id === null
          ? 'no answer naming a capital log'
          : !log
            ? 'names no capital log of its type'
            : log.user_id !== userId
              ? "names another user's capital log"
              : named.has(id)
                ? `names the same capital log as key ${named.get(id)}`
                : kind.type === 1 && (hold?.n !== 1 || hold.user !== userId)
                  ? 'withdrawal without exactly one hold posting of its user'
                  : null;
      if (id !== null) named.set(id, String(k.id));
      if (problem) bad.push({ key_id: k.id, scope: k.scope, capital_log_id: id, problem });
    }
  }
  return {
    id: 'I9b',
    name: 'each stored answer of a money call names the capital log and posting its request created',
    violations: bad.length,
    samples: bad.slice(0, 5),
  };
}

/** The capital log id a stored answer names (`{ value: { id } }`), or null. */
function answeredId(response: unknown): number | null {
  try {
    const value = (JSON.parse(String(response)) as { value?: { id?: unknown } } | null)?.value;
    return typeof value?.id === 'number' ? value.id : null;
  } catch {
    return null;
  }
}
