import type { PlayOrderRequest, PlayOrderResponse } from '@sum28/contracts';
import { formatMinor } from '@sum28/domain';
import { ApiError } from '../../app/api-client';

/** A fresh idempotency key (a UUID where the browser has one). */
export function newKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c !== undefined && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Idempotency keys of bets not yet answered. A bet (round, room, category, stake, followed bet) keeps its key until
 * the server has answered it, so a retried tap after a lost answer sends the same key and never bets twice; a
 * definite answer (accepted or refused) forgets it.
 */
export class PendingKeys {
  private readonly keys = new Map<string, string>();
  constructor(private readonly make: () => string = newKey) {}

  private static id(r: Omit<PlayOrderRequest, 'idempotency_key'>): string {
    return [r.issue, r.plan_id, r.game_id, r.play_type, String(r.money), r.follow_id ?? ''].join('|');
  }

  keyFor(r: Omit<PlayOrderRequest, 'idempotency_key'>): string {
    const id = PendingKeys.id(r);
    let k = this.keys.get(id);
    if (k === undefined) {
      k = this.make();
      this.keys.set(id, k);
    }
    return k;
  }

  settle(r: Omit<PlayOrderRequest, 'idempotency_key'>): void {
    this.keys.delete(PendingKeys.id(r));
  }
}

export interface SlipOutcome {
  /** Categories the server accepted, in order. */
  placed: string[];
  /** The order ids of the accepted bets, in the same order. */
  orderIds: number[];
  /** Balance after the last accepted bet (`after_quantity`), or null when none was accepted. */
  afterQuantity: number | null;
  /** The refusal that stopped the slip, if any. */
  error: ApiError | null;
}

/**
 * Sends one `playOrder` per category (spec section 7), in order, each with its idempotency key, and stops at the
 * first refusal (the API client has shown its message). Only a network failure keeps the key for the retry.
 */
export async function placeSlip(
  send: (r: PlayOrderRequest) => Promise<PlayOrderResponse>,
  keys: PendingKeys,
  base: { issue: string; plan_id: number; game_id: number; follow_id?: number },
  categories: readonly string[],
  stakeMinor: number,
): Promise<SlipOutcome> {
  const out: SlipOutcome = { placed: [], orderIds: [], afterQuantity: null, error: null };
  for (const play_type of categories) {
    const req = { ...base, play_type, money: Number(formatMinor(stakeMinor)) };
    try {
      const res = await send({ ...req, idempotency_key: keys.keyFor(req) });
      keys.settle(req);
      out.placed.push(play_type);
      out.orderIds.push(res.order_id);
      out.afterQuantity = res.after_quantity;
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(String(e), 0, 'NETWORK');
      if (err.code !== 0) keys.settle(req);
      out.error = err;
      break;
    }
  }
  return out;
}

/** The refusals after which the room shows the blocked state (spec section 4: the system has blocked you). */
export function isBlockingError(e: ApiError | null): boolean {
  return e !== null && (e.key === 'OPPOSITE_BET' || e.key === 'ACCOUNT_FROZEN');
}
