import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';

/** The audit log, read-only (resource `audit-logs`, the API path; permission `audit_logs.read`). */
export default {
  list: lazy(() => import('./AuditLogList')),
  show: lazy(() => import('./AuditLogShow')),
  icon: HistoryIcon,
  recordRepresentation: 'action',
};
