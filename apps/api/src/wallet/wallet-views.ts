import type { CapitalLogRow, CapitalLogType, AuditStatus, PayInfoItem, PayInfoType } from '@sum28/contracts';
import type { CapitalLogEntity, PayInfoEntity } from '@sum28/database';
import { PAY_TYPE, maskAccount, minorToMajor } from '@sum28/domain';

/**
 * A bound payout account as the player sees it: the account number (card number or wallet address)
 * masked except its last 4 characters. The full details exist only in pay_infos and in the
 * withdrawal's pay_snapshot, which only the console shows.
 */
export function payInfoView(p: PayInfoEntity): PayInfoItem {
  const isCard = p.type === PAY_TYPE.BANK_CARD;
  return {
    id: p.id,
    type: p.type as PayInfoType,
    acc: isCard ? p.acc : maskAccount(p.acc),
    acc_name: isCard ? maskAccount(p.acc_name) : p.acc_name,
    acc_bank: isCard ? p.acc_bank : null,
    mark: p.mark,
  };
}

/** One row of the fund history (spec: capital detail). */
export function capitalLogRow(c: CapitalLogEntity): CapitalLogRow {
  return {
    id: c.id,
    type: c.type as CapitalLogType,
    quantity: minorToMajor(c.quantity_minor),
    over: minorToMajor(c.over_minor),
    createtime: Math.floor(c.created_at / 1000),
    mark: c.mark,
    status: c.status as AuditStatus,
  };
}

/** The reference a player quotes with a recharge payment. */
export function rechargeOrderNo(capitalLogId: number): string {
  return `R${String(capitalLogId).padStart(10, '0')}`;
}
