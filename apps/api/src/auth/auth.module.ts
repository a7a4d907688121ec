import { Module } from '@nestjs/common';
import { AccountService } from './account.service';
import { AuthController } from './auth.controller';
import { CaptchaService } from './captcha.service';
import { PasswordHasher } from './password-hasher';
import { PlayerAuthGuard } from './player-auth.guard';
import { PlayerViewService } from './player-view.service';
import { SessionCache } from './session-cache';
import { SessionRevocations } from './session-revocations';
import { SessionService } from './session.service';
import { SignInThrottleService } from './sign-in-throttle.service';
import { DbSignInThrottleStore, SignInThrottleStore } from './sign-in-throttle.store';
import { SettingsModule } from '../settings/settings.module';
import { CoreModule } from '../common/core.module';
import { DatabaseModule } from '../common/db/database.module';
import { LedgerModule } from '../ledger/ledger.module';

@Module({
  imports: [CoreModule, DatabaseModule, SettingsModule, LedgerModule],
  controllers: [AuthController],
  providers: [
    AccountService,
    CaptchaService,
    PasswordHasher,
    SessionService,
    SessionRevocations,
    SessionCache,
    PlayerAuthGuard,
    PlayerViewService,
    SignInThrottleService,
    { provide: SignInThrottleStore, useClass: DbSignInThrottleStore },
  ],
  exports: [PasswordHasher, SessionService, SessionCache, SessionRevocations, PlayerAuthGuard, CaptchaService, SignInThrottleService, PlayerViewService],
})
export class AuthModule {}
