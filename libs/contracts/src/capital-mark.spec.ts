import { CAPITAL_MARKS, capitalMarkView } from './capital-mark';

describe('capitalMarkView (no raw server marker reaches a screen)', () => {
  it('names each marker the server writes on a bet', () => {
    for (const m of CAPITAL_MARKS) expect(capitalMarkView(m)).toEqual({ kind: 'bet', mark: m });
    expect(capitalMarkView(' payout ')).toEqual({ kind: 'bet', mark: 'payout' });
  });

  it('reads a recharge order number', () => {
    expect(capitalMarkView('R0000000042')).toEqual({ kind: 'order', orderNo: 'R0000000042' });
  });

  it.each(['', '   ', null, undefined, 'bonus', 'bet_void', 'gift:auto', 'stake2'])('shows nothing for %p (empty or an unknown marker)', (m) => {
    expect(capitalMarkView(m)).toBeNull();
  });

  it('keeps a person\u2019s note (a gift reason) as a note', () => {
    expect(capitalMarkView('Welcome gift for the launch')).toEqual({ kind: 'note', text: 'Welcome gift for the launch' });
    expect(capitalMarkView('開幕禮金')).toEqual({ kind: 'note', text: '開幕禮金' });
  });
});
