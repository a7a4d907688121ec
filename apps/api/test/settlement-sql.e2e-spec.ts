import { openDatabase } from '@sum28/database';
import { ALL_PLAY_TYPES, MAX_STAKE_CEILING_MINOR, MAX_SUM, MIN_SUM, maxOddsMilli, minor, settleBet, type PlayType } from '@sum28/domain';
import type { DataSource } from 'typeorm';
import { settledColumnsSql } from '../src/rounds/settlement.service';
import { requirePostgres, withPgDatabase } from './factories/postgres';

/**
 * Settlement pays a round with one set-based UPDATE (settledColumnsSql), which restates the domain's
 * settleBet in SQL. This proves the two agree, on each database, for every sum, every category and the
 * arithmetic boundaries (integer division, the largest stake at the largest odds), on columns typed as
 * the real `bets` table's.
 */
const STAKES = [1, 2, 999, 1000, 1001, 12_345, 99_999_999, MAX_STAKE_CEILING_MINOR];
const ODDS = [1001, 1940, 1999, 3333, 12_930, maxOddsMilli()];

async function agreement(ds: DataSource): Promise<{ compared: number; mismatches: string[] }> {
  await ds.query(`CREATE TEMPORARY TABLE probe AS SELECT play_type, stake_minor, odds_milli FROM bets WHERE 1 = 0`);
  const rows = ALL_PLAY_TYPES.flatMap((p) => STAKES.flatMap((s) => ODDS.map((o) => `('${p}', ${s}, ${o})`)));
  await ds.query(`INSERT INTO probe (play_type, stake_minor, odds_milli) VALUES ${rows.join(', ')}`);
  const mismatches: string[] = [];
  let compared = 0;
  for (let sum = MIN_SUM; sum <= MAX_SUM; sum++) {
    const col = settledColumnsSql(sum);
    const got = (await ds.query(
      `SELECT play_type, stake_minor, odds_milli, ${col.whetherHit} AS hit, ${col.payout} AS payout, ${col.profit} AS profit FROM probe`,
    )) as Record<string, unknown>[];
    expect(got).toHaveLength(rows.length);
    for (const r of got) {
      const stake = Number(r['stake_minor']);
      const odds = Number(r['odds_milli']);
      const want = settleBet({ playType: String(r['play_type']) as PlayType, stake: minor(stake), oddsMilli: odds }, sum);
      const sqlSide = [Number(r['hit']) === 1, Number(r['payout']), Number(r['profit'])];
      const domainSide = [want.isHit, want.payout, want.profit];
      compared++;
      if (JSON.stringify(sqlSide) !== JSON.stringify(domainSide))
        mismatches.push(`sum ${sum} ${String(r['play_type'])} ${stake}x${odds}: sql ${JSON.stringify(sqlSide)} domain ${JSON.stringify(domainSide)}`);
    }
  }
  return { compared, mismatches };
}

describe('settlement SQL agrees with the domain settleBet', () => {
  it('on SQLite: every sum x category x boundary stake and odds', async () => {
    const ds = await openDatabase({ url: 'sqlite::memory:' });
    try {
      const r = await agreement(ds);
      expect(r.compared).toBe((MAX_SUM - MIN_SUM + 1) * ALL_PLAY_TYPES.length * STAKES.length * ODDS.length);
      expect(r.mismatches.slice(0, 5)).toEqual([]);
    } finally {
      await ds.destroy();
    }
  });

  it('on PostgreSQL: every sum x category x boundary stake and odds', async () => {
    requirePostgres();
    await withPgDatabase(async (url) => {
      const ds = await openDatabase({ url });
      try {
        const r = await agreement(ds);
        expect(r.mismatches.slice(0, 5)).toEqual([]);
        expect(r.compared).toBeGreaterThan(0);
      } finally {
        await ds.destroy();
      }
    });
  });

  it('is not vacuous: a planted rounding difference is caught', async () => {
    const ds = await openDatabase({ url: 'sqlite::memory:' });
    try {
      const col = settledColumnsSql(13);
      // Rounding up instead of down: differs from settleBet whenever stake x odds is not a multiple of 1000.
      const planted = col.payout.replace('/ 1000', '/ 1000 + 1');
      expect(planted).not.toBe(col.payout);
      await ds.query(`CREATE TEMPORARY TABLE probe AS SELECT play_type, stake_minor, odds_milli FROM bets WHERE 1 = 0`);
      await ds.query(`INSERT INTO probe (play_type, stake_minor, odds_milli) VALUES ('sum_13', 3, 12930)`);
      const [row] = (await ds.query(`SELECT ${planted} AS payout FROM probe`)) as { payout: unknown }[];
      expect(Number(row?.payout)).not.toBe(settleBet({ playType: 'sum_13', stake: minor(3), oddsMilli: 12_930 }, 13).payout);
    } finally {
      await ds.destroy();
    }
  });
});
