'use strict';
// Set-based fixtures for the bench (plain SQL, SQLite or PostgreSQL): funded players with sessions, and pending
// bets with their stake postings, so that the ledger checker still reports 0 violations afterwards.
// Parameters in a SELECT list are untyped on PostgreSQL: CAST(? AS ...) types them (a no-op on SQLite).
const { createHash, randomBytes } = require('node:crypto');
const { kindOf, positional } = require('@sum28/database');

/** `m.query` with `?` placeholders on either database. */
const query = (m, text, params = []) => m.query(positional(kindOf(m.connection), text), params);

/** PostgreSQL: rows were inserted with explicit ids, so move each table's id sequence past them. */
async function syncSequences(m, tables) {
  if (kindOf(m.connection) !== 'postgres') return;
  for (const t of tables) await query(m, `SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT COALESCE(MAX(id), 1) FROM ${t}))`);
}

/** `n` funded members (group 1) with one live session each; answers [{ id, token }]. */
async function players(tx, n, fundMinor, now) {
  return tx.write(async (m) => {
    const first = Number((await query(m, `SELECT COALESCE(MAX(id), 0) AS n FROM users`))[0].n) + 1;
    const prefix = `bench${now.toString(36)}`;
    await query(
      m,
      `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?)
       INSERT INTO users (id, username, nickname, password_hash, group_id, inviter_id, status, money_minor, lock_money_minor, adult_consent_at, created_at, updated_at)
       SELECT CAST(? AS INTEGER) + i, CAST(? AS TEXT) || i, '', '!bench', 1, 1, 'active', CAST(? AS BIGINT), 0, CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT) FROM s`,
      [n, first, prefix, fundMinor, now, now, now],
    );
    const firstLog = Number((await query(m, `SELECT COALESCE(MAX(id), 0) AS n FROM capital_logs`))[0].n) + 1;
    await query(
      m,
      `INSERT INTO capital_logs (id, user_id, type, quantity_minor, over_minor, currency, mark, status, resolved_by, resolved_at, remark, created_at)
       SELECT CAST(? AS INTEGER) + (id - CAST(? AS INTEGER)), id, 0, CAST(? AS BIGINT), CAST(? AS BIGINT), 'TWD', 'bench funding', 1, 0, CAST(? AS BIGINT), '', CAST(? AS BIGINT)
         FROM users WHERE id >= ? ORDER BY id`,
      [firstLog, first, fundMinor, fundMinor, now, now, first],
    );
    await query(
      m,
      `INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at)
       SELECT 'capital:' || id || ':resolve', 'recharge', user_id, 'capital', id, CAST(? AS BIGINT) FROM capital_logs WHERE id >= ? ORDER BY id`,
      [now, firstLog],
    );
    await query(
      m,
      `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at)
       SELECT t.id, 'house_cash', NULL, 0 - c.quantity_minor, CAST(? AS BIGINT) FROM capital_logs c JOIN ledger_transactions t ON t.unique_key = 'capital:' || c.id || ':resolve' WHERE c.id >= ?
       UNION ALL
       SELECT t.id, 'user_available', c.user_id, c.quantity_minor, CAST(? AS BIGINT) FROM capital_logs c JOIN ledger_transactions t ON t.unique_key = 'capital:' || c.id || ':resolve' WHERE c.id >= ?`,
      [now, firstLog, now, firstLog],
    );
    await syncSequences(m, ['users', 'capital_logs']);
    const out = [];
    for (let i = 0; i < n; i++) {
      const token = randomBytes(32).toString('base64url');
      out.push({ id: first + i, token });
      await query(m, `INSERT INTO user_sessions (user_id, token_hash, ip, created_at, expires_at, revoked_at) VALUES (?, ?, '', ?, ?, NULL)`, [
        first + i,
        createHash('sha256').update(token).digest('hex'),
        now,
        now + 86_400_000,
      ]);
    }
    return out;
  });
}

const TYPES = ['big', 'small', 'odd', 'even', 'big_odd', 'small_even', 'extreme_big', 'sum_13', 'sum_14', 'extreme_small'];
const caseOf = (col) => `CASE (${col} % ${TYPES.length}) ${TYPES.map((p, i) => `WHEN ${i} THEN '${p}'`).join(' ')} END`;

