/**
 * The markers the server writes on fund rows (`mark`): a bet's stake, the payout of a win and the refund of a voided
 * round (the API's CAPITAL_MARK). They are names for code, never shown as they are: a screen shows its own words.
 */
export const CAPITAL_MARKS = ['stake', 'payout', 'refund'] as const;
export type CapitalMark = (typeof CAPITAL_MARKS)[number];

/** A recharge's order number as the server writes it on the row (`R` and ten digits). */
const ORDER_NO = /^R\d{10}$/;

/** A word that reads like a code (`bonus`, `bet_void`, `gift:auto`), not a person's sentence: an unknown marker. */
const CODE_LIKE = /^[a-z][a-z0-9]*(?:[_.:-][a-z0-9]+)*$/;

/**
 * What a fund row's `mark` says, for a screen to put in its own words: a known marker, a recharge order number, a
 * person's note (a staff member's gift reason, written to the player), or nothing to show (empty, or a marker this
 * build does not know: never shown raw).
 */
export type CapitalMarkView = { kind: 'bet'; mark: CapitalMark } | { kind: 'order'; orderNo: string } | { kind: 'note'; text: string } | null;

export function capitalMarkView(mark: string | null | undefined): CapitalMarkView {
  const m = (mark ?? '').trim();
  if (m === '') return null;
  if ((CAPITAL_MARKS as readonly string[]).includes(m)) return { kind: 'bet', mark: m as CapitalMark };
  if (ORDER_NO.test(m)) return { kind: 'order', orderNo: m };
  if (CODE_LIKE.test(m)) return null;
  return { kind: 'note', text: m };
}
