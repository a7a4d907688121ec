import { Body, Controller, type ExecutionContext, Get, HttpCode, Post, Query, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { CaptchaResponse } from '@sum28/contracts';
import type { FastifyRequest } from 'fastify';
import { EnvelopeInterceptor, withMessage, type WithMessage } from '../common/http/envelope';
import { AccountService } from './account.service';
import { CaptchaService } from './captcha.service';
import { CaptchaDto, EmptyDto, LoginDto, RegisterDto } from './dto/auth.dto';
import { AllowPendingPasswordChange, Player, PlayerAuthGuard, type PlayerContext } from './player-auth.guard';
import { SessionService } from './session.service';
import { langOf } from '../common/http/lang';
import { PlayerViewService, type PlayerView as UserInfo } from './player-view.service';

/** The player as register and login answer: the session token and the device token to send with the next sign-ins. */
type SignedInInfo = UserInfo & { token: string; device_token: string };

/** Per client IP and minute, from SIGNIN_RATE_LIMIT (the server decorates Fastify with it at start-up). */
const SIGN_IN_LIMIT = {
  default: {
    ttl: 60_000,
    limit: (ctx: ExecutionContext): number =>
      (ctx.switchToHttp().getRequest<FastifyRequest>().server as unknown as { signinRateLimit: number }).signinRateLimit,
  },
};

@ApiTags('player: account')
@Controller('index.php/api/user')
@UseInterceptors(EnvelopeInterceptor)
export class AuthController {
  constructor(
    private readonly accounts: AccountService,
    private readonly captcha: CaptchaService,
    private readonly sessions: SessionService,
    private readonly views: PlayerViewService,
  ) {}

  @Get('captcha')
  @Throttle(SIGN_IN_LIMIT)
  @ApiOperation({ summary: 'A new captcha challenge (PNG image, `size=large` for a larger one); its id goes back with login or register' })
  getCaptcha(@Query() q: CaptchaDto): Promise<CaptchaResponse> {
    return this.captcha.issue(q.size);
  }

  @Post('register')
  @HttpCode(200)
  @Throttle(SIGN_IN_LIMIT)
  @ApiOperation({ summary: 'Sign up with an invite code (group 1 member or 2 visitor), 18+ consent required; logs in' })
  async register(@Body() dto: RegisterDto, @Req() req: FastifyRequest): Promise<WithMessage<{ userinfo: SignedInInfo }>> {
    const { user, token, deviceToken } = await this.accounts.register(dto, req.ip);
    return withMessage('REGISTER_SUCCESS', { userinfo: { ...(await this.views.of(user, langOf(req))), token, device_token: deviceToken } });
  }

  @Post('login')
  @HttpCode(200)
  @Throttle(SIGN_IN_LIMIT)
  @ApiOperation({ summary: 'Sign in; answers the session token for the `token` header' })
  async login(@Body() dto: LoginDto, @Req() req: FastifyRequest): Promise<WithMessage<{ userinfo: SignedInInfo }>> {
    const { user, token, deviceToken } = await this.accounts.login(dto, req.ip);
    return withMessage('LOGIN_SUCCESS', { userinfo: { ...(await this.views.of(user, langOf(req))), token, device_token: deviceToken } });
  }

  @Post('userInfo')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  @AllowPendingPasswordChange()
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({
    summary: 'The signed-in player: balances, turnover progress, freeze and reason, security code set, password change due, invite code (agents)',
  })
  userInfo(@Body() _dto: EmptyDto, @Player() p: PlayerContext, @Req() req: FastifyRequest): Promise<UserInfo> {
    return this.views.of(p.user, langOf(req));
  }

  @Post('logout')
  @HttpCode(200)
  @UseGuards(PlayerAuthGuard)
  @AllowPendingPasswordChange()
  @ApiHeader({ name: 'token', required: true })
  @ApiOperation({ summary: 'Ends this session (the token stops working)' })
  async logout(@Body() _dto: EmptyDto, @Player() p: PlayerContext): Promise<WithMessage<null>> {
    await this.sessions.revoke(p.sessionId, p.user.id);
    return withMessage('LOGOUT_SUCCESS', null);
  }
}
