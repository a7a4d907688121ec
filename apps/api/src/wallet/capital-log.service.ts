import { Inject, Injectable } from '@nestjs/common';
import type { QuantityLogListResponse } from '@sum28/contracts';
import { CapitalLogEntity } from '@sum28/database';
import { addDays, parseDay, startOfDay } from '@sum28/domain';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import type { QuantityLogListDto } from './dto/wallet.dto';
import { capitalLogRow } from './wallet-views';

/** The date pickers start here (spec section 5). */
const FIRST_DAY = '20180101';
const DEFAULT_PAGE_SIZE = 20;

function dayOf(field: string, value: string): string {
  const day = value.replace(/-/g, '');
  if (parseDay(day) === null) throw new ApiError('VALIDATION_FAILED', { field, reason: 'date' });
  if (day < FIRST_DAY) throw new ApiError('VALIDATION_FAILED', { field, reason: 'min', min: '2018-01-01' });
  return day;
}

/** user/quantityLogList: the caller's own fund history, newest first, by platform days (PLATFORM_TZ). */
@Injectable()
export class CapitalLogService {
  constructor(
    private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async list(userId: number, dto: QuantityLogListDto): Promise<QuantityLogListResponse> {
    const begin = dayOf('begin_date', dto.begin_date);
    const end = dayOf('end_date', dto.end_date);
    if (begin > end) throw new ApiError('VALIDATION_FAILED', { field: 'end_date', reason: 'beforeBegin' });
    const tz = this.cfg.schedule.tz;
    const size = dto.pageSize ?? DEFAULT_PAGE_SIZE;
    const page = dto.page ?? 1;
    const qb = this.ds
      .getRepository(CapitalLogEntity)
      .createQueryBuilder('c')
      .where('c.user_id = :userId AND c.created_at >= :from AND c.created_at < :to', {
        userId,
        from: startOfDay(begin, tz),
        to: startOfDay(addDays(end, 1), tz),
      });
    if (dto.type !== undefined) qb.andWhere('c.type = :type', { type: dto.type });
    const rows = await qb
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .skip((page - 1) * size)
      .take(size)
      .getMany();
    return rows.map(capitalLogRow);
  }
}
