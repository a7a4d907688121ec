import { Inject, Injectable } from '@nestjs/common';
import type { HeartRequest, Locale } from '@sum28/contracts';
import { SessionService } from '../auth/session.service';
import { Clock } from '../common/clock';
import { idField, intField, type LiveSession, NativePlayerRoute, PLAYER_REQUEST_FIELDS } from '../auth/native-player-route';
import { SHARED_STORE, type SharedStore } from '../common/shared/shared-store';
import { HeartDto } from './dto/lottery.dto';
import { HEART_LIMIT_PER_MINUTE, HeartService } from './heart.service';

export const HEART_PATH = '/index.php/api/Lottery/heart';

/** The heartbeat's body schema (see NativeRouteSpec.bodySchema): a plain subset of what HeartDto accepts. */
export const HEART_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['plan_id', 'game_id'],
  properties: {
    plan_id: idField,
    game_id: idField,
    since_id: intField(0, Number.MAX_SAFE_INTEGER, 15),
    issue: { type: 'string', pattern: '^([0-9]{8,16})?$' },
    ...PLAYER_REQUEST_FIELDS,
  },
} as const;

type RawHeartBody = Record<'plan_id' | 'game_id', number | string> & { since_id?: number | string };

/**
 * `POST /index.php/api/Lottery/heart`, the 2 s poll of every player in a room, as a native Fastify route
 * (NativePlayerRoute: parsing, per-IP limit HEART_LIMIT_PER_MINUTE, session, body schema or validation pipe,
 * errors as every player route answers them; feed.e2e-spec.ts compares it case by case with the Nest route
 * it replaced). The answer is HeartService's JSON text (it precomputes the part shared by a room's players).
 */
@Injectable()
export class HeartRoute extends NativePlayerRoute<HeartRequest> {
  constructor(
    private readonly hearts: HeartService,
    sessions: SessionService,
    clock: Clock,
    @Inject(SHARED_STORE) shared: SharedStore,
  ) {
    super(
      {
        path: HEART_PATH,
        limitName: 'heart',
        limitPerMinute: HEART_LIMIT_PER_MINUTE,
        bodySchema: HEART_BODY_SCHEMA,
        dto: HeartDto,
        fromSchema: (body) => {
          const b = body as RawHeartBody;
          const dto: HeartRequest = { plan_id: Number(b.plan_id), game_id: Number(b.game_id) };
          if (b.since_id !== undefined) dto.since_id = Number(b.since_id);
          return dto;
        },
        message: 'OK',
        balances: true,
        limitHeadersAlways: false,
        operation: {
          operationId: 'LotteryController_heart',
          summary: 'Heartbeat (every 2 s): current and last round, balance, real room feed since since_id, unseen win',
          tags: ['player: lottery'],
          after: '/index.php/api/Lottery/oddsList',
        },
      },
      sessions,
      clock,
      shared,
    );
  }

  protected respond(session: LiveSession, dto: HeartRequest, lang: Locale): string | Promise<string> {
    return this.hearts.heartJson({ id: session.id, money_minor: session.money_minor, lock_money_minor: session.lock_money_minor }, dto, lang);
  }
}
