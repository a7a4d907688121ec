import { CAPTCHA_SIZES, type CaptchaRequest, type CaptchaSize, type LoginRequest, type RegisterRequest } from '@sum28/contracts';
import { BoolField, EnumField, IntField, StrField } from '../../common/validation/fields';
import { PlayerRequestDto } from '../../common/validation/player-request.dto';

/** An ALTCHA payload: base64 of a JSON object, so it starts `eyJ` (`{"`). */
const POW_PAYLOAD = /^eyJ[A-Za-z0-9+/]*={0,2}$/;

/** The captcha's proof of work, as sign-up and sign-in take it. */
const DEVICE_TOKEN_FIELD = {
  optional: true,
  max: 64,
  description: 'the device token an earlier sign-in on this device answered (keeps the owner past the per-username throttle)',
} as const;
const POW_FIELD = {
  optional: true,
  max: 1024,
  pattern: POW_PAYLOAD,
  description: "base64 ALTCHA payload (of a JSON object) solving the captcha answer's `pow` challenge",
} as const;

export class RegisterDto extends PlayerRequestDto implements RegisterRequest {
  @StrField({ min: 1, max: 64, example: 'alice01' }) username!: string;
  @StrField({ min: 1, max: 64 }) password!: string;
  @EnumField([1, 2] as const, { optional: true, description: '1 member (default), 2 visitor; agents are promoted by staff' }) group_id?: 1 | 2;
  @IntField({ optional: true, min: 1, description: 'inviter user id (invite code minus 100000)' }) inviter_id?: number;
  @StrField({ optional: true, max: 16, description: 'invite code as shown to the inviter, e.g. 100001' }) invite_code?: string;
  @StrField({ optional: true, max: 64 }) captcha_id?: string;
  @StrField({ optional: true, max: 16 }) captcha?: string;
  @StrField(POW_FIELD) pow?: string;
  @BoolField({ description: 'I am 18 or older and accept the terms' }) adult!: boolean;
  @StrField(DEVICE_TOKEN_FIELD) device_token?: string;
}

export class LoginDto extends PlayerRequestDto implements LoginRequest {
  @StrField({ min: 1, max: 64, example: 'alice01' }) account!: string;
  @StrField({ min: 1, max: 64 }) password!: string;
  @StrField({ optional: true, max: 64 }) captcha_id?: string;
  @StrField({ optional: true, max: 16 }) captcha?: string;
  @StrField(POW_FIELD) pow?: string;
  @StrField(DEVICE_TOKEN_FIELD) device_token?: string;
}

export class EmptyDto extends PlayerRequestDto {}

export class CaptchaDto extends PlayerRequestDto implements CaptchaRequest {
  @EnumField(CAPTCHA_SIZES, {
    optional: true,
    listValues: false,
    description: '`large` draws the picture at twice the size (same kind of challenge), for people who cannot read the normal one',
  })
  size?: CaptchaSize;
}
