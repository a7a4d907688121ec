import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './Menu';

/** The console's frame: app bar, role-filtered menu; pages render (lazily, under a Suspense) in the middle. */
export function Layout({ children }: { children: ReactNode }): React.ReactElement {
  return (
    <RaLayout appBar={AppBar} menu={AppMenu}>
      {children}
    </RaLayout>
  );
}
