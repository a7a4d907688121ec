import { Inject, Injectable } from '@nestjs/common';
import type { PlayOrderRequest } from '@sum28/contracts';
import { SessionService } from '../auth/session.service';
import { Clock } from '../common/clock';
import { asciiText, idField, type LiveSession, NativePlayerRoute, PLAYER_REQUEST_FIELDS } from '../auth/native-player-route';
import { DEFAULT_LIMIT_PER_MINUTE } from '../common/shared/throttler-storage';
import { SHARED_STORE, type SharedStore } from '../common/shared/shared-store';
import { OpsMetrics } from '../ops/ops-metrics.service';
import { BettingService } from './betting.service';
import { PlayOrderDto } from './dto/lottery.dto';
import { HEART_PATH } from './heart-route';

export const PLAY_ORDER_PATH = '/index.php/api/Lottery/playOrder';

/**
 * The bet's body schema (see NativeRouteSpec.bodySchema): a plain subset of what PlayOrderDto accepts.
 * `money` is any value to the DTO (BettingService parses it and refuses what is not an amount); a number
 * or a text passes here, anything else goes through the validation pipe and on to the same refusal.
 */
export const PLAY_ORDER_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['issue', 'plan_id', 'game_id', 'play_type', 'money'],
  properties: {
    issue: { type: 'string', pattern: '^[0-9]{8,16}$' },
    plan_id: idField,
    game_id: idField,
    play_type: asciiText(1, 16),
    money: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    follow_id: idField,
    idempotency_key: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,128}$' },
    ...PLAYER_REQUEST_FIELDS,
  },
} as const;

type RawPlayOrderBody = Omit<PlayOrderRequest, 'plan_id' | 'game_id' | 'follow_id'> &
  Record<'plan_id' | 'game_id', number | string> & { follow_id?: number | string };

/**
 * `POST /index.php/api/Lottery/playOrder`, one bet, as a native Fastify route (NativePlayerRoute: parsing,
 * the default per-IP limit with its X-RateLimit headers on every answer, the session from the shared cache,
 * body schema or validation pipe, errors as every player route answers them; betting.e2e-spec.ts compares
 * it case by case with the Nest route it replaced). The player's row is read and checked in the bet's
 * transaction (BettingService), not here. A success is counted in `sum28_bets_placed_total`.
 */
@Injectable()
export class PlayOrderRoute extends NativePlayerRoute<PlayOrderRequest> {
  constructor(
    private readonly betting: BettingService,
    private readonly metrics: OpsMetrics,
    sessions: SessionService,
    clock: Clock,
    @Inject(SHARED_STORE) shared: SharedStore,
  ) {
    super(
      {
        path: PLAY_ORDER_PATH,
        limitName: 'bet',
        limitPerMinute: DEFAULT_LIMIT_PER_MINUTE,
        bodySchema: PLAY_ORDER_BODY_SCHEMA,
        dto: PlayOrderDto,
        fromSchema: (body) => {
          const b = body as RawPlayOrderBody;
          const dto: PlayOrderRequest = { issue: b.issue, plan_id: Number(b.plan_id), game_id: Number(b.game_id), play_type: b.play_type, money: b.money };
          if (b.follow_id !== undefined) dto.follow_id = Number(b.follow_id);
          if (b.idempotency_key !== undefined) dto.idempotency_key = b.idempotency_key;
          return dto;
        },
        message: 'ORDER_SUCCESS',
        balances: false,
        limitHeadersAlways: true,
        operation: {
          operationId: 'LotteryController_playOrder',
          summary: 'One bet on one category of the open round (idempotency_key makes a retry safe)',
          tags: ['player: lottery'],
          after: HEART_PATH,
        },
      },
      sessions,
      clock,
      shared,
    );
  }

  protected async respond(session: LiveSession, dto: PlayOrderRequest): Promise<string> {
    const out = await this.betting.place(session.id, dto);
    // Counted when the bet is answered as a success (an idempotent replay too); a refused bet threw above.
    this.metrics.betsPlaced.inc();
    return JSON.stringify(out);
  }
}
