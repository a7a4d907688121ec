import { BET_STATUS } from '@sum28/domain';

export const BET_STATUS_CHOICES = [
  { id: BET_STATUS.PENDING, name: 'resources.bets.status.pending' },
  { id: BET_STATUS.SETTLED, name: 'resources.bets.status.settled' },
  { id: BET_STATUS.CANCELLED, name: 'resources.bets.status.cancelled' },
];

export const HIT_CHOICES = [
  { id: 1, name: 'resources.bets.hit.yes' },
  { id: 0, name: 'resources.bets.hit.no' },
];
