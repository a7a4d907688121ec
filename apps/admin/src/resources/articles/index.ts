import ArticleIcon from '@mui/icons-material/Article';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./ArticleList')),
  edit: lazy(() => import('./ArticleEdit')),
  create: lazy(() => import('./ArticleCreate')),
  icon: ArticleIcon,
  recordRepresentation: 'title',
};
