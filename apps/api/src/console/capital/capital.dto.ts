import { StrField } from '../../common/validation/fields';
import { SINGLE_LINE } from '../common/fields';

export class ApproveDto {
  @StrField({ optional: true, max: 500, pattern: SINGLE_LINE, description: 'note kept with the record and in the audit log' }) remark?: string;
}

export class RejectDto {
  @StrField({ min: 1, max: 500, pattern: SINGLE_LINE, description: 'why (the player sees it on a rejected record)' }) remark!: string;
}
