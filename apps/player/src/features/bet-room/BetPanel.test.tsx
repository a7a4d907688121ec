import type { OddsListResponse, PlayOrderRequest, PlayOrderResponse } from '@sum28/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api-client';
import { initI18n } from '../../i18n';
import en from '../../i18n/locales/en.json';
import { BetPanel, type BetPanelProps } from './BetPanel';
import { renderAntdWithReact19 } from '../../app/antd-render';

const ODDS: OddsListResponse = {
  rule_base: [
    { id: 1, class: 'big', class_name: 'Big', odds: 1.94, rtp: 97 },
    { id: 2, class: 'small', class_name: 'Small', odds: 1.94, rtp: 97 },
    { id: 3, class: 'odd', class_name: 'Odd', odds: 1.94, rtp: 97 },
    { id: 5, class: 'extreme_big', class_name: 'Extreme big', odds: 17.32, rtp: 97 },
  ],
  rule_num: [{ id: 20, class: 'sum_13', class_name: '13', odds: 12.93, rtp: 97 }],
};
const TARGET = { issue: '20261123001', plan_id: 1, game_id: 1 };

beforeAll(() => {
  renderAntdWithReact19(); // as main.tsx does
  window.localStorage.setItem('locale', 'en');
  initI18n('en', en);
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function setup(over: Partial<BetPanelProps> = {}): { send: ReturnType<typeof vi.fn>; onPlaced: ReturnType<typeof vi.fn> } {
  let n = 0;
  const send = vi.fn(async (r: PlayOrderRequest): Promise<PlayOrderResponse> => {
    n++;
    return { after_quantity: 1000 - n * Number(r.money), order_id: n, order_no: `N${n}` };
  });
  const onPlaced = vi.fn();
  render(
    <BetPanel odds={ODDS} moneyMinor={100_000} disabledReason={null} target={TARGET} send={send} onPlaced={onPlaced} onOpenRules={() => undefined} {...over} />,
  );
  return { send: (over.send as ReturnType<typeof vi.fn> | undefined) ?? send, onPlaced };
}

const pick = (name: string): void => {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}\\b`) }));
};
const amountInput = (): HTMLInputElement => screen.getByRole('textbox', { name: 'Amount per bet' }) as HTMLInputElement;

async function confirmDialog(): Promise<string> {
  const dialog = await screen.findByRole('dialog');
  const text = dialog.textContent ?? '';
  const ok = await waitFor(() => {
    const b = Array.from(dialog.querySelectorAll('button')).find((x) => x.textContent === 'Confirm');
    if (b === undefined) throw new Error('no confirm button');
    return b;
  });
  await act(async () => {
    fireEvent.click(ok);
  });
  return text;
}

describe('the bet panel', () => {
  it('shows each option with its odds on the tile, and its chance (libs/domain) and return to player in the info sheet', async () => {
    setup();
    const big = screen.getByRole('button', { name: /^Big\b/ });
    expect(big.textContent).toBe('Big 1.94');
    fireEvent.click(screen.getByRole('button', { name: 'Chances and return: Mixed' }));
    const row = (c: string): string[] => Array.from(document.querySelectorAll(`.odds-info__table tr[data-class="${c}"] > *`)).map((x) => x.textContent ?? '');
    await waitFor(() => expect(row('big')).toEqual(['Big', '1.94', '50.00%', '97.00%'])); // 500 of the 1000 triples sum to 14..27
    expect(row('extreme_big')).toEqual(['Extreme big', '17.32', '5.60%', '97.00%']); // 56 triples sum to 22..27
  });

  it('exact sums are number balls with their odds under each', () => {
    setup();
    fireEvent.click(screen.getByRole('tab', { name: 'Special number' }));
    const ball = screen.getByRole('button', { name: /^13\b/ });
    expect(ball.className).toContain('odds--ball');
    expect(ball.textContent).toBe('13 12.93');
  });

  it('selects several categories', () => {
    setup();
    const big = screen.getByRole('button', { name: /^Big\b/ });
    pick('Big');
    pick('Odd');
    expect(big.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /^Odd\b/ }).getAttribute('aria-pressed')).toBe('true');
    pick('Big');
    expect(big.getAttribute('aria-pressed')).toBe('false');
  });

  it('quick amounts 5, 10, 50, 300, 500 and max (balance minus 1) fill the amount; the total is amount x count', () => {
    setup({ moneyMinor: 123_456 });
    for (const q of ['5', '10', '50', '300', '500']) {
      fireEvent.click(screen.getByRole('button', { name: q }));
      expect(amountInput().value).toBe(q);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('1233.56');
    fireEvent.click(screen.getByRole('button', { name: '50' }));
    pick('Big');
    pick('Odd');
    pick('Small');
    expect(screen.getByText(/3 selected, total/).textContent).toContain('150.00');
  });

  it('refuses amount x count above the balance before sending anything', async () => {
    const { send } = setup({ moneyMinor: 1500 });
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    pick('Odd');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    });
    await waitFor(() => expect(screen.getAllByText('Your assets are insufficient, please deposit').length).toBeGreaterThanOrEqual(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('over the balance, the slip shows its real total and the refusal in red before any tap on Bet', () => {
    setup({ moneyMinor: 1500 });
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    pick('Odd');
    expect(screen.getByText(/2 selected, total/).textContent).toContain('20.00');
    expect(screen.getByRole('alert').textContent).toBe('Your assets are insufficient, please deposit');
    pick('Odd');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Max splits the balance across the selections (2 selected: total 1,812.00, not 0.00)', () => {
    setup({ moneyMinor: 181_300 });
    pick('Big');
    pick('Odd');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('906.00');
    expect(screen.getByText(/2 selected, total/).textContent).toContain('1,812.00');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the payout of each selection if it hits and the best the slip can pay in one round', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    pick('Small');
    // each selection in the slip with what it pays if it hits; a tap there removes it
    expect(screen.getByRole('button', { name: 'Remove Big' }).textContent).toBe('Bigpays 19.40');
    expect(screen.getByRole('button', { name: 'Remove Small' }).textContent).toBe('Smallpays 19.40');
    // big and small never hit together: the best is one payout, not two
    expect(screen.getByText(/2 selected, total/).textContent).toContain('Best payout 19.40');
  });

  it('a bet confirmed as the round rolls over goes to the round the dialog named (the server refuses it), never to the next', async () => {
    let n = 0;
    const send = vi.fn(async (_r: PlayOrderRequest): Promise<PlayOrderResponse> => ({ after_quantity: 990, order_id: ++n, order_no: `N${n}` }));
    const props = { odds: ODDS, moneyMinor: 100_000, disabledReason: null, send, onPlaced: vi.fn(), onOpenRules: () => undefined };
    const view = render(<BetPanel {...props} target={TARGET} />);
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    });
    await screen.findByRole('dialog');
    // the next round opens while the dialog is on screen
    view.rerender(<BetPanel {...props} target={{ ...TARGET, issue: '20261123002' }} />);
    const text = await confirmDialog();
    expect(text).toContain(`Round ${TARGET.issue}`);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect((send.mock.calls[0]?.[0] as PlayOrderRequest).issue).toBe(TARGET.issue);
  });

  it('confirms count and total, then sends one playOrder per category, each with its own idempotency key', async () => {
    const { send, onPlaced } = setup();
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    pick('Odd');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    });
    const text = await confirmDialog();
    expect(text).toContain('2 bet(s) of 10.00, total 20.00');
    // The round, each selection with its stake and payout, and the best payout.
    expect(text).toContain(`Round ${TARGET.issue}`);
    expect(text).toContain('Big10.00 → 19.40');
    expect(text).toContain('Odd10.00 → 19.40');
    expect(text).toContain('Best payout 38.80');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    const calls = send.mock.calls.map((c) => c[0] as PlayOrderRequest);
    expect(calls.map((c) => c.play_type)).toEqual(['big', 'odd']);
    expect(calls.every((c) => c.money === 10 && c.issue === TARGET.issue && c.plan_id === 1 && c.game_id === 1)).toBe(true);
    expect(new Set(calls.map((c) => c.idempotency_key)).size).toBe(2);
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(onPlaced.mock.calls[0]?.[0]).toMatchObject({ placed: ['big', 'odd'], afterQuantity: 980, error: null });
    expect(screen.getByRole('button', { name: /^Big\b/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it('warns in the confirm dialog before a bet the opposite-bet rule would refuse (and freeze the account for)', async () => {
    // Small 10 then big 10 in one round (the measured case): held small, the slip's big is the opposite.
    setup({ loadHeld: async () => [{ playType: 'small', stake: 1000 }] });
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    });
    const text = await confirmDialog();
    expect(text).toContain('Warning: Big is the opposite of a bet of the same amount you hold in this round');
  });

  it('warns about the second of two opposite selections in one slip, and not for other amounts or when the rule is off', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    pick('Small');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    });
    expect(await confirmDialog()).toContain('Warning: Small is the opposite');
    cleanup();
    document.body.innerHTML = '';
    setup({ loadHeld: async () => [{ playType: 'small', stake: 500 }], policy: 'same_amount' });
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    });
    expect(await confirmDialog()).not.toContain('Warning');
  });

  it('a retried tap after a lost answer reuses the idempotency key and does not resend what was accepted', async () => {
    let attempt = 0;
    const send = vi.fn(async (r: PlayOrderRequest): Promise<PlayOrderResponse> => {
      attempt++;
      if (r.play_type === 'odd' && attempt === 2) throw new ApiError('Network error', 0, 'NETWORK');
      return { after_quantity: 500, order_id: attempt, order_no: `N${attempt}` };
    });
    setup({ send });
    fireEvent.click(screen.getByRole('button', { name: '10' }));
    pick('Big');
    pick('Odd');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    });
    await confirmDialog();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    // 'big' was accepted and is no longer selected; 'odd' stays selected for the retry.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Big\b/ }).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('button', { name: /^Odd\b/ }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bet' }));
    });
    const text = await confirmDialog();
    expect(text).toContain('1 bet(s) of 10.00, total 10.00');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    const [first, lost, retry] = send.mock.calls.map((c) => c[0] as PlayOrderRequest);
    expect(first?.play_type).toBe('big');
    expect(retry?.play_type).toBe('odd');
    expect(retry?.idempotency_key).toBe(lost?.idempotency_key);
    expect(retry?.idempotency_key).not.toBe(first?.idempotency_key);
  });

  it('is disabled with the reason shown when betting is closed', () => {
    const { send } = setup({ disabledReason: 'Closed, stop buying', target: null });
    expect(screen.getByRole('status').textContent).toBe('Closed, stop buying');
    expect((screen.getByRole('button', { name: /^Big\b/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Bet' }) as HTMLButtonElement).disabled).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });
});
