import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '../common/api-error';
import { StaffSessionService } from './auth/staff-session.service';
import { type ConsoleRequest, isConsoleUrl, PERMISSION_KEY } from './permission';
import { isAllowed, isPermission, PUBLIC, ROLE_MATRIX } from './roles';

/**
 * The one guard of the console API (registered globally, acting on /admin-api URLs only):
 * public routes pass; otherwise a live staff session is required (401), then the route's permission
 * must list the staff member's role in ROLE_MATRIX (403). A route without a permission is refused.
 */
@Injectable()
export class ConsoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: StaffSessionService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<ConsoleRequest>();
    if (!isConsoleUrl(req.url)) return true;
    const permission: unknown = this.reflector.get(PERMISSION_KEY, ctx.getHandler());
    if (isPermission(permission) && ROLE_MATRIX[permission] === PUBLIC) return true;
    const auth = req.headers.authorization;
    const token = typeof auth === 'string' && /^Bearer [A-Za-z0-9_-]{20,100}$/.test(auth) ? auth.slice(7) : undefined;
    req.staffContext = await this.sessions.authenticate(token);
    if (!isPermission(permission)) throw new ApiError('FORBIDDEN', { reason: 'route without permission' });
    if (!isAllowed(permission, req.staffContext.staff.role)) throw new ApiError('FORBIDDEN');
    return true;
  }
}
