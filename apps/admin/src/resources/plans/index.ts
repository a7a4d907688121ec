import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { lazy } from 'react';

/** Rooms (plans) of each game: tier, join limit, open or closed; each has its odds (resource `odds`). */
export default {
  list: lazy(() => import('./PlanList')),
  edit: lazy(() => import('./PlanEdit')),
  create: lazy(() => import('./PlanCreate')),
  icon: MeetingRoomIcon,
  recordRepresentation: 'title',
};
