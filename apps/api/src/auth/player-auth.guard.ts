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

type AuthedRequest = FastifyRequest & { player?: PlayerContext };

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
