import { LOCALES } from '@sum28/domain';
import { EnumField, StrField } from '../../common/validation/fields';

export class StaffLoginDto {
  @StrField({ min: 1, max: 32 }) username!: string;
  @StrField({ min: 1, max: 128 }) password!: string;
  @StrField({ optional: true, max: 6, pattern: /^([0-9]{6})?$/, description: 'the 6-digit code when TOTP is on' }) otp?: string;
  @EnumField(LOCALES, { optional: true }) lang?: string;
  @StrField({ optional: true, max: 64, description: 'the device token an earlier sign-in of this console answered' }) device_token?: string;
}

export class TotpEnableDto {
  @StrField({ min: 6, max: 6, pattern: /^[0-9]{6}$/, description: 'a current code from the authenticator app' }) otp!: string;
  @EnumField(LOCALES, { optional: true }) lang?: string;
}
