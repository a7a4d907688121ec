import { Global, Module } from '@nestjs/common';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { CaptchaService } from './captcha.service';
import { PasswordHasher } from './password-hasher';
import { PlayerAuthGuard } from './player-auth.guard';
import { SessionRevocations } from './session-revocations';
import { SessionService } from './session.service';

@Global()
@Module({
  controllers: [AuthController],
  providers: [AccountService, CaptchaService, PasswordHasher, SessionService, SessionRevocations, PlayerAuthGuard],
  exports: [PasswordHasher, SessionService, SessionRevocations, PlayerAuthGuard, CaptchaService],
})
export class AuthModule {}
