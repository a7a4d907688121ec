import type { HitNotice, OddsListResponse } from '@sum28/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import en from '../../i18n/locales/en.json';
import { RoundResult, roundResultTitle } from './RoundResult';

const ODDS: OddsListResponse = {
  rule_base: [
    { id: 1, class: 'big', class_name: 'Big', odds: 1.94, rtp: 97 },
    { id: 3, class: 'odd', class_name: 'Odd', odds: 1.94, rtp: 97 },
  ],
  rule_num: [{ id: 20, class: 'sum_13', class_name: '13', odds: 12.93, rtp: 97 }],
};

/** The measured case: 150 staked on three options, one paying 97 back. */
const MIXED: HitNotice = {
  id: 7,
  profit: 47,
  issue: '20261128042',
  staked: 150,
  paid: 97,
  net: -53,
  wins: [{ play_type: 'big', stake: 50, payout: 97 }],
};

beforeAll(() => {
  window.localStorage.setItem('locale', 'en');
  initI18n('en', en);
});
afterEach(cleanup);

describe('the win popup tells the round', () => {
  it('a round that lost 53 reads net −53.00 with the hit listed, never +47', () => {
    render(<RoundResult notice={MIXED} odds={ODDS} />);
    expect(screen.getByText('Big')).toBeTruthy();
    expect(document.body.textContent).toContain('Staked this round150.00');
    expect(document.body.textContent).toContain('Payout this round97.00');
    expect(screen.getByText((_, el) => el?.classList.contains('round-result__net') === true).textContent).toBe('−53.00');
    expect(document.body.textContent).not.toContain('+47');
    expect(roundResultTitle(MIXED, (k, o) => `${k}:${String(o?.['issue'] ?? '')}`)).toBe('betRoom.roundTitle:20261128042');
  });

  it('a round that left the player up is a win, with a plus sign', () => {
    const up: HitNotice = { ...MIXED, staked: 50, paid: 97, net: 47 };
    render(<RoundResult notice={up} odds={ODDS} />);
    expect(screen.getByText((_, el) => el?.classList.contains('round-result__net') === true).textContent).toBe('+47.00');
    expect(roundResultTitle(up, (k) => k)).toBe('betRoom.winTitle');
  });

  it('names a category the room does not list (yet) by its default name, never its code', () => {
    render(<RoundResult notice={{ ...MIXED, wins: [{ play_type: 'sum_27', stake: 1, payout: 900 }] }} odds={undefined} />);
    expect(screen.getByText('Sum 27')).toBeTruthy();
  });
});
