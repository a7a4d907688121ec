import { LOCALES } from '@sum28/domain';
import { EnumField } from '../../common/validation/fields';

/** A request without fields of its own (only the optional message language; `X-Lang` works too). Anything else is refused. */
export class NoFieldsDto {
  @EnumField(LOCALES, { optional: true, description: 'language of error messages, default tw' }) lang?: string;
}