/** `n` pending bets on a round, spread over `userIds` (one play type per player), with postings and capital logs. */
async function bets(tx, round, planId, userIds, n, stakeMinor) {
  return tx.write(async (m) => {
    const FALSE = kindOf(m.connection) === 'postgres' ? 'FALSE' : '0';
    await query(m, `CREATE TEMP TABLE IF NOT EXISTS bench_users (k INTEGER PRIMARY KEY, user_id INTEGER)`);
    await query(m, `DELETE FROM bench_users`);
    for (let i = 0; i < userIds.length; i += 400) {
      const chunk = userIds.slice(i, i + 400);
      await query(
        m,
        `INSERT INTO bench_users (k, user_id) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`,
        chunk.flatMap((u, j) => [i + j, u]),
      );
    }
    const firstBet = Number((await query(m, `SELECT COALESCE(MAX(id), 0) AS n FROM bets`))[0].n) + 1;
    const at = round.open_at + 1;
    await query(
      m,
      `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?)
       INSERT INTO bets (id, order_no, user_id, game_id, plan_id, round_id, issue, play_type, stake_minor, odds_milli, status, follow_of, result_seen, created_at)
       SELECT CAST(? AS INTEGER) + s.i, CAST(? AS TEXT) || 'B' || (CAST(? AS INTEGER) + s.i), u.user_id, CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS INTEGER),
              CAST(? AS TEXT), ${caseOf('u.k')}, CAST(? AS BIGINT), o.odds_milli, 0, NULL, ${FALSE}, CAST(? AS BIGINT)
         FROM s JOIN bench_users u ON u.k = s.i % ? JOIN odds o ON o.plan_id = ? AND o.play_type = ${caseOf('u.k')}`,
      [n, firstBet, round.issue, firstBet, round.game_id, planId, round.id, round.issue, stakeMinor, at, userIds.length, planId],
    );
    await query(
      m,
      `INSERT INTO ledger_transactions (unique_key, kind, user_id, ref_type, ref_id, created_at)
       SELECT 'bet:' || id || ':stake', 'bet_stake', user_id, 'bet', id, CAST(? AS BIGINT) FROM bets WHERE id >= ? ORDER BY id`,
      [at, firstBet],
    );
    await query(
      m,
      `INSERT INTO ledger_entries (tx_id, account, user_id, amount_minor, created_at)
       SELECT t.id, 'user_available', b.user_id, 0 - b.stake_minor, CAST(? AS BIGINT) FROM bets b JOIN ledger_transactions t ON t.unique_key = 'bet:' || b.id || ':stake' WHERE b.id >= ?
       UNION ALL
       SELECT t.id, 'house_game', NULL, b.stake_minor, CAST(? AS BIGINT) FROM bets b JOIN ledger_transactions t ON t.unique_key = 'bet:' || b.id || ':stake' WHERE b.id >= ?`,
      [at, firstBet, at, firstBet],
    );
    await query(
      m,
      `INSERT INTO capital_logs (user_id, type, quantity_minor, over_minor, currency, mark, status, ref_id, remark, created_at)
       SELECT b.user_id, 2, b.stake_minor, u.money_minor - SUM(b.stake_minor) OVER (PARTITION BY b.user_id ORDER BY b.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW),
              '', 'stake', 1, b.id, b.order_no, CAST(? AS BIGINT)
         FROM bets b JOIN users u ON u.id = b.user_id WHERE b.id >= ? ORDER BY b.id`,
      [at, firstBet],
    );
    await query(
      m,
      `UPDATE users SET money_minor = money_minor - w.total FROM (SELECT user_id, SUM(stake_minor) AS total FROM bets WHERE id >= ? GROUP BY user_id) AS w
        WHERE users.id = w.user_id`,
      [firstBet],
    );
    if (Number((await query(m, `SELECT COUNT(*) AS n FROM users WHERE money_minor < 0`))[0].n) > 0) throw new Error('players could not cover their stakes');
    await syncSequences(m, ['bets']);
    return n;
  });
}

module.exports = { players, bets, TYPES };
