import { applyDecorators, Controller, createParamDecorator, type ExecutionContext, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { StaffActor } from '../audit/audit.types';
import { ApiError } from '../common/api-error';
import { ConsoleInputInterceptor } from './console-input.interceptor';
import type { ConsoleRequest, StaffContext } from './console-request';
import type { Permission } from './roles';

export type { ConsoleRequest, StaffContext } from './console-request';

/** Every console route lives under this prefix; the console guard acts on exactly these URLs. */
export const CONSOLE_PREFIX = 'admin-api';
export const PERMISSION_KEY = 'sum28:console-permission';

/** The one permission of a console route (looked up in ROLE_MATRIX by the console guard). */
export const Permit = (permission: Permission): MethodDecorator => SetMetadata(PERMISSION_KEY, permission);

/** A console controller: `/admin-api/<path>`, OpenAPI tag, bearer auth, and the console's input checks. */
export function ConsoleController(path: string): ClassDecorator {
  return applyDecorators(Controller(`${CONSOLE_PREFIX}/${path}`), ApiTags(`console: ${path}`), ApiBearerAuth(), UseInterceptors(ConsoleInputInterceptor));
}

export function isConsoleUrl(url: string): boolean {
  return url === `/${CONSOLE_PREFIX}` || url.startsWith(`/${CONSOLE_PREFIX}/`) || url.startsWith(`/${CONSOLE_PREFIX}?`);
}

function contextOf(ctx: ExecutionContext): { req: ConsoleRequest; sc: StaffContext } {
  const req = ctx.switchToHttp().getRequest<ConsoleRequest>();
  if (!req.staffContext) throw new ApiError('SESSION_INVALID');
  return { req, sc: req.staffContext };
}

/** The signed-in staff member as the audit log records them (id, username, role, IP). */
export const Actor = createParamDecorator((_: unknown, ctx: ExecutionContext): StaffActor => actorOf(contextOf(ctx).req) as StaffActor);

/** The signed-in staff member of a console request as the audit log records them, or null before the guard. */
export function actorOf(req: ConsoleRequest): StaffActor | null {
  const sc = req.staffContext;
  return sc ? { id: sc.staff.id, username: sc.staff.username, role: sc.staff.role, ip: req.ip } : null;
}

/** The signed-in staff member and their session. */
export const CurrentStaff = createParamDecorator((_: unknown, ctx: ExecutionContext): StaffContext => contextOf(ctx).sc);
