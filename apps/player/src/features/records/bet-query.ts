import { BET_STATUS, PROFIT_PENDING, type OrderRow } from '@sum28/contracts';

/** The fields of a bet the detail screen shows, carried in its query (spec: 'opens /betDetail with the bet as query'). */
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

const num = (s: string | null): number | null => (s !== null && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null);

/** The bet of a `/betDetail` query; null when the query does not describe one (a hand-typed or truncated link). */
export function betFromQuery(q: URLSearchParams): BetView | null {
  const id = num(q.get('id'));
  const quantity = num(q.get('quantity'));
  const status = num(q.get('status'));
  const createtime = num(q.get('createtime'));
  const gameId = num(q.get('game_id'));
  const orderNo = q.get('orderNo');
  const issue = q.get('issue');
  const profitText = q.get('profit');
  if (id === null || quantity === null || createtime === null || gameId === null || orderNo === null || issue === null || profitText === null) return null;
  if (status !== BET_STATUS.PENDING && status !== BET_STATUS.SETTLED && status !== BET_STATUS.CANCELLED) return null;
  const profit = status === BET_STATUS.PENDING ? PROFIT_PENDING : num(profitText);
  if (profit === null) return null;
  return {
    id,
    orderNo,
    quantity,
    profit,
    status,
    whether_hit: status === BET_STATUS.SETTLED && q.get('whether_hit') === '1' ? 1 : 0,
    plan_name: q.get('plan_name') ?? '',
    play_method: q.get('play_method') ?? '',
    lottery_code: q.get('lottery_code'),
    createtime,
    issue,
    name: q.get('name') ?? '',
    game_id: gameId,
  };
}

export type BetOutcome = 'won' | 'lost' | 'pending' | 'cancelled';

/** The stamp of a bet: won or lost once settled, pending before the draw, cancelled when its round was voided. */
export function betOutcome(b: Pick<OrderRow, 'status' | 'whether_hit'>): BetOutcome {
  if (b.status === BET_STATUS.PENDING) return 'pending';
  if (b.status === BET_STATUS.CANCELLED) return 'cancelled';
  return b.whether_hit === 1 ? 'won' : 'lost';
}
