import PercentIcon from '@mui/icons-material/Percent';
import { lazy } from 'react';

/** Odds per room and play type (not created or deleted here: every room prices every play type). */
export default {
  list: lazy(() => import('./OddsList')),
  edit: lazy(() => import('./OddsEdit')),
  icon: PercentIcon,
  recordRepresentation: 'play_type',
};
