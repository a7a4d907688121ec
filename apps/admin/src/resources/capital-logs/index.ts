import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';

/**
 * Fund records (recharges, withdrawals, gifts): `<Resource name="capital-logs" {...capitalLogs} />`. Finance approves and
 * rejects them (maker-checker: never the requester, two different approvers past the threshold); support reads them.
 */
export default {
  list: lazy(() => import('./CapitalLogList')),
  show: lazy(() => import('./CapitalLogShow')),
  icon: PaymentsIcon,
  recordRepresentation: 'id',
};
