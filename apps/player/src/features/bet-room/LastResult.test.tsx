import type { LastIssue } from '@sum28/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import en from '../../i18n/locales/en.json';
import { LastResult, REVEAL_MS } from './LastResult';

const round = (issue: string, a: number, b: number, c: number): LastIssue => ({
  issue,
  site_1: a,
  site_2: b,
  site_3: c,
  code: a + b + c,
  lottery_code: `${a} ${b} ${c} ${a + b + c}`,
  base: ['big', 'odd'],
  base_names: ['Big', 'Odd'],
  hash: 'ab'.repeat(32),
  seed: 'cd'.repeat(32),
});

function motion(reduce: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((q: string) => ({ matches: reduce && q.includes('reduce'), media: q }) as MediaQueryList);
}

const revealed = (): number => document.querySelectorAll('.ball--reveal').length;

beforeAll(() => {
  window.localStorage.setItem('locale', 'en');
  initI18n('en', en);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the last result and the draw reveal', () => {
  it('the result found on entering the room shows at once; a round drawn while there is revealed digit by digit, then settles', () => {
    vi.useFakeTimers();
    motion(false);
    const view = render(<LastResult last={round('101', 1, 2, 3)} recent={[]} />, { wrapper: MemoryRouter });
    expect(revealed()).toBe(0);
    expect(screen.getByLabelText('Result 1 + 2 + 3 = 6')).toBeTruthy();
    view.rerender(<LastResult last={round('102', 9, 8, 7)} recent={[]} />);
    expect(revealed()).toBe(4); // three digits, then the sum
    const delays = [...document.querySelectorAll<HTMLElement>('.ball--reveal')].map((b) => b.style.animationDelay);
    expect(delays).toEqual(['0ms', '450ms', '900ms', '1350ms']);
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(REVEAL_MS);
    });
    expect(revealed()).toBe(0);
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('Skip shows the result at once', () => {
    motion(false);
    const view = render(<LastResult last={round('101', 1, 2, 3)} recent={[]} />, { wrapper: MemoryRouter });
    view.rerender(<LastResult last={round('102', 9, 8, 7)} recent={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(revealed()).toBe(0);
    expect(screen.getByLabelText('Result 9 + 8 + 7 = 24')).toBeTruthy();
  });

  it('with prefers-reduced-motion there is no reveal', () => {
    motion(true);
    const view = render(<LastResult last={round('101', 1, 2, 3)} recent={[]} />, { wrapper: MemoryRouter });
    view.rerender(<LastResult last={round('102', 9, 8, 7)} recent={[]} />);
    expect(revealed()).toBe(0);
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('the recent results open in a sheet, the last one first', async () => {
    motion(false);
    render(<LastResult last={round('103', 1, 1, 1)} recent={[{ issue: '102', site_1: 2, site_2: 2, site_3: 2, sum: 6, state: 'drawn' } as never]} />, {
      wrapper: MemoryRouter,
    });
    fireEvent.click(screen.getByRole('button', { name: /Round 103/ }));
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1031 + 1 + 1 = 3', '1022 + 2 + 2 = 6']);
  });
});
