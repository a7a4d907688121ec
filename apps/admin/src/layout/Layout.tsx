import { ThemeProvider, type Theme } from '@mui/material/styles';
import { type ReactNode, useCallback } from 'react';
import { Layout as RaLayout, useTranslate } from 'react-admin';
import { AppBar } from './AppBar';
import { AppMenu } from './Menu';

/** The console's frame: app bar, role-filtered menu; pages render (lazily, under a Suspense) in the middle. */
export function Layout({ children }: { children: ReactNode }): React.ReactElement {
  return (
    <LabelledProgress>
      <RaLayout appBar={AppBar} menu={AppMenu}>
        {children}
      </RaLayout>
    </LabelledProgress>
  );
}

/**
 * Every progress indicator inside the frame (react-admin's app-bar spinner, list and reference-field loading
 * bars) gets an accessible name, "Loading" in the console's language: a screen reader announces what is
 * busy, and axe's aria-progressbar-name holds while a page loads, not only once it has.
 */
export function LabelledProgress({ children }: { children: ReactNode }): React.ReactElement {
  const label = useTranslate()('ra.page.loading');
  const withLabel = useCallback(
    (outer: Theme): Theme => ({
      ...outer,
      components: {
        ...outer.components,
        MuiCircularProgress: {
          ...outer.components?.MuiCircularProgress,
          defaultProps: { ...outer.components?.MuiCircularProgress?.defaultProps, 'aria-label': label },
        },
        MuiLinearProgress: {
          ...outer.components?.MuiLinearProgress,
          defaultProps: { ...outer.components?.MuiLinearProgress?.defaultProps, 'aria-label': label },
        },
      },
    }),
    [label],
  );
  return <ThemeProvider theme={withLabel}>{children}</ThemeProvider>;
}
