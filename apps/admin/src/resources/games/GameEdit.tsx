export { GameEdit as default } from './GameForm';
