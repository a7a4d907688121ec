export { ArticleEdit as default } from './ArticleForm';
