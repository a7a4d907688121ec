import { Injectable, type PipeTransform } from '@nestjs/common';
import { ApiError } from '../../common/api-error';

/** A setting id: lower-case letters, digits and underscores. */
@Injectable()
export class SettingIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value === 'string' && /^[a-z][a-z0-9_]{0,63}$/.test(value)) return value;
    throw new ApiError('VALIDATION_FAILED', { field: 'id', reason: 'setting key' }, { id: 'a setting key' });
  }
}
