import { Inject, Injectable } from '@nestjs/common';
import type { ErrorCode } from '@sum28/contracts';
import { DataSource, type EntityTarget, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { ApiError } from '../../common/api-error';
import { APP_CONFIG, type AppConfig } from '../../common/config/app-config';
import { CSV_BOM, csvLine } from './csv';
import { applyFilters, type ListParams, type ListSpec, MAX_PAGE, parseList } from './list-query';

export interface Page<V> {
  resource: string;
  rows: V[];
  total: number;
  start: number;
}

export interface CsvDoc {
  resource: string;
  body: string;
  rows: number;
  truncated: boolean;
}

/** Most rows one export.csv answers (the console narrows the filter for more). */
export const EXPORT_MAX_ROWS = 50_000;

export type Views<E, V> = (rows: E[]) => Promise<V[]> | V[];

/** One console resource read by the list protocol: a page, the CSV export, one record (the read routes' three answers). */
export interface ListReader<V extends object, Id extends number | string = number> {
  list(q: ListParams): Promise<Page<V>>;
  csv(q: ListParams): Promise<CsvDoc>;
  get(id: Id): Promise<V>;
}
/** Extra conditions a resource always applies (alias `r`). */
export type Scope<E extends ObjectLiteral> = (qb: SelectQueryBuilder<E>) => void;

/** Lists, gets and exports any entity through the whitelisted list protocol. */
@Injectable()
export class ListService {
  constructor(
    private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  private query<E extends ObjectLiteral>(entity: EntityTarget<E>, spec: ListSpec, params: ListParams, scope?: Scope<E>) {
    const parsed = parseList(spec, params, this.cfg.schedule.tz);
    const qb = this.ds.getRepository(entity).createQueryBuilder('r');
    scope?.(qb);
    applyFilters(qb, spec, parsed);
    return { qb, parsed };
  }

  async page<E extends ObjectLiteral, V>(entity: EntityTarget<E>, spec: ListSpec, params: ListParams, views: Views<E, V>, scope?: Scope<E>): Promise<Page<V>> {
    const { qb, parsed } = this.query(entity, spec, params, scope);
    const [rows, total] = await qb
      .offset(parsed.start)
      .limit(parsed.end - parsed.start + 1)
      .getManyAndCount();
    return { resource: spec.resource, rows: await views(rows), total, start: parsed.start };
  }

  /** The same filter and order as the list, every row up to EXPORT_MAX_ROWS, as CSV with `columns` as the header. */
  async csv<E extends ObjectLiteral, V extends object>(
    entity: EntityTarget<E>,
    spec: ListSpec,
    params: ListParams,
    views: Views<E, V>,
    columns: ReadonlyArray<keyof V & string>,
    scope?: Scope<E>,
  ): Promise<CsvDoc> {
    // the range is checked like the list's, then ignored: an export runs to EXPORT_MAX_ROWS
    const { qb } = this.query(entity, spec, params, scope);
    let body = CSV_BOM + csvLine(columns);
    let count = 0;
    let truncated = false;
    for (let offset = 0; ; offset += MAX_PAGE) {
      const batch = await qb
        .offset(offset)
        .limit(Math.min(MAX_PAGE, EXPORT_MAX_ROWS + 1 - offset))
        .getMany();
      for (const v of await views(batch)) {
        if (count === EXPORT_MAX_ROWS) {
          truncated = true;
          break;
        }
        body += csvLine(columns.map((c) => v[c]));
        count++;
      }
      if (truncated || batch.length < MAX_PAGE) break;
    }
    return { resource: spec.resource, body, rows: count, truncated };
  }

  async get<E extends ObjectLiteral>(entity: EntityTarget<E>, id: number | string, notFound: ErrorCode = 'NOT_FOUND'): Promise<E> {
    const key = typeof id === 'number' ? 'id' : 'key';
    const row = await this.ds.getRepository(entity).findOne({ where: { [key]: id } as never });
    if (!row) throw new ApiError(notFound);
    return row;
  }

  /** The ListReader of `entity`: its list, export (`columns`) and show, every row through `views`; a missing id is `notFound`. */
  reader<E extends ObjectLiteral, V extends object>(
    entity: EntityTarget<E>,
    spec: ListSpec,
    views: Views<E, V>,
    columns: ReadonlyArray<keyof V & string>,
    notFound: ErrorCode = 'NOT_FOUND',
  ): ListReader<V> {
    return {
      list: (q) => this.page(entity, spec, q, views),
      csv: (q) => this.csv(entity, spec, q, views, columns),
      get: async (id) => {
        const [v] = await views([await this.get(entity, id, notFound)]);
        if (!v) throw new ApiError(notFound);
        return v;
      },
    };
  }
}
