import { BetEntity } from './bet.entity';
import { CapitalApprovalEntity, CapitalLogEntity } from './capital-log.entity';
import { CaptchaEntity } from './captcha.entity';
import { ArticleEntity, BannerEntity, NoticeEntity, NoticeReadEntity } from './content.entity';
import { GameEntity, OddsEntity, PlanEntity } from './game.entity';
import { LedgerEntryEntity, LedgerTransactionEntity } from './ledger.entity';
import { PayInfoEntity } from './pay-info.entity';
import { RoundEntity } from './round.entity';
import { AuditLogEntity, IdempotencyKeyEntity, SettingChangeEntity, SettingEntity, StaffEntity, StaffSessionEntity } from './staff.entity';
import { UserSessionEntity } from './user-session.entity';
import { UserEntity } from './user.entity';
import { SignInThrottleEntity } from './sign-in-throttle.entity';

export * from './bet.entity';
export * from './capital-log.entity';
export * from './captcha.entity';
export * from './content.entity';
export * from './game.entity';
export * from './ledger.entity';
export * from './pay-info.entity';
export * from './round.entity';
export * from './staff.entity';
export * from './user-session.entity';
export * from './user.entity';
export * from './sign-in-throttle.entity';

export const ENTITIES = [
  UserEntity,
  UserSessionEntity,
  CaptchaEntity,
  PayInfoEntity,
  BannerEntity,
  ArticleEntity,
  NoticeEntity,
  NoticeReadEntity,
  GameEntity,
  PlanEntity,
  OddsEntity,
  RoundEntity,
  BetEntity,
  CapitalLogEntity,
  CapitalApprovalEntity,
  LedgerTransactionEntity,
  LedgerEntryEntity,
  StaffEntity,
  StaffSessionEntity,
  AuditLogEntity,
  SettingEntity,
  SettingChangeEntity,
  IdempotencyKeyEntity,
  SignInThrottleEntity,
];
