export { ArticleCreate as default } from './ArticleForm';
