import { CircularProgress, LinearProgress } from '@mui/material';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, LoadingIndicator } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { i18nProvider } from '../i18n/i18nProvider';
import { LabelledProgress } from './Layout';

function renderBars(): void {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <LabelledProgress>
        <CircularProgress />
        <LinearProgress />
      </LabelledProgress>
    </AdminContext>,
  );
}

describe('progress indicators in the console frame', () => {
  afterEach(cleanup);

  it.each([
    ['tw', '載入中'],
    ['en', 'Loading'],
  ])('are named "Loading" in the console language (%s), as a screen reader and axe need', async (locale, name) => {
    await initI18n(locale as 'tw' | 'en');
    renderBars();
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    for (const bar of bars) expect(bar.getAttribute('aria-label')).toBe(name);
  });

  it('leave a progress bar outside the frame unnamed (the label comes from the frame, not from chance)', async () => {
    await initI18n('en');
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <CircularProgress />
        <LoadingIndicator />
      </AdminContext>,
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBeNull();
  });
});
