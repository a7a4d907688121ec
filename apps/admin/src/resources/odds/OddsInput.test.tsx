import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, SaveButton } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { i18nProvider } from '../../i18n/i18nProvider';
import { OddsInput } from './OddsInput';
import { oddsFigures } from './oddsFigures';

describe('oddsFigures (libs/domain)', () => {
  it('computes probability, fair odds and the RTP of typed odds', () => {
    expect(oddsFigures('big', '1.94')).toEqual({ probability: 0.5, fairOdds: 2, rtpPercent: 97, error: null });
    expect(oddsFigures('sum_13', '12.93')).toMatchObject({ probability: 0.075, rtpPercent: 96.97, error: null });
    expect(oddsFigures('big', '2.01')).toMatchObject({ rtpPercent: 100.5, error: 'above_fair' });
    expect(oddsFigures('big', '1')).toMatchObject({ error: 'invalid' });
    expect(oddsFigures('big', '1.9445')).toMatchObject({ rtpPercent: null, error: 'invalid' });
    expect(oddsFigures('nope', '1.94')).toBeNull();
  });
});

function renderForm(onSubmit: (v: Record<string, unknown>) => void): void {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form defaultValues={{ id: 1, play_type: 'big', odds: 1.94 }} onSubmit={onSubmit}>
        <OddsInput />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
}

describe('OddsInput', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(cleanup);

  it('shows the RTP live as the operator types', async () => {
    renderForm(() => undefined);
    expect(await screen.findByText('Chance to hit: 50.0%')).toBeTruthy();
    expect(screen.getByText('Fair odds (ceiling): 2.000')).toBeTruthy();
    expect(screen.getByTestId('odds-rtp').textContent).toBe('RTP of these odds: 97.00%');
    fireEvent.change(screen.getByLabelText('Odds'), { target: { value: '1.96' } });
    await waitFor(() => expect(screen.getByTestId('odds-rtp').textContent).toBe('RTP of these odds: 98.00%'));
  });

  it('refuses odds above fair on screen and does not send them', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    const input = await screen.findByLabelText('Odds');
    fireEvent.change(input, { target: { value: '2.05' } });
    await waitFor(() => expect(screen.getByTestId('odds-rtp').textContent).toBe('RTP of these odds: 102.50%'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Odds above fair (RTP over 100%): at most 2.000')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '1.95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ odds: '1.95' });
  });
});
