import CampaignIcon from '@mui/icons-material/Campaign';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./NoticeList')),
  edit: lazy(() => import('./NoticeEdit')),
  create: lazy(() => import('./NoticeCreate')),
  icon: CampaignIcon,
  recordRepresentation: 'title',
};
