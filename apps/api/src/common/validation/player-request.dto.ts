import { LOCALES } from '@sum28/domain';
import { EnumField, StrField } from './fields';

/** Fields the spec's client adds to every call: host and lang. Every player DTO extends this. */
export class PlayerRequestDto {
  @StrField({ optional: true, max: 255, description: 'client host (ignored)' }) host?: string;
  @EnumField(LOCALES, { optional: true, description: 'message language, default tw' }) lang?: string;
}
