import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, STAFF_USERNAME } from '@sum28/domain';
import { BoolField, EnumField, IntField, StrField } from '../../common/validation/fields';
import { ROLES } from '../roles';

export class CreateStaffDto {
  @StrField({ min: 4, max: 32, pattern: STAFF_USERNAME, description: '4-32 letters, digits or _, starting with a letter' }) username!: string;
  @StrField({ min: STAFF_PASSWORD_MIN, max: STAFF_PASSWORD_MAX, description: 'at least 10 characters' }) password!: string;
  @EnumField(ROLES) role!: string;
}

export class UpdateStaffDto {
  @IntField({ optional: true, min: 1 }) id?: number;
  @EnumField(ROLES, { optional: true }) role?: string;
  @BoolField({ optional: true, description: 'false signs the account out everywhere' }) enabled?: boolean;
  @StrField({ optional: true, min: STAFF_PASSWORD_MIN, max: STAFF_PASSWORD_MAX, description: 'a new password (signs the account out everywhere)' })
  password?: string;
  @BoolField({ optional: true, description: 'only false: turns the second factor off so the staff member can enrol again' }) totp_enabled?: boolean;
  @BoolField({ optional: true, description: 'true: lifts a sign-in lock' }) unlock?: boolean;
}
