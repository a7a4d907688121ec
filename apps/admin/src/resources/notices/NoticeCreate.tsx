export { NoticeCreate as default } from './NoticeForm';
