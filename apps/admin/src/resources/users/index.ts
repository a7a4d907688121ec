import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

/**
 * Players: spread onto `<Resource name="users" {...users} />`. The screens load lazily (their chunk is fetched on
 * first visit), so the first screen only carries the shell. `recordRepresentation` titles the show page and
 * reference fields pointing at a player.
 */
export default {
  list: lazy(() => import('./UserList')),
  show: lazy(() => import('./UserShow')),
  icon: PeopleIcon,
  recordRepresentation: 'username',
};
