export { BannerEdit as default } from './BannerForm';
