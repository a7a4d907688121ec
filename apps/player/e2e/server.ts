import { buildAll as build } from '../../../tools/web/e2e/api';

/** The real API for the player journeys (tools/web/e2e/api.ts), serving the built player app. */
export { adminToken, consoleCall, startApi, type RunningApi } from '../../../tools/web/e2e/api';

/** Builds the API (incrementally) and the player app (unless PLAYER_SKIP_BUILD=1 and a build is in place). */
export const buildAll = (): void => build('player');
