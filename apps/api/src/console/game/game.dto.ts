import { ReasonField } from '../common/fields';

export class VoidRoundDto {
  @ReasonField() reason!: string;
}
