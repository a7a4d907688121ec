export { BannerCreate as default } from './BannerForm';
