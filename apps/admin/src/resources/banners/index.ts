import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./BannerList')),
  edit: lazy(() => import('./BannerEdit')),
  create: lazy(() => import('./BannerCreate')),
  icon: ViewCarouselIcon,
  recordRepresentation: 'title',
};
