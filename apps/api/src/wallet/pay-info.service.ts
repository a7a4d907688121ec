import { Inject, Injectable } from '@nestjs/common';
import type { PayInfoItem, PayInfoType } from '@sum28/contracts';
import { PayInfoEntity, TxRunner, UserEntity } from '@sum28/database';
import { ACCOUNT_STATUS, PAY_TYPE, validatePayInfo, validatePayNote } from '@sum28/domain';
import { DataSource } from 'typeorm';
import { assertNoResetHold, wallClockText } from '../auth/reset-hold';
import { ApiError, unwrap } from '../common/api-error';
import { Clock } from '../common/clock';
import { writeServerMessage } from '../common/server-messages';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { SecurityCodeService } from './security-code.service';
import type { SetPayInfoDto } from './dto/wallet.dto';
import { payInfoView } from './wallet-views';

/**
 * The player's payout accounts: one bank card (type 0) and one USDT wallet (type 1), each replaced by
 * binding again. Every query is keyed by the caller's own user id: there is no way to name another
 * player's item.
 *
 * Changing an account while a withdrawal is under review is allowed: each withdrawal carries a
 * snapshot of the account it was requested to (capital_logs.pay_snapshot), and finance pays to that
 * snapshot, so a later change never redirects a pending payout.
 *
 * A change needs the security code when one is set, is refused while the account is frozen or a staff
 * password reset holds it, and leaves an in-site message to the player (docs/reliability.md, "Staff
 * password reset and account takeover").
 */
@Injectable()
export class PayInfoService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    private readonly securityCodes: SecurityCodeService,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async get(userId: number, type: PayInfoType): Promise<PayInfoItem | null> {
    const found = await this.ds.getRepository(PayInfoEntity).findOneBy({ user_id: userId, type });
    return found ? payInfoView(found) : null;
  }

  /** Bank card first, then the wallet (the withdraw page offers the first of each). */
  async list(userId: number): Promise<PayInfoItem[]> {
    const rows = await this.ds.getRepository(PayInfoEntity).find({ where: { user_id: userId }, order: { type: 'ASC' } });
    return rows.map(payInfoView);
  }

  /**
   * Binds or replaces an account. Checks, cheapest first and none of them hashing before the last:
   * the shape (domain), the reset hold, the account not frozen, the security code present when one is
   * set and not locked; then the code, verified like a withdrawal's (per-minute limit before argon2,
   * a wrong one counted towards the lock). The write, the reset of the attempt count and an in-site
   * message to the player (notices, kind 'message', rendered in each reader's language) are one transaction,
   * which re-reads the frozen state, the hold and the code hash.
   */
  async set(userId: number, dto: SetPayInfoDto): Promise<PayInfoItem> {
    const v = unwrap(validatePayInfo({ type: dto.type, acc: dto.acc, accName: dto.acc_name, accBank: dto.acc_bank }));
    const mark = unwrap(validatePayNote(dto.mark));
    const now = this.clock.now();
    const tz = this.cfg.schedule.tz;
    const user = await this.ds.getRepository(UserEntity).findOneByOrFail({ id: userId });
    assertNoResetHold(user, now, tz);
    if (user.status === ACCOUNT_STATUS.FROZEN) throw new ApiError('ACCOUNT_FROZEN');
    if (user.security_code_hash !== null) {
      if (dto.securityCode === undefined || dto.securityCode === '') throw new ApiError('SECURITY_CODE_REQUIRED');
      if (this.securityCodes.isLocked(user, now)) throw this.securityCodes.lockedError(user, now);
      if (!(await this.securityCodes.verify(user, dto.securityCode))) throw await this.securityCodes.recordFailure(userId);
    }
    const saved = await this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      const u = await m.findOneByOrFail(UserEntity, { id: userId });
      assertNoResetHold(u, now, tz);
      if (u.status === ACCOUNT_STATUS.FROZEN) throw new ApiError('ACCOUNT_FROZEN');
      // The code changed (or was set) since it was checked: the checked one is no longer the code.
      if (u.security_code_hash !== user.security_code_hash) throw new ApiError('SECURITY_CODE_WRONG', { left: 0 });
      if (u.security_code_hash !== null && this.securityCodes.isLocked(u, now)) throw this.securityCodes.lockedError(u, now);
      if (u.security_code_failures > 0) await this.securityCodes.resetIn(m, userId);
      const fields = { acc: v.acc, acc_name: v.accName, acc_bank: v.accBank, mark, updated_at: now };
      const existing = await m.findOneBy(PayInfoEntity, { user_id: userId, type: v.type });
      let row: PayInfoEntity;
      if (existing) {
        await m.update(PayInfoEntity, { id: existing.id }, fields);
        row = { ...existing, ...fields };
      } else {
        const res = await m.insert(PayInfoEntity, { user_id: userId, type: v.type, ...fields, created_at: now });
        row = await m.findOneByOrFail(PayInfoEntity, { id: Number(res.identifiers[0]?.id) });
      }
      const shown = payInfoView(row);
      const acc = v.type === PAY_TYPE.BANK_CARD ? shown.acc_name : shown.acc;
      // in the reader's language, whatever the language of the request that changed it
      await writeServerMessage(
        m,
        userId,
        v.type === PAY_TYPE.BANK_CARD ? 'NOTICE_BANK_CARD_CHANGED' : 'NOTICE_WALLET_CHANGED',
        { acc, time: wallClockText(now, tz) },
        now,
      );
      return row;
    });
    return payInfoView(saved);
  }
}
