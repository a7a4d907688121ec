import { basename } from 'node:path';
import { buildAll, type WebApp } from './api';
import { chromiumMissing } from './browser';

/**
 * The vitest global setup of a web app's browser journeys (apps/<app>/vitest.e2e.config.ts; vitest runs in the app's
 * folder): no Chromium is a failure with one line saying what to install, before anything is built; then the API and
 * the app are built once for every journey file of the run.
 */
export default function setup(): void {
  const missing = chromiumMissing();
  if (missing !== null) throw new Error(missing);
  const app = basename(process.cwd());
  if (app !== 'player' && app !== 'admin') throw new Error(`the journeys run in apps/player or apps/admin (not ${app})`);
  buildAll(app as WebApp);
}
