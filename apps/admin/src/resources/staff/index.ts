import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';

/** Staff accounts (superadmin): create, role, enable/disable, password, unlock, second factor off. */
export default {
  list: lazy(() => import('./StaffList')),
  edit: lazy(() => import('./StaffEdit')),
  create: lazy(() => import('./StaffCreate')),
  icon: BadgeIcon,
  recordRepresentation: 'username',
};
