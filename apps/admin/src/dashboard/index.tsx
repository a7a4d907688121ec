import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

const Dashboard = lazy(() => import('./Dashboard'));

/** `<Admin dashboard>`: the dashboard in its own chunk (the shell stays small), its charts in another. */
export function DashboardRoute(): React.ReactElement {
  return (
    <Suspense fallback={<Loading />}>
      <Dashboard />
    </Suspense>
  );
}
