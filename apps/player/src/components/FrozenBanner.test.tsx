import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import { FrozenBanner } from './FrozenBanner';

initI18n('en', en);

describe('the frozen-account banner', () => {
  it("shows the server's reason while the account is frozen", () => {
    render(<FrozenBanner user={{ is_frozen: true, frozen_reason: 'Opposite bets under review' }} />);
    expect(screen.getByRole('alert').textContent).toContain('Opposite bets under review');
  });

  it('shows nothing when the account is not frozen', () => {
    const { container } = render(<FrozenBanner user={{ is_frozen: false, frozen_reason: null }} />);
    expect(container.textContent).toBe('');
  });
});
