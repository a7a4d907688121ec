export { PlanCreate as default } from './PlanForm';
