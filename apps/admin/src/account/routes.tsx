import { lazy } from 'react';
import { Route } from 'react-router-dom';
import { CustomRoutes } from 'react-admin';

const TotpPage = lazy(() => import('./TotpPage'));

/** The signed-in staff member's own account pages (inside the layout): two-step verification enrolment. */
export const TOTP_PATH = '/account/two-step';

export const AccountRoutes = (
  <CustomRoutes>
    <Route path={TOTP_PATH} element={<TotpPage />} />
  </CustomRoutes>
);
