import { Body, type ExecutionContext, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { StaffActor } from '../../audit/audit.types';
import { NoFieldsDto } from '../common/no-fields.dto';
import { Actor, ConsoleController, CurrentStaff, Permit, type StaffContext } from '../permission';
import { StaffLoginDto, TotpEnableDto } from './auth.dto';
import { type LoginAnswer, type MeAnswer, StaffAuthService } from './staff-auth.service';

/** Per client IP and minute, like the player sign-in (SIGNIN_RATE_LIMIT). */
const SIGN_IN_LIMIT = {
  default: {
    ttl: 60_000,
    limit: (ctx: ExecutionContext): number =>
      (ctx.switchToHttp().getRequest<FastifyRequest>().server as unknown as { signinRateLimit: number }).signinRateLimit,
  },
};

@ConsoleController('auth')
export class ConsoleAuthController {
  constructor(private readonly auth: StaffAuthService) {}

  @Post('login')
  @HttpCode(200)
  @Throttle(SIGN_IN_LIMIT)
  @Permit('auth.login')
  @ApiOperation({ summary: 'Staff sign-in {username, password, otp?} -> {token, staff}; repeated failures are throttled (429 SIGN_IN_THROTTLED)' })
  login(@Body() dto: StaffLoginDto, @Req() req: FastifyRequest): Promise<LoginAnswer> {
    return this.auth.login(dto, req.ip);
  }

  @Get('me')
  @Permit('auth.me')
  @ApiOperation({ summary: 'The signed-in staff member, role and permissions' })
  me(@Query() _q: NoFieldsDto, @CurrentStaff() sc: StaffContext): MeAnswer {
    return this.auth.me(sc);
  }

  @Post('logout')
  @HttpCode(200)
  @Permit('auth.logout')
  logout(@Body() _dto: NoFieldsDto, @CurrentStaff() sc: StaffContext, @Actor() actor: StaffActor): Promise<{ id: number }> {
    return this.auth.logout(sc, actor);
  }

  @Post('totp/setup')
  @HttpCode(200)
  @Permit('auth.totp')
  @ApiOperation({ summary: 'Starts TOTP enrolment: a new secret and its otpauth:// URI, shown once' })
  totpSetup(@Body() _dto: NoFieldsDto, @CurrentStaff() sc: StaffContext, @Actor() actor: StaffActor): Promise<{ secret: string; otpauth_url: string }> {
    return this.auth.totpSetup(sc, actor);
  }

  @Post('totp/enable')
  @HttpCode(200)
  @Permit('auth.totp')
  @ApiOperation({ summary: 'Turns TOTP on with a current code; sign-in then needs `otp`' })
  totpEnable(@Body() dto: TotpEnableDto, @CurrentStaff() sc: StaffContext, @Actor() actor: StaffActor): Promise<MeAnswer> {
    return this.auth.totpEnable(sc, actor, dto.otp);
  }
}
