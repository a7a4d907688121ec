export { StaffCreate as default } from './StaffForm';
