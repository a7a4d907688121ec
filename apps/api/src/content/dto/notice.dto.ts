import { NOTICE_TABS, type ConfigRequest, type NoticeListRequest, type NoticeReadRequest, type NoticeTab } from '@sum28/contracts';
import { EnumField, IntField } from '../../common/validation/fields';
import { PlayerRequestDto } from '../../common/validation/player-request.dto';

export class ConfigDto extends PlayerRequestDto implements ConfigRequest {}

export class NoticeListDto extends PlayerRequestDto implements NoticeListRequest {
  @EnumField(NOTICE_TABS, { listValues: false, description: "'message': in-site messages; 'announcement': platform announcements" }) tab!: NoticeTab;
  @IntField({ optional: true, min: 1, max: 100_000, description: '1-based, default 1' }) page?: number;
  @IntField({ optional: true, min: 1, max: 100, description: 'default 20' }) pageSize?: number;
}

export class NoticeReadDto extends PlayerRequestDto implements NoticeReadRequest {
  @IntField({ optional: true, min: 1, max: 2_147_483_647, description: 'one entry; omitted: all of `tab`' }) id?: number;
  @EnumField(NOTICE_TABS, { listValues: false, optional: true, description: 'with no `id`: mark this tab read (both tabs when omitted)' }) tab?: NoticeTab;
}
