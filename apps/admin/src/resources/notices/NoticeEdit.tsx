export { NoticeEdit as default } from './NoticeForm';
