import CasinoIcon from '@mui/icons-material/Casino';
import { lazy } from 'react';

/** Rounds: read-only, plus voiding with a reason (refunds). No result is ever set here. */
export default {
  list: lazy(() => import('./RoundList')),
  show: lazy(() => import('./RoundShow')),
  icon: CasinoIcon,
  recordRepresentation: 'issue',
};
