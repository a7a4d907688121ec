import { Suspense, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { DotLoading, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NotFound } from '../components/NotFound';
import { OfflineBanner } from '../components/OfflineBanner';
import { StartupOverlay } from '../components/StartupOverlay';
import { TabBarNav } from '../components/TabBarNav';
import { ROUTE_ALIASES, ROUTES, TAB_PATHS } from './routes';
import { hasSession } from './session';

/** Brief loading notice before an auth screen without a token sends the visitor to /login (spec section 2). */
export const AUTH_REDIRECT_MS = 600;

export function RequireAuth({ children }: { children: ReactNode }): ReactElement | null {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const allowed = hasSession();
  useEffect(() => {
    if (allowed) return undefined;
    const toast = Toast.show({ icon: 'loading', content: t('common.loading'), duration: 0 });
    const timer = setTimeout(() => {
      toast.close();
      void navigate('/login', { replace: true, state: { from: location.pathname + location.search } });
    }, AUTH_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
      toast.close();
    };
  }, [allowed, navigate, location, t]);
  return allowed ? <>{children}</> : null;
}

function Alias({ to }: { to: string }): ReactElement {
  const { search } = useLocation();
  return <Navigate to={to + search} replace />;
}

function PageFallback(): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

function Shell(): ReactElement {
  const { pathname } = useLocation();
  const withTabs = TAB_PATHS.includes(pathname);
  return (
    <div className={withTabs ? 'app app--tabs' : 'app'}>
      <OfflineBanner />
      <main className="app-main">
        <Suspense fallback={<PageFallback />}>
          <Routes>
            {ROUTES.map(({ path, auth, Page }) => (
              <Route
                key={path}
                path={path}
                element={
                  auth ? (
                    <RequireAuth>
                      <Page />
                    </RequireAuth>
                  ) : (
                    <Page />
                  )
                }
              />
            ))}
            {Object.entries(ROUTE_ALIASES).map(([from, to]) => (
              <Route key={from} path={from} element={<Alias to={to} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </main>
      {withTabs ? <TabBarNav /> : null}
    </div>
  );
}

export function App(): ReactElement {
  const [booting, setBooting] = useState(true);
  return (
    <BrowserRouter>
      <Shell />
      {booting ? <StartupOverlay onDone={() => setBooting(false)} /> : null}
    </BrowserRouter>
  );
}
