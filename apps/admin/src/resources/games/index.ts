import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { lazy } from 'react';

/** Games (lines): name per locale, order, open or closed to players. */
export default {
  list: lazy(() => import('./GameList')),
  edit: lazy(() => import('./GameEdit')),
  create: lazy(() => import('./GameCreate')),
  icon: SportsEsportsIcon,
  recordRepresentation: 'name',
};
