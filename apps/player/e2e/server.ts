/** The real API for the player journeys (tools/web/e2e/api.ts), serving the built player app. */
export { adminToken, consoleCall, putSetting, resetPlayerPassword, startApi, type RunningApi } from '../../../tools/web/e2e/api';
