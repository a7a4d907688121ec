import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import { renderAntdWithReact19 } from '../app/antd-render';

const call = vi.fn<(endpoint: string, body: unknown) => Promise<unknown>>();
vi.mock('../app/api', () => ({ api: { call: (endpoint: string, body: unknown) => call(endpoint, body) } }));
const { default: SetSecurityCodePage } = await import('./set-security-code');

initI18n('en', en);
beforeAll(renderAntdWithReact19); // as main.tsx does

function show(): void {
  render(
    <MemoryRouter initialEntries={['/personal', '/setSecurityCode']} initialIndex={1}>
      <Routes>
        <Route path="/setSecurityCode" element={<SetSecurityCodePage />} />
        <Route path="/personal" element={<div>personal screen</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

function type(code: string): void {
  for (const d of code) {
    const key = screen.getAllByRole('button', { name: d }).at(-1);
    if (key === undefined) throw new Error(`no key ${d}`);
    fireEvent.click(key);
  }
}

const setSafetyCalls = (): unknown[] => call.mock.calls.filter((c) => c[0] === 'setSafety').map((c) => c[1]);

describe('setting the first security code', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockImplementation((endpoint) => Promise.resolve(endpoint === 'safetyInfo' ? { isTrue: false } : null));
  });
  afterEach(cleanup);

  it('asks for the code a second time and saves it only when both match', async () => {
    show();
    await screen.findByText(en.security.setHint);
    type('482913');
    await screen.findByText(en.security.confirmHint);
    expect(setSafetyCalls()).toEqual([]);
    type('482913');
    await waitFor(() => expect(setSafetyCalls()).toEqual([{ new_code: '482913', confirm_code: '482913' }]));
    await screen.findByText('personal screen');
  });

  it('on a mismatch says so, sends nothing and asks the confirmation again', async () => {
    show();
    await screen.findByText(en.security.setHint);
    type('482913');
    await screen.findByText(en.security.confirmHint);
    type('111111');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(alert.textContent).not.toMatch(/SECURITY_CODE|undefined/);
    expect(setSafetyCalls()).toEqual([]);
    // The confirm keypad is empty again and still the confirmation step.
    expect(document.querySelectorAll('.keypad__box--filled')).toHaveLength(0);
    expect(screen.getByText(en.security.confirmHint)).toBeTruthy();
    type('482913');
    await waitFor(() => expect(setSafetyCalls()).toEqual([{ new_code: '482913', confirm_code: '482913' }]));
  });

  it('can start over from the first entry', async () => {
    show();
    await screen.findByText(en.security.setHint);
    type('123456');
    await screen.findByText(en.security.confirmHint);
    fireEvent.click(screen.getByRole('button', { name: en.security.startOver }));
    await screen.findByText(en.security.setHint);
    type('654321');
    type('654321');
    await waitFor(() => expect(setSafetyCalls()).toEqual([{ new_code: '654321', confirm_code: '654321' }]));
  });
});
