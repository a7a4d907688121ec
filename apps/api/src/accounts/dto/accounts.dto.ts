import type { GetMyTeamRequest, NewPassRequest, ProfileRequest } from '@sum28/contracts';
import { IntField, StrField } from '../../common/validation/fields';
import { PlayerRequestDto } from '../../common/validation/player-request.dto';

export class NewPassDto extends PlayerRequestDto implements NewPassRequest {
  @StrField({ min: 1, max: 64, description: 'the new password' }) new_pass!: string;
  @StrField({ min: 1, max: 64, description: 'the current password' }) after_pass!: string;
  @StrField({ optional: true, max: 64, description: 'when sent, must equal new_pass' }) confirm_pass?: string;
  @StrField({ optional: true, max: 16, description: 'the security code: required for the first change after a staff reset when one is set' })
  securityCode?: string;
}

export class ProfileDto extends PlayerRequestDto implements ProfileRequest {
  @StrField({ optional: true, max: 64, description: 'read-only: a different username is refused' }) username?: string;
  @StrField({ optional: true, max: 64, description: '1-32 characters' }) nickname?: string;
  @StrField({ optional: true, max: 32, description: 'digits with an optional leading +, 6-20; empty clears it' }) mobile?: string;
  @StrField({ optional: true, max: 32, description: 'one of the default avatars: default-1 to default-9 (no upload)' }) avatar?: string;
}

export class GetMyTeamDto extends PlayerRequestDto implements GetMyTeamRequest {
  @IntField({ optional: true, min: 1, max: 100_000, description: '1-based page' }) page?: number;
  @IntField({ optional: true, min: 1, max: 20, description: 'at most 20 (default)' }) pageSize?: number;
}
