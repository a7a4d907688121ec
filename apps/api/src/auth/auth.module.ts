import { Global, Module } from '@nestjs/common';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { CaptchaService } from './captcha.service';
import { PasswordHasher } from './password-hasher';
import { PlayerAuthGuard } from './player-auth.guard';
import { PlayerViewService } from './player-view.service';
import { SessionService } from './session.service';

@Global()
@Module({
  controllers: [AuthController],
  providers: [AccountService, CaptchaService, PasswordHasher, SessionService, PlayerAuthGuard, PlayerViewService],
  exports: [PasswordHasher, SessionService, PlayerAuthGuard, CaptchaService, PlayerViewService],
})
export class AuthModule {}
