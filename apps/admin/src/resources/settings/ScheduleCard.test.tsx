import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { i18nProvider } from '../../i18n/i18nProvider';
import { ScheduleCard } from './ScheduleCard';

function renderCard(): void {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ScheduleCard />
    </AdminContext>,
  );
}

describe('the schedule on the settings page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the deployment's schedule read-only, with why it cannot be edited here", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ open_hours: '10:00-02:00', tz: 'Asia/Taipei', round_seconds: 300, bet_close_seconds: 30 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderCard();
    const list = await screen.findByTestId('schedule');
    expect(list.textContent).toBe('Opening hours10:00-02:00Platform time zoneAsia/TaipeiRound length300 sBetting closes before the draw30 s');
    expect(screen.getByText(/read-only here: changing them mid-day would change the published schedule/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/admin-api/settings/schedule');
  });

  it('says "around the clock" for always, and shows an error when the API refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ open_hours: 'always', tz: 'UTC', round_seconds: 1, bet_close_seconds: 0 }), { status: 200 })),
    );
    renderCard();
    expect((await screen.findByTestId('schedule')).textContent).toContain('Open around the clock');
    expect(screen.getByText('1 s')).toBeTruthy();
    cleanup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'FORBIDDEN', message: 'no' }), { status: 403 })),
    );
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe('The schedule could not be loaded.');
  });
});
