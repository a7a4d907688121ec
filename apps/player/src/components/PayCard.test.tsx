import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import { BankCardFace, groupInFours, WalletCardFace } from './PayCard';

initI18n('en', en);

describe('groupInFours', () => {
  it('groups from the end so the last four stand alone', () => {
    expect(groupInFours('************7890')).toBe('**** **** **** 7890');
    expect(groupInFours('**************bLSE')).toBe('** **** **** **** bLSE');
    expect(groupInFours('7890')).toBe('7890');
    expect(groupInFours('')).toBe('');
  });

  it('keeps every character (nothing cut)', () => {
    const masked = `${'*'.repeat(30)}bLSE`;
    expect(groupInFours(masked).replace(/ /g, '')).toBe(masked);
  });
});

describe('the card faces', () => {
  it('draws a bank card with its bank, masked number in fours and holder', () => {
    const { container } = render(<BankCardFace bank="Bank of Taiwan" holder="Journey Tester" number="6222021234567890" />);
    expect(container.querySelector('.pay-card__name')?.textContent).toBe('Bank of Taiwan');
    expect(container.querySelector('.pay-card__number')?.textContent).toBe('**** **** **** 7890');
    expect(container.querySelector('.pay-card__holder')?.textContent).toBe('Journey Tester');
    expect(container.textContent).not.toContain('62220212');
    expect(screen.getByText('Number ending in 7890')).toBeTruthy();
  });

  it('draws the USDT wallet with its network and the whole masked address', () => {
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    const { container } = render(<WalletCardFace network="trc20" address={address} />);
    expect(container.querySelector('.pay-card__network')?.textContent).toBe('Network: TRC20');
    const shown = container.querySelector('.pay-card__number')?.textContent ?? '';
    expect(shown.replace(/ /g, '')).toBe(`${'*'.repeat(address.length - 4)}bLSE`);
    expect(shown.endsWith(' bLSE')).toBe(true);
  });
});
