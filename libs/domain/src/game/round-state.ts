export const ROUND_STATES = ['open', 'closed', 'drawn', 'settled', 'void'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

const TRANSITIONS: Readonly<Record<RoundState, ReadonlyArray<RoundState>>> = {
  open: ['closed', 'void'],
  closed: ['drawn', 'void'],
  drawn: ['settled', 'void'],
  settled: [],
  void: [],
};

export function isRoundState(x: unknown): x is RoundState {
  return typeof x === 'string' && (ROUND_STATES as ReadonlyArray<string>).includes(x);
}

/** open -> closed -> drawn -> settled; open, closed or drawn -> void. Nothing else. */
export function canTransition(from: RoundState, to: RoundState): boolean {
  return TRANSITIONS[from]?.includes(to) ?? false;
}

/** A settled or void round never changes again. */
export function isFinalRoundState(s: RoundState): boolean {
  return TRANSITIONS[s].length === 0;
}

/**
 * A bet is accepted only while the round is open and `now` is before its close instant
 * (the caller passes database time and checks in the same transaction).
 */
export function isBettingOpen(round: { readonly state: RoundState; readonly closeAt: number }, now: number): boolean {
  return round.state === 'open' && now < round.closeAt;
}

/** Bet row status: 0 pending (accepted), 1 settled, 2 cancelled (refunded with a void round). */
export const BET_STATUS = { PENDING: 0, SETTLED: 1, CANCELLED: 2 } as const;
export type BetStatus = (typeof BET_STATUS)[keyof typeof BET_STATUS];
