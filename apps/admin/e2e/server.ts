/** The real API for the console journeys (tools/web/e2e/api.ts), serving the built console at /admin/. */
export { adminToken, ADMIN_PASSWORD, ADMIN_USERNAME, consoleCall, putSetting, startApi, type RunningApi } from '../../../tools/web/e2e/api';
