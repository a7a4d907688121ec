import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { UserEntity } from '@sum28/database';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import { SessionService } from './session.service';

export interface PlayerContext {
  user: UserEntity;
  sessionId: number;
}

/** The player of a route that reads the player's row itself, in its own transaction (`@PlayerRowInTransaction`). */
export interface PlayerSession {
  userId: number;
  sessionId: number;
}

type AuthedRequest = FastifyRequest & { player?: PlayerContext; playerSession?: PlayerSession };

const PLAYER_ROW_IN_TRANSACTION = 'playerRowInTransaction';
/**
 * The handler reads the player's row (status, group, holds, balances) inside the write transaction that acts
 * on it, and checks it there: the guard checks the session only, from the session cache (revocations drop
 * it at once), without reading the player. The handler takes `@PlayerSessionOf()`, not `@Player()`.
 */
export const PlayerRowInTransaction = (): MethodDecorator => SetMetadata(PLAYER_ROW_IN_TRANSACTION, true);

const ALLOW_PENDING_PASSWORD_CHANGE = 'allowPendingPasswordChange';
/** Routes a player with a temporary (reset) password may still call: change password, user info, logout. */
export const AllowPendingPasswordChange = (): MethodDecorator => SetMetadata(ALLOW_PENDING_PASSWORD_CHANGE, true);

/** Requires the `token` header of a live session. */
@Injectable()
export class PlayerAuthGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    const header = req.headers['token'];
    const token = Array.isArray(header) ? header[0] : header;
    const handler = ctx.getHandler();
    const mayChangeLater = (): boolean => this.reflector.get<boolean>(ALLOW_PENDING_PASSWORD_CHANGE, handler) === true;
    if (this.reflector.get<boolean>(PLAYER_ROW_IN_TRANSACTION, handler) === true) {
      const session = await this.sessions.liveSession(token, false);
      if (session.must_change_password && !mayChangeLater()) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
      req.playerSession = { userId: session.id, sessionId: session.session_id };
      return true;
    }
    const player = await this.sessions.authenticate(token);
    if (player.user.must_change_password && !mayChangeLater()) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
    req.player = player;
    return true;
  }
}

export const Player = createParamDecorator((_: unknown, ctx: ExecutionContext): PlayerContext => {
  const player = ctx.switchToHttp().getRequest<AuthedRequest>().player;
  if (!player) throw new ApiError('SESSION_INVALID');
  return player;
});

export const PlayerSessionOf = createParamDecorator((_: unknown, ctx: ExecutionContext): PlayerSession => {
  const session = ctx.switchToHttp().getRequest<AuthedRequest>().playerSession;
  if (!session) throw new ApiError('SESSION_INVALID');
  return session;
});
