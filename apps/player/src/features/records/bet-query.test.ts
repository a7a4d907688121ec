import { describe, expect, it } from 'vitest';
import { betHintFromQuery, betOutcome, betToQuery, type BetView } from './bet-query';

const settled: BetView = {
  id: 42,
  orderNo: '20261122047000000000000000000042',
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
  it('carries the order number and the words of a bet to the detail screen (names with spaces and CJK included)', () => {
    expect(betHintFromQuery(new URLSearchParams(betToQuery(settled)))).toEqual({
      orderNo: settled.orderNo,
      plan_name: '初級房',
      play_method: '大',
      issue: '20261122047',
      name: '新加坡',
    });
  });

  it('reads no figure or outcome from a link: those come from the API', () => {
    const hint = betHintFromQuery(new URLSearchParams(`${betToQuery(settled)}&profit=99999&whether_hit=1&quantity=5`));
    expect(Object.keys(hint ?? {}).sort()).toEqual(['issue', 'name', 'orderNo', 'plan_name', 'play_method']);
  });

  it('refuses a link without an order number the API could have issued', () => {
    expect(betHintFromQuery(new URLSearchParams(''))).toBeNull();
    expect(betHintFromQuery(new URLSearchParams('orderNo=B123'))).toBeNull();
    expect(betHintFromQuery(new URLSearchParams(`orderNo=${'1'.repeat(33)}`))).toBeNull();
  });

  it('stamps won, lost, pending and cancelled', () => {
    expect(betOutcome(settled)).toBe('won');
    expect(betOutcome({ status: 1, whether_hit: 0 })).toBe('lost');
    expect(betOutcome({ status: 0, whether_hit: 0 })).toBe('pending');
    expect(betOutcome({ status: 2, whether_hit: 0 })).toBe('cancelled');
  });
});
