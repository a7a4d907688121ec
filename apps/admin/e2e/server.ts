import { buildAll as build } from '../../../tools/web/e2e/api';

/** The real API for the console journeys (tools/web/e2e/api.ts), serving the built console at /admin/. */
export { adminToken, ADMIN_PASSWORD, ADMIN_USERNAME, consoleCall, startApi, type RunningApi } from '../../../tools/web/e2e/api';

/** Builds the API (incrementally) and the console (unless ADMIN_SKIP_BUILD=1 and a build is in place). */
export const buildAll = (): void => build('admin');
