import type { LastIssue } from '@sum28/contracts';
import { describe, expect, it } from 'vitest';
import { forgetBetsBefore, newlyDrawn, seenAfter, type SeenLastIssue } from './drawn-round';

const round = (issue: string): LastIssue => ({
  issue,
  site_1: 1,
  site_2: 2,
  site_3: 3,
  code: 6,
  lottery_code: '1 2 3 6',
  base: ['small', 'even'],
  base_names: ['Small', 'Even'],
  hash: 'h',
  seed: 's',
});

/** The rounds a page's heartbeats reveal, from their successive `last_issue`s. */
function revealed(beats: (LastIssue | null)[]): string[] {
  let seen: SeenLastIssue;
  const out: string[] = [];
  for (const last of beats) {
    const d = newlyDrawn(seen, last);
    if (d !== null) out.push(d.issue);
    seen = seenAfter(seen, last);
  }
  return out;
}

describe('newlyDrawn (the draws a bet room tells)', () => {
  it('reveals nothing on the first heartbeat: that round was drawn before the player came in', () => {
    expect(revealed([round('2026010100001')])).toEqual([]);
    expect(revealed([null])).toEqual([]);
  });

  it('reveals each round whose draw a later heartbeat shows, once', () => {
    const a = round('2026010100001');
    const b = round('2026010100002');
    expect(revealed([a, a, b, b, b])).toEqual(['2026010100002']);
  });

  it("reveals a game's first draw when the page came in before any round was drawn", () => {
    const first = round('2026010100001');
    expect(revealed([null, null, first, first])).toEqual(['2026010100001']);
  });

  it('does not reveal a round again after an answer without a last round', () => {
    const a = round('2026010100001');
    expect(revealed([a, null, a])).toEqual([]);
  });
});

describe('forgetBetsBefore (bets of rounds whose draw the page missed)', () => {
  it('drops the bets of rounds drawn before the last one; keeps that round, later ones and other widths', () => {
    const bets = new Map<string, string[]>([
      ['20261124001', ['big']],
      ['20261124002', ['small']],
      ['20261124003', ['odd']],
      ['20261124004', ['even']],
      ['202611240005', ['big']],
    ]);
    forgetBetsBefore(bets, '20261124003');
    expect([...bets.keys()]).toEqual(['20261124003', '20261124004', '202611240005']);
    forgetBetsBefore(bets, '20261125001'); // the next day
    expect([...bets.keys()]).toEqual(['202611240005']);
  });
});
