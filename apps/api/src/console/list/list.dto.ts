import { StrField } from '../../common/validation/fields';
import type { ListParams } from './list-query';

/** The query of every list and export.csv (ra-data-simple-rest); anything else in the query is refused. */
export class ListQueryDto implements ListParams {
  @StrField({ optional: true, max: 200, description: 'JSON ["field","ASC"|"DESC"]', example: '["id","DESC"]' }) sort?: string;
  @StrField({ optional: true, max: 100, description: 'JSON [start,end], inclusive, at most 1000 rows', example: '[0,24]' }) range?: string;
  @StrField({ optional: true, max: 8000, description: 'JSON object of whitelisted filters; `q` searches; `id: [..]` for getMany', example: '{"q":"abc"}' })
  filter?: string;
}
