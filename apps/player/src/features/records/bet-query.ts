import { BET_STATUS, type OrderRow } from '@sum28/contracts';

/** The fields of a bet carried in the detail screen's query (spec: 'opens /betDetail with the bet as query'); only its order number and words are read. */
export type BetView = Pick<
  OrderRow,
  | 'id'
  | 'orderNo'
  | 'quantity'
  | 'profit'
  | 'status'
  | 'whether_hit'
  | 'plan_name'
  | 'play_method'
  | 'lottery_code'
  | 'createtime'
  | 'issue'
  | 'name'
  | 'game_id'
>;

/** The query string of `/betDetail` for a bet of the record. */
export function betToQuery(row: BetView): string {
  const q = new URLSearchParams({
    id: String(row.id),
    orderNo: row.orderNo,
    quantity: String(row.quantity),
    profit: String(row.profit),
    status: String(row.status),
    whether_hit: String(row.whether_hit),
    plan_name: row.plan_name,
    play_method: row.play_method,
    createtime: String(row.createtime),
    issue: row.issue,
    name: row.name,
    game_id: String(row.game_id),
  });
  if (row.lottery_code !== null) q.set('lottery_code', row.lottery_code);
  return q.toString();
}

/** What a `/betDetail` link may paint before the bet is read: words only, never a figure or an outcome. */
export type BetHint = Pick<OrderRow, 'orderNo' | 'plan_name' | 'play_method' | 'issue' | 'name'>;

/** An order number as the API issues them (digits, at most 32). */
const ORDER_NO = /^[0-9]{1,32}$/;

/**
 * The order number of a `/betDetail` link (null when the link carries none that could be one) and the words it may
 * show at once. The bet's figures (stake, profit, outcome, result) come only from `user/orderDetail`: a link's
 * `profit=99999&whether_hit=1` is never shown.
 */
export function betHintFromQuery(q: URLSearchParams): BetHint | null {
  const orderNo = q.get('orderNo') ?? '';
  if (!ORDER_NO.test(orderNo)) return null;
  return { orderNo, plan_name: q.get('plan_name') ?? '', play_method: q.get('play_method') ?? '', issue: q.get('issue') ?? '', name: q.get('name') ?? '' };
}

export type BetOutcome = 'won' | 'lost' | 'pending' | 'cancelled';

/** The stamp of a bet: won or lost once settled, pending before the draw, cancelled when its round was voided. */
export function betOutcome(b: Pick<OrderRow, 'status' | 'whether_hit'>): BetOutcome {
  if (b.status === BET_STATUS.PENDING) return 'pending';
  if (b.status === BET_STATUS.CANCELLED) return 'cancelled';
  return b.whether_hit === 1 ? 'won' : 'lost';
}
