import fc from 'fast-check';
import { ALL_PLAY_TYPES, OPPOSITE_OF, type PlayType } from './categories';
import { checkOppositeBet, isOppositeBetPolicy, type HeldBet, type OppositeBetPolicy } from './opposite-bet';

const refused = { ok: false, error: 'OPPOSITE_BET' };

describe('checkOppositeBet', () => {
  it.each<[string, HeldBet[], HeldBet, OppositeBetPolicy, boolean]>([
    ['big after small of the same amount', [{ playType: 'small', stake: 1000 }], { playType: 'big', stake: 1000 }, 'same_amount', false],
    ['small after big of the same amount', [{ playType: 'big', stake: 1000 }], { playType: 'small', stake: 1000 }, 'same_amount', false],
    ['odd after even of the same amount', [{ playType: 'even', stake: 500 }], { playType: 'odd', stake: 500 }, 'same_amount', false],
    ['even after odd of the same amount', [{ playType: 'odd', stake: 500 }], { playType: 'even', stake: 500 }, 'same_amount', false],
    ['big after small of another amount', [{ playType: 'small', stake: 1000 }], { playType: 'big', stake: 1001 }, 'same_amount', true],
    ['big after big of the same amount', [{ playType: 'big', stake: 1000 }], { playType: 'big', stake: 1000 }, 'same_amount', true],
    ['big after odd of the same amount', [{ playType: 'odd', stake: 1000 }], { playType: 'big', stake: 1000 }, 'same_amount', true],
    [
      'big_odd after small_even of the same amount (not opposites)',
      [{ playType: 'small_even', stake: 1000 }],
      { playType: 'big_odd', stake: 1000 },
      'same_amount',
      true,
    ],
    [
      'extreme_big after extreme_small (not opposites)',
      [{ playType: 'extreme_small', stake: 1000 }],
      { playType: 'extreme_big', stake: 1000 },
      'any_amount',
      true,
    ],
    ['sum_0 after sum_27', [{ playType: 'sum_27', stake: 1000 }], { playType: 'sum_0', stake: 1000 }, 'any_amount', true],
    ['the first bet of the round', [], { playType: 'big', stake: 1000 }, 'same_amount', true],
    ['big after small of another amount under any_amount', [{ playType: 'small', stake: 1000 }], { playType: 'big', stake: 5 }, 'any_amount', false],
    ['big after small of the same amount under off', [{ playType: 'small', stake: 1000 }], { playType: 'big', stake: 1000 }, 'off', true],
    [
      'the second of several holdings matches',
      [
        { playType: 'small', stake: 10 },
        { playType: 'small', stake: 20 },
      ],
      { playType: 'big', stake: 20 },
      'same_amount',
      false,
    ],
  ])('%s: allowed = %p', (_name, held, next, policy, allowed) => {
    const r = checkOppositeBet(held, next, policy);
    if (allowed) expect(r).toEqual({ ok: true, value: undefined });
    else expect(r).toMatchObject(refused);
  });

  it('the default policy is same_amount', () => {
    expect(checkOppositeBet([{ playType: 'small', stake: 1 }], { playType: 'big', stake: 1 })).toMatchObject(refused);
    expect(checkOppositeBet([{ playType: 'small', stake: 1 }], { playType: 'big', stake: 2 }).ok).toBe(true);
  });

  it('the refusal names the categories and the stake', () => {
    expect(checkOppositeBet([{ playType: 'small', stake: 300 }], { playType: 'big', stake: 300 })).toEqual({
      ok: false,
      error: 'OPPOSITE_BET',
      params: { play_type: 'big', opposite: 'small', stake: '3.00', stake_minor: 300 },
    });
  });

  it('property: only big/small and odd/even pairs are ever refused', () => {
    const bet = fc.record({ playType: fc.constantFrom<PlayType>(...ALL_PLAY_TYPES), stake: fc.integer({ min: 1, max: 1000 }) });
    fc.assert(
      fc.property(fc.array(bet, { maxLength: 10 }), bet, fc.constantFrom<OppositeBetPolicy>('same_amount', 'any_amount', 'off'), (held, next, policy) => {
        const r = checkOppositeBet(held, next, policy);
        const expectedRefusal =
          policy !== 'off' && held.some((h) => OPPOSITE_OF[next.playType] === h.playType && (policy === 'any_amount' || h.stake === next.stake));
        expect(r.ok).toBe(!expectedRefusal);
      }),
    );
  });

  it('isOppositeBetPolicy recognises the three policies', () => {
    expect(['same_amount', 'any_amount', 'off', 'x', 1].map(isOppositeBetPolicy)).toEqual([true, true, true, false, false]);
  });
});
