import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { LoginPage } from './login/LoginPage';
import users from './resources/users';
import games from './resources/games';
import plans from './resources/plans';
import odds from './resources/odds';
import rounds from './resources/rounds';
import bets from './resources/bets';
import banners from './resources/banners';
import articles from './resources/articles';
import notices from './resources/notices';
import settings from './resources/settings';
import staff from './resources/staff';
import auditLogs from './resources/audit_logs';
import { DashboardRoute } from './dashboard';
import capitalLogs from './resources/capital-logs';
import { AccountRoutes } from './account/routes';
import { darkTheme, lightTheme } from './theme';

/**
 * The operator console. One `<Resource>` per folder of `resources/` (each exports `{ list, show, edit, create,
 * icon, recordRepresentation }` with lazily loaded screens); menus, pages and buttons follow `authProvider.canAccess`
 * (the role matrix of libs/contracts). The API stays the only authority: it answers 403 whatever the screen shows.
 */
export function App(): React.ReactElement {
  return (
    <Admin
      disableTelemetry
      requireAuth
      title="Sum28"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      loginPage={LoginPage}
      dashboard={DashboardRoute}
      theme={lightTheme}
      darkTheme={darkTheme}
    >
      <Resource name="users" {...users} />
      <Resource name="games" {...games} />
      <Resource name="plans" {...plans} />
      <Resource name="odds" {...odds} />
      <Resource name="rounds" {...rounds} />
      <Resource name="bets" {...bets} />
      <Resource name="banners" {...banners} />
      <Resource name="articles" {...articles} />
      <Resource name="notices" {...notices} />
      <Resource name="settings" {...settings} />
      <Resource name="staff" {...staff} />
      <Resource name="audit-logs" {...auditLogs} />
      <Resource name="capital-logs" {...capitalLogs} />
      {AccountRoutes}
    </Admin>
  );
}
