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

  /**
   * The oracle is the spec's own wording, written out here and independent of OPPOSITE_OF: the only
   * opposite pairs are big/small and odd/even (either order); `same_amount` needs an equal stake,
   * `any_amount` any stake, `off` never refuses.
   */
  const SPEC_OPPOSITE_PAIRS: ReadonlySet<string> = new Set(['big|small', 'small|big', 'odd|even', 'even|odd']);
  const oracleRefuses = (held: HeldBet[], next: HeldBet, policy: OppositeBetPolicy): boolean => {
    if (policy === 'off') return false;
    for (const h of held) {
      if (!SPEC_OPPOSITE_PAIRS.has(`${h.playType}|${next.playType}`)) continue;
      if (policy === 'any_amount' || h.stake === next.stake) return true;
    }
    return false;
  };

  it('property: only big/small and odd/even pairs are ever refused (against the spec oracle)', () => {
    // Biased towards the four paired categories and few stakes so refusals are frequent, not rare.
    const playType = fc.oneof(fc.constantFrom<PlayType>('big', 'small', 'odd', 'even'), fc.constantFrom<PlayType>(...ALL_PLAY_TYPES));
    const bet = fc.record({ playType, stake: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1000 })) });
    let refusals = 0;
    fc.assert(
      fc.property(fc.array(bet, { maxLength: 10 }), bet, fc.constantFrom<OppositeBetPolicy>('same_amount', 'any_amount', 'off'), (held, next, policy) => {
        const r = checkOppositeBet(held, next, policy);
        const refused = oracleRefuses(held, next, policy);
        if (refused) refusals++;
        expect(r.ok).toBe(!refused);
      }),
      { numRuns: 500 },
    );
    expect(refusals).toBeGreaterThan(20);
  });

  it('the opposite table itself is exactly the two spec pairs, symmetric', () => {
    const pairs = ALL_PLAY_TYPES.filter((p) => OPPOSITE_OF[p] !== undefined).map((p) => `${p}|${OPPOSITE_OF[p]}`);
    expect(new Set(pairs)).toEqual(SPEC_OPPOSITE_PAIRS);
  });

  it('isOppositeBetPolicy recognises the three policies', () => {
    expect(['same_amount', 'any_amount', 'off', 'x', 1].map(isOppositeBetPolicy)).toEqual([true, true, true, false, false]);
  });
});
