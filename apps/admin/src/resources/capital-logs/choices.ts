import { AUDIT_STATUS, CAPITAL_TYPE } from '@sum28/domain';

/** Values of the API's capital-logs `status` and `type` filters, labelled through resources.capital-logs.*. */
export const STATUS_CHOICES = [
  { id: AUDIT_STATUS.PENDING, name: 'resources.capital-logs.status.pending' },
  { id: AUDIT_STATUS.APPROVED, name: 'resources.capital-logs.status.approved' },
  { id: AUDIT_STATUS.REJECTED, name: 'resources.capital-logs.status.rejected' },
];

export const TYPE_CHOICES = [
  { id: CAPITAL_TYPE.RECHARGE, name: 'resources.capital-logs.type.recharge' },
  { id: CAPITAL_TYPE.WITHDRAW, name: 'resources.capital-logs.type.withdraw' },
  { id: CAPITAL_TYPE.PURCHASE, name: 'resources.capital-logs.type.purchase' },
  { id: CAPITAL_TYPE.PROFIT, name: 'resources.capital-logs.type.profit' },
  { id: CAPITAL_TYPE.GIFT, name: 'resources.capital-logs.type.gift' },
];
