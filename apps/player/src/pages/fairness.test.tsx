import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { IssueRow } from '@sum28/contracts';
import { FAIRNESS_TEST_VECTORS } from '@sum28/domain';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';

const answers: Record<string, unknown> = {};
const call = vi.fn((endpoint: string, _body?: unknown) =>
  endpoint in answers ? Promise.resolve(answers[endpoint]) : Promise.reject(new Error(`no ${endpoint}`)),
);
vi.mock('../app/api', () => ({ api: { call: (endpoint: string, body: unknown) => call(endpoint, body) } }));
const { default: FairnessPage } = await import('./fairness');

initI18n('en', en);

const v = FAIRNESS_TEST_VECTORS[7]!; // vector 8: game 2, round 20261122001, digits 9 9 9
const drawn: IssueRow = {
  game_id: 2,
  issue: v.issue,
  site_1: 9,
  site_2: 9,
  site_3: 9,
  sum: 27,
  lottery_code: '9 9 9 27',
  hash: v.hashHex,
  seed: v.seedHex,
  state: 'drawn',
  drawTime: 1_790_000_000,
};
const open: IssueRow = {
  ...drawn,
  issue: '20261122002',
  site_1: null,
  site_2: null,
  site_3: null,
  sum: null,
  lottery_code: null,
  seed: null,
  state: 'open',
  hash: 'ab'.repeat(32),
};

function show(path: string): void {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/fairness" element={<FairnessPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('fairness page', () => {
  beforeEach(() => {
    call.mockClear();
    delete answers['issueList'];
    answers['lotteryIndex'] = { gameList: [1, 2].map((id) => ({ id, name: `Line ${id}`, planList: [] })) };
    answers['cand'] = [{ issue: v.issue, cand: 27, cand_code: '9 9 9 27' }];
  });
  afterEach(cleanup);

  it('verifies a drawn round in the browser (no verify call to the server)', async () => {
    answers['issueList'] = [open, drawn];
    show(`/fairness?game_id=2&issue=${v.issue}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify in this browser' }));
    expect((await screen.findByRole('status')).textContent).toContain('Verified');
    expect(screen.getByRole('status').textContent).toContain(v.hashHex);
    expect(call.mock.calls.map((c) => c[0])).not.toContain('verify');
  });

  it('fails a round whose published digits the seed does not give', async () => {
    answers['issueList'] = [{ ...drawn, site_3: 8, sum: 26 }];
    show(`/fairness?game_id=2&issue=${v.issue}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify in this browser' }));
    expect((await screen.findByRole('status')).textContent).toContain('the seed gives other digits');
    expect(screen.getByRole('status').textContent).toContain('9 9 9');
  });

  it('shows only the hash before the draw, with nothing to verify', async () => {
    answers['issueList'] = [open, drawn];
    show('/fairness?game_id=2&issue=20261122002');
    await screen.findByText(/only the hash is published/);
    expect(screen.getByText('Revealed after the draw')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify in this browser' })).toBeNull();
  });

  it('reads the list again for a round newer than it (a link to a round opened since)', async () => {
    let lists = 0;
    Object.defineProperty(answers, 'issueList', { configurable: true, enumerable: true, get: () => (++lists === 1 ? [drawn] : [open, drawn]) });
    show('/fairness?game_id=2&issue=20261122002');
    await screen.findByText(/only the hash is published/);
    expect(lists).toBe(2);
    expect(call.mock.calls.map((c) => c[0])).not.toContain('verify');
  });

  it('shows the observed frequency of each sum beside the theory', async () => {
    answers['issueList'] = [drawn];
    show('/fairness?game_id=2');
    await screen.findByText('Each sum over the last 1 rounds vs the theory');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(29));
    const last = screen.getAllByRole('row')[28]!;
    expect(last.textContent).toContain('1 (100.0%)');
    expect(last.textContent).toContain('0.1%');
  });
});
