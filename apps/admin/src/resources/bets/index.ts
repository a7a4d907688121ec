import ReceiptIcon from '@mui/icons-material/Receipt';
import { lazy } from 'react';

/** Bets, read-only. */
export default {
  list: lazy(() => import('./BetList')),
  show: lazy(() => import('./BetShow')),
  icon: ReceiptIcon,
  recordRepresentation: 'order_no',
};
