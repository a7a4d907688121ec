import { describe, expect, it } from 'vitest';
import { betFromQuery, betOutcome, betToQuery, type BetView } from './bet-query';

const settled: BetView = {
  id: 42,
  orderNo: 'B20261122000042',
  quantity: 10.5,
  profit: 9.87,
  status: 1,
  whether_hit: 1,
  plan_name: '初級房',
  play_method: '大',
  lottery_code: '3 8 8 19',
  createtime: 1_790_000_000,
  issue: '20261122047',
  name: '新加坡',
  game_id: 1,
};

describe('bet detail query', () => {
  it('carries a bet to the detail screen and back unchanged (names with spaces and CJK included)', () => {
    expect(betFromQuery(new URLSearchParams(betToQuery(settled)))).toEqual(settled);
    const pending: BetView = { ...settled, profit: '----', status: 0, whether_hit: 0, lottery_code: null, plan_name: 'Basic room' };
    expect(betFromQuery(new URLSearchParams(betToQuery(pending)))).toEqual(pending);
  });

  it('refuses a query that does not describe a bet', () => {
    expect(betFromQuery(new URLSearchParams(''))).toBeNull();
    expect(betFromQuery(new URLSearchParams(betToQuery(settled).replace('status=1', 'status=7')))).toBeNull();
    expect(betFromQuery(new URLSearchParams(betToQuery(settled).replace('quantity=10.5', 'quantity=abc')))).toBeNull();
    expect(betFromQuery(new URLSearchParams(betToQuery(settled).replace('profit=9.87', 'profit=----')))).toBeNull();
  });

  it('stamps won, lost, pending and cancelled', () => {
    expect(betOutcome(settled)).toBe('won');
    expect(betOutcome({ status: 1, whether_hit: 0 })).toBe('lost');
    expect(betOutcome({ status: 0, whether_hit: 0 })).toBe('pending');
    expect(betOutcome({ status: 2, whether_hit: 0 })).toBe('cancelled');
  });
});
