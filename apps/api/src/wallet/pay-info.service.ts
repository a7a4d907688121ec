import { Injectable } from '@nestjs/common';
import type { PayInfoItem, PayInfoType } from '@sum28/contracts';
import { PayInfoEntity, TxRunner } from '@sum28/database';
import { validatePayInfo, validatePayNote } from '@sum28/domain';
import { DataSource } from 'typeorm';
import { unwrap } from '../common/api-error';
import { Clock } from '../common/clock';
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
 */
@Injectable()
export class PayInfoService {
  constructor(
    private readonly ds: DataSource,
    private readonly tx: TxRunner,
    private readonly clock: Clock,
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

  async set(userId: number, dto: SetPayInfoDto): Promise<PayInfoItem> {
    const v = unwrap(validatePayInfo({ type: dto.type, acc: dto.acc, accName: dto.acc_name, accBank: dto.acc_bank }));
    const mark = unwrap(validatePayNote(dto.mark));
    const now = this.clock.now();
    const saved = await this.tx.write(async (m) => {
      await this.tx.lockRow(m, 'users', userId);
      const fields = { acc: v.acc, acc_name: v.accName, acc_bank: v.accBank, mark, updated_at: now };
      const existing = await m.findOneBy(PayInfoEntity, { user_id: userId, type: v.type });
      if (existing) {
        await m.update(PayInfoEntity, { id: existing.id }, fields);
        return { ...existing, ...fields };
      }
      const res = await m.insert(PayInfoEntity, { user_id: userId, type: v.type, ...fields, created_at: now });
      return m.findOneByOrFail(PayInfoEntity, { id: Number(res.identifiers[0]?.id) });
    });
    return payInfoView(saved);
  }
}
