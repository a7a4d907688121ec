export { GameCreate as default } from './GameForm';
