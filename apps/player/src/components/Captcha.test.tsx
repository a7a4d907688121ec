import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CaptchaResponse } from '@sum28/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';

const call = vi.fn((_endpoint: string, body: { size?: string }): Promise<CaptchaResponse> =>
  Promise.resolve({
    captcha_id: `id-${body.size ?? 'none'}`,
    image: `data:image/png;base64,${body.size ?? 'none'}`,
    expires_in: 300,
    length: 4,
    pow: { algorithm: 'SHA-256', challenge: 'c', maxnumber: 10, salt: 's', signature: 'x' },
  }),
);
vi.mock('../app/api', () => ({ api: { call: (endpoint: string, body: { size?: string }) => call(endpoint, body) } }));
vi.mock('../app/pow-solver', () => ({ solvePowInBackground: () => Promise.resolve('eyJ9') }));
const { Captcha } = await import('./Captcha');

initI18n('en', en);

describe('the captcha picture', () => {
  beforeEach(() => {
    call.mockClear();
    window.localStorage.clear();
  });
  afterEach(cleanup);

  it('offers a larger picture: a new challenge drawn at twice the size, remembered on the device', async () => {
    const ids: string[] = [];
    const { unmount } = render(<Captcha onId={(ticket) => ids.push(ticket.id)} refreshKey={0} />);
    const img = await screen.findByAltText('Verification code picture');
    expect(img.getAttribute('src')).toBe('data:image/png;base64,normal');
    expect(img.getAttribute('width')).toBe('150');
    const larger = screen.getByRole('button', { name: 'Larger picture' });
    expect(larger.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(larger);
    await waitFor(() => expect(screen.getByAltText('Verification code picture').getAttribute('src')).toBe('data:image/png;base64,large'));
    expect(screen.getByAltText('Verification code picture').getAttribute('width')).toBe('300');
    expect(larger.getAttribute('aria-pressed')).toBe('true');
    expect(ids).toEqual(['id-normal', 'id-large']); // the form sends the new challenge's id
    unmount();

    render(<Captcha onId={() => undefined} refreshKey={0} />);
    await waitFor(() => expect(call).toHaveBeenLastCalledWith('captcha', { size: 'large' }));
    fireEvent.click(screen.getByRole('button', { name: 'Larger picture' }));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith('captcha', { size: 'normal' }));
  });
});
