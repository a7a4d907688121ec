import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';

/** Operator settings: the list route shows the one grouped form (SettingsPage). */
export default {
  list: lazy(() => import('./SettingsPage')),
  icon: SettingsIcon,
  recordRepresentation: 'id',
};
