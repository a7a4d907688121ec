import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import { TurnoverBar, turnoverPercent } from './TurnoverBar';

initI18n('en', en);

describe('turnoverPercent', () => {
  it('is the whole percent done, capped at 100', () => {
    expect(turnoverPercent({ required: 1000, done: 250, remaining: 750 })).toBe(25);
    expect(turnoverPercent({ required: 3, done: 2.99, remaining: 0.01 })).toBe(99);
    expect(turnoverPercent({ required: 100, done: 400, remaining: 0 })).toBe(100);
  });

  it('is 100 when no turnover is required', () => {
    expect(turnoverPercent({ required: 0, done: 0, remaining: 0 })).toBe(100);
  });
});

describe('the turnover bar', () => {
  it('shows done / required, the bar and what is left', () => {
    const { container } = render(<TurnoverBar turnover={{ required: 1000, done: 250, remaining: 750 }} />);
    expect(container.querySelector('.row-between')?.textContent).toBe("Today's wagering250.00 / 1,000.00");
    expect(screen.getByRole('progressbar', { name: "Today's wagering" }).getAttribute('aria-valuenow')).toBe('25');
    expect(container.textContent).toContain(`${en.withdraw.turnoverLeft} 750.00`);
    expect(container.textContent).toContain(en.withdraw.turnoverMeaning);
  });

  it('says when the requirement is met, and when none applies', () => {
    const met = render(<TurnoverBar turnover={{ required: 100, done: 120, remaining: 0 }} />);
    expect(met.container.textContent).toContain(en.withdraw.turnoverMet);
    met.unmount();
    const none = render(<TurnoverBar turnover={{ required: 0, done: 50, remaining: 0 }} />);
    expect(none.container.textContent).toContain(en.withdraw.turnoverNone);
    expect(none.container.textContent).not.toContain(en.withdraw.turnoverMet);
  });

  it('hides the figures with the balance-privacy choice, and shows nothing without figures', () => {
    const { container } = render(<TurnoverBar turnover={{ required: 1000, done: 250, remaining: 750 }} hidden />);
    expect(container.textContent).not.toContain('250.00');
    expect(container.textContent).toContain('**** / ****');
    const empty = render(<TurnoverBar turnover={undefined} />);
    expect(empty.container.textContent).toBe('');
  });
});
