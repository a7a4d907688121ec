export { PlanEdit as default } from './PlanForm';
