import type { CapitalLogRow, CapitalLogType, AuditStatus, Currency, PayInfoItem, PayInfoType } from '@sum28/contracts';
import type { CapitalLogEntity, PayInfoEntity } from '@sum28/database';
import { AUDIT_STATUS, CAPITAL_TYPE, PAY_TYPE, maskPayDetails, minorToMajor } from '@sum28/domain';

/**
 * A bound payout account as the player sees it: the account number (card number or wallet address)
 * masked except its last 4 characters. The full details exist only in pay_infos and in the
 * withdrawal's pay_snapshot, which only the console shows.
 */
export function payInfoView(p: PayInfoEntity): PayInfoItem {
  const isCard = p.type === PAY_TYPE.BANK_CARD;
  const masked = maskPayDetails({ type: p.type, acc: p.acc, acc_name: p.acc_name }, 'owner');
  return {
    id: p.id,
    type: p.type as PayInfoType,
    acc: masked.acc,
    acc_name: masked.acc_name,
    acc_bank: isCard ? p.acc_bank : null,
    mark: p.mark,
  };
}

/**
 * The payout account a withdrawal went to, masked as the player sees it: 'Bank ****1234' for a card,
 * 'TRC20 ****abcd' for a wallet. Null when the row has no snapshot.
 */
export function payAccountLabel(snapshot: unknown): string | null {
  if (snapshot === null || typeof snapshot !== 'object') return null;
  const s = snapshot as { type?: unknown; acc?: unknown; acc_name?: unknown; acc_bank?: unknown };
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const m = maskPayDetails({ type: s.type, acc: text(s.acc), acc_name: text(s.acc_name) }, 'owner');
  if (s.type === PAY_TYPE.BANK_CARD) return `${text(s.acc_bank)} ${m.acc_name}`.trim();
  if (s.type === PAY_TYPE.WALLET) return `${m.acc_name.toUpperCase()} ${m.acc}`.trim();
  return null;
}

/** What a fund row names besides its own columns: the bet of a purchase or payout row, a request's first approval (ms). */
export interface CapitalLogExtra {
  bet?: { order_no: string; issue: string };
  approvedAt?: number | null;
}

/** Types staff resolve (status 0 -> 1 or 2): recharge, withdrawal, gift. */
const REVIEWED: readonly number[] = [CAPITAL_TYPE.RECHARGE, CAPITAL_TYPE.WITHDRAW, CAPITAL_TYPE.GIFT];

function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/**
 * One row of the fund history (spec: capital detail). `over` is the balance right after this row's own
 * effect, written once (null while it has had none: a pending or rejected recharge); `mark` keeps the
 * order number and a rejection's reason is beside it in `reason`; a withdrawal names its masked account; a recharge
 * also shows what was paid and the rate.
 */
export function capitalLogRow(c: CapitalLogEntity, extra: CapitalLogExtra = {}): CapitalLogRow {
  const reviewed = REVIEWED.includes(c.type);
  // A withdrawal's ref_id is its payout account: only a purchase or payout row belongs to a bet.
  const bet = c.type === CAPITAL_TYPE.PURCHASE || c.type === CAPITAL_TYPE.PROFIT ? extra.bet : undefined;
  const row: CapitalLogRow = {
    id: c.id,
    type: c.type as CapitalLogType,
    quantity: minorToMajor(c.quantity_minor),
    over: c.over_minor === null ? null : minorToMajor(c.over_minor),
    createtime: Math.floor(c.created_at / 1000),
    mark: c.mark,
    status: c.status as AuditStatus,
    reason: c.status === AUDIT_STATUS.REJECTED && c.remark !== '' ? c.remark : null,
    pay_account: c.type === CAPITAL_TYPE.WITHDRAW ? payAccountLabel(c.pay_snapshot) : null,
    order_no: c.type === CAPITAL_TYPE.RECHARGE ? rechargeOrderNo(c.id) : c.type === CAPITAL_TYPE.WITHDRAW ? withdrawOrderNo(c.id) : (bet?.order_no ?? null),
    issue: bet?.issue ?? null,
    approved_at:
      (c.type === CAPITAL_TYPE.RECHARGE || c.type === CAPITAL_TYPE.WITHDRAW) && typeof extra.approvedAt === 'number' ? seconds(extra.approvedAt) : null,
    resolved_at: reviewed && c.status !== AUDIT_STATUS.PENDING && c.resolved_at !== null ? seconds(c.resolved_at) : null,
  };
  if (c.type === CAPITAL_TYPE.RECHARGE && typeof c.currency_quantity_minor === 'number' && typeof c.rate === 'string') {
    return { ...row, currency: c.currency as Currency, currency_quantity: minorToMajor(c.currency_quantity_minor), rate: c.rate };
  }
  return row;
}

/** The reference a player quotes with a recharge payment. */
export function rechargeOrderNo(capitalLogId: number): string {
  return `R${String(capitalLogId).padStart(10, '0')}`;
}

/** A withdrawal's order number, as the player's messages and fund history name it. */
export function withdrawOrderNo(capitalLogId: number): string {
  return `W${String(capitalLogId).padStart(10, '0')}`;
}
