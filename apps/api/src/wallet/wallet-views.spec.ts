import type { CapitalLogEntity, PayInfoEntity } from '@sum28/database';
import { capitalLogRow, payInfoView, rechargeOrderNo, withdrawOrderNo } from './wallet-views';

const pay = (p: Partial<PayInfoEntity>): PayInfoEntity => ({
  id: 1,
  user_id: 2,
  type: 0,
  acc: '',
  acc_name: '',
  acc_bank: '',
  mark: '',
  created_at: 0,
  updated_at: 0,
  ...p,
});

describe('wallet views', () => {
  it.each([
    [
      'a bank card shows the holder and bank, the card number masked to its last 4',
      pay({ type: 0, acc: 'Chen Mei', acc_name: '6222020200112233', acc_bank: 'BOT' }),
      { acc: 'Chen Mei', acc_name: '************2233', acc_bank: 'BOT' },
    ],
    [
      'a wallet shows the address masked to its last 4, the network, and no bank',
      pay({ type: 1, acc: 'TXYZabcdefghijklmnop1234', acc_name: 'trc20' }),
      { acc: '********************1234', acc_name: 'trc20', acc_bank: null },
    ],
  ])('%s', (_name, row, expected) => {
    expect(payInfoView(row)).toMatchObject(expected);
  });

  it('never puts the full account number in a view', () => {
    const card = '6222020200112233';
    expect(JSON.stringify(payInfoView(pay({ type: 0, acc: 'X', acc_name: card, acc_bank: 'B' })))).not.toContain(card);
  });

  it('shows a capital log with money in major units and the time in seconds', () => {
    const row = capitalLogRow({
      id: 7,
      type: 1,
      quantity_minor: 12_345,
      over_minor: 5,
      created_at: 1_700_000_000_999,
      mark: 'm',
      status: 0,
    } as CapitalLogEntity);
    expect(row).toEqual({
      id: 7,
      type: 1,
      quantity: 123.45,
      over: 0.05,
      createtime: 1_700_000_000,
      mark: 'm',
      status: 0,
      reason: null,
      pay_account: null,
      order_no: 'W0000000007',
      issue: null,
      approved_at: null,
      resolved_at: null,
    });
  });

  it('names a withdrawal’s account masked, keeps a rejected recharge’s order number with the reason beside it, and shows no balance-after before any effect', () => {
    const card = { type: 0, acc: 'Holder', acc_name: '6222020200112233', acc_bank: 'Bank of Taiwan' };
    const wallet = { type: 1, acc: 'TXyz1234567890abcd', acc_name: 'trc20', acc_bank: null };
    const base = { id: 1, quantity_minor: 100, over_minor: 0, created_at: 0, mark: '', remark: '', status: 0 };
    expect(capitalLogRow({ ...base, type: 1, pay_snapshot: card } as CapitalLogEntity).pay_account).toBe('Bank of Taiwan ************2233');
    expect(capitalLogRow({ ...base, type: 1, pay_snapshot: wallet } as CapitalLogEntity).pay_account).toBe('TRC20 **************abcd');
    const rejected = capitalLogRow({ ...base, type: 0, over_minor: null, mark: 'R0000000001', remark: 'no payment', status: 2 } as CapitalLogEntity);
    expect(rejected).toMatchObject({ over: null, mark: 'R0000000001', reason: 'no payment', pay_account: null });
  });

  it('numbers recharges R + 10 digits and withdrawals W + 10 digits', () => {
    expect(rechargeOrderNo(42)).toBe('R0000000042');
    expect(withdrawOrderNo(43)).toBe('W0000000043');
  });

  it('names the order and round of a bet row, and a withdrawal’s approval and payment times in seconds', () => {
    const base = { id: 9, quantity_minor: 100, over_minor: 0, created_at: 0, mark: 'stake', remark: '', status: 1, resolved_at: null };
    const bet = { order_no: 'B123', issue: '20260101001' };
    expect(capitalLogRow({ ...base, type: 2 } as CapitalLogEntity, { bet })).toMatchObject({
      order_no: 'B123',
      issue: '20260101001',
      approved_at: null,
      resolved_at: null,
    });
    expect(capitalLogRow({ ...base, type: 4, mark: 'gift', resolved_at: 5_000 } as CapitalLogEntity)).toMatchObject({
      order_no: null,
      issue: null,
      resolved_at: 5,
    });
    const paid = capitalLogRow({ ...base, type: 1, resolved_at: 9_999 } as CapitalLogEntity, { approvedAt: 3_500 });
    expect(paid).toMatchObject({ order_no: 'W0000000009', approved_at: 3, resolved_at: 9 });
    // a bet handed over by mistake does not make a withdrawal or a recharge a bet's row
    expect(capitalLogRow({ ...base, type: 1 } as CapitalLogEntity, { bet })).toMatchObject({ order_no: 'W0000000009', issue: null });
    expect(capitalLogRow({ ...base, type: 0 } as CapitalLogEntity, { bet })).toMatchObject({ order_no: 'R0000000009', issue: null });
    // still pending: no resolution time even if the row had one
    expect(capitalLogRow({ ...base, type: 1, status: 0, resolved_at: 9_999 } as CapitalLogEntity).resolved_at).toBeNull();
  });
});
