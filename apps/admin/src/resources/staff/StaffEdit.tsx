export { StaffEdit as default } from './StaffForm';
