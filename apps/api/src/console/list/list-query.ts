import { addDays, parseDay, startOfDay } from '@sum28/domain';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ApiError } from '../../common/api-error';

/**
 * The ra-data-simple-rest list protocol, checked against a per-resource whitelist:
 * `sort=["field","ASC"]`, `range=[start,end]` (inclusive), `filter={"q":"text","status":0,"id":[1,2]}`.
 * Anything else (bad JSON, unknown or unsortable fields, wrong value types) is a 400 naming the parameter.
 */
export type FieldKind = 'int' | 'string' | 'bool' | 'time' | 'money';

export interface FieldSpec {
  /** entity property (= column) behind the API field */
  column: string;
  kind: FieldKind;
  sortable?: boolean;
  /** `eq`: `field: value` or `field: [values]`; `range`: `field_gte` / `field_lte`; both: all three */
  filter?: 'eq' | 'range' | 'both';
  /** the only values an `eq` filter accepts */
  values?: readonly (string | number)[];
  /** a `bool` filter computed in SQL (alias `r`, no parameters) instead of comparing `column`: the condition for true and for false */
  predicate?: { readonly true: string; readonly false: string };
}

export interface ListSpec {
  resource: string;
  fields: Record<string, FieldSpec>;
  /** columns searched (case-insensitive substring) by `filter.q` */
  search?: readonly string[];
  defaultSort: readonly [string, 'ASC' | 'DESC'];
}

export interface ListParams {
  sort?: string;
  range?: string;
  filter?: string;
}

type Condition = { sql: string; params: Record<string, unknown> };

/** A checked list request, independent of where the rows live. */
export interface ParsedList {
  sort: { field: string; column: string; dir: 'ASC' | 'DESC' };
  start: number;
  end: number;
  /** `field = value` or `field IN (values)` */
  eq: { field: string; column: string; values: (string | number | boolean)[] }[];
  ranges: { field: string; column: string; op: '>=' | '<='; value: number }[];
  /** the `q` search text, if any */
  search: string | null;
  /** a filter that can match nothing (e.g. `id: []`) */
  empty: boolean;
}

/** Largest page: a list or export.csv page size is capped here, getMany's id lists too. */
export const MAX_PAGE = 1000;
export const DEFAULT_RANGE: readonly [number, number] = [0, MAX_PAGE - 1];
const MAX_STRING = 200;
const MAX_ARRAY = 1000;

function bad(param: 'sort' | 'range' | 'filter', message: string): ApiError {
  return new ApiError('VALIDATION_FAILED', { field: param, reason: message }, { [param]: message });
}

function parseJson(param: 'sort' | 'range' | 'filter', text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw bad(param, 'not valid JSON');
  }
}

const INT_TEXT = /^-?[0-9]{1,15}$/;

function intValue(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && INT_TEXT.test(v)) return Number(v);
  return null;
}

/** Epoch ms, an ISO date-time, or a platform day `YYYY-MM-DD` (its start; for `_lte` its end). */
function timeValue(v: unknown, bound: 'gte' | 'lte', tz: string): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v !== 'string' || v.length > 40) return null;
  if (/^-?[0-9]{1,15}$/.test(v)) return Number(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const day = v.replace(/-/g, '');
    if (parseDay(day) === null) return null;
    return bound === 'gte' ? startOfDay(day, tz) : startOfDay(addDays(day, 1), tz) - 1;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return null;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : null;
}

function scalar(field: string, spec: FieldSpec, v: unknown): string | number | boolean {
  let out: string | number | boolean | null = null;
  switch (spec.kind) {
    case 'int':
    case 'time':
    case 'money':
      out = intValue(v);
      break;
    case 'bool':
      out = v === true || v === 'true' ? true : v === false || v === 'false' ? false : null;
      break;
    case 'string':
      out = typeof v === 'string' && v.length <= MAX_STRING ? v : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : null;
      break;
  }
  if (out === null) throw bad('filter', `${field}: expected ${spec.kind === 'time' ? 'int' : spec.kind}`);
  if (spec.values && !(spec.values as readonly unknown[]).includes(out)) throw bad('filter', `${field}: expected one of ${spec.values.join(', ')}`);
  return out;
}

/** `%`, `_` and `\` taken literally in LIKE (with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function parseList(spec: ListSpec, q: ListParams, tz: string): ParsedList {
  // sort
  let sortField = spec.defaultSort[0];
  let dir: 'ASC' | 'DESC' = spec.defaultSort[1];
  if (q.sort !== undefined) {
    const s = parseJson('sort', q.sort);
    if (!Array.isArray(s) || s.length !== 2 || typeof s[0] !== 'string' || typeof s[1] !== 'string') throw bad('sort', 'expected ["field","ASC"|"DESC"]');
    const order = s[1].toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw bad('sort', 'order must be ASC or DESC');
    const f = spec.fields[s[0]];
    if (!Object.prototype.hasOwnProperty.call(spec.fields, s[0]) || !f?.sortable) throw bad('sort', `cannot sort ${spec.resource} by ${s[0].slice(0, 40)}`);
    sortField = s[0];
    dir = order;
  }
  const sortSpec = spec.fields[sortField];
  if (!sortSpec) throw new Error(`${spec.resource}: default sort field ${sortField} is not declared`);

  // range
  let [start, end] = DEFAULT_RANGE;
  if (q.range !== undefined) {
    const r = parseJson('range', q.range);
    if (!Array.isArray(r) || r.length !== 2 || !Number.isSafeInteger(r[0]) || !Number.isSafeInteger(r[1])) throw bad('range', 'expected [start,end] integers');
    [start, end] = r as [number, number];
    if (start < 0 || end < start) throw bad('range', 'need 0 <= start <= end');
    if (end - start + 1 > MAX_PAGE) throw bad('range', `at most ${MAX_PAGE} rows per page`);
  }

  // filter
  const out: ParsedList = { sort: { field: sortField, column: sortSpec.column, dir }, start, end, eq: [], ranges: [], search: null, empty: false };
  if (q.filter !== undefined) {
    const f = parseJson('filter', q.filter);
    if (f === null || typeof f !== 'object' || Array.isArray(f)) throw bad('filter', 'expected a JSON object');
    for (const [key, raw] of Object.entries(f as Record<string, unknown>)) {
      if (key === 'q' && spec.search && spec.search.length > 0) {
        if (typeof raw !== 'string' || raw.length > MAX_STRING) throw bad('filter', `q: expected a string of at most ${MAX_STRING} characters`);
        if (raw !== '') out.search = raw;
        continue;
      }
      const rangeMatch = /^(.+)_(gte|lte)$/.exec(key);
      const fieldName = rangeMatch?.[1];
      const rangeSpec = fieldName !== undefined && Object.prototype.hasOwnProperty.call(spec.fields, fieldName) ? spec.fields[fieldName] : undefined;
      if (rangeMatch && fieldName !== undefined && rangeSpec && (rangeSpec.filter === 'range' || rangeSpec.filter === 'both')) {
        const bound = rangeMatch[2] as 'gte' | 'lte';
        const v = rangeSpec.kind === 'time' ? timeValue(raw, bound, tz) : rangeSpec.kind === 'string' || rangeSpec.kind === 'bool' ? null : intValue(raw);
        if (v === null) throw bad('filter', `${key}: expected ${rangeSpec.kind === 'time' ? 'epoch ms, YYYY-MM-DD or an ISO date-time' : 'int'}`);
        out.ranges.push({ field: fieldName, column: rangeSpec.column, op: bound === 'gte' ? '>=' : '<=', value: v });
        continue;
      }
      const fs = Object.prototype.hasOwnProperty.call(spec.fields, key) ? spec.fields[key] : undefined;
      if (!fs || !(fs.filter === 'eq' || fs.filter === 'both')) throw bad('filter', `cannot filter ${spec.resource} by ${key.slice(0, 40)}`);
      if (raw === null || raw === undefined) continue;
      if (Array.isArray(raw)) {
        if (raw.length > MAX_ARRAY) throw bad('filter', `${key}: at most ${MAX_ARRAY} values`);
        if (raw.length === 0) out.empty = true;
        else out.eq.push({ field: key, column: fs.column, values: raw.map((v) => scalar(key, fs, v)) });
      } else {
        out.eq.push({ field: key, column: fs.column, values: [scalar(key, fs, raw)] });
      }
    }
  }
  return out;
}

/** The SQL conditions (alias `r`) of a parsed list. */
export function sqlConditions(spec: ListSpec, p: ParsedList): Condition[] {
  const out: Condition[] = [];
  let n = 0;
  const param = (): string => `f${n++}`;
  if (p.empty) out.push({ sql: '1 = 0', params: {} });
  if (p.search !== null && spec.search) {
    const name = param();
    out.push({ sql: `(${spec.search.map((c) => `LOWER(r.${c}) LIKE :${name} ESCAPE '\\'`).join(' OR ')})`, params: { [name]: likePattern(p.search) } });
  }
  for (const e of p.eq) {
    const predicate = spec.fields[e.field]?.predicate;
    if (predicate) {
      out.push({ sql: `(${e.values.map((v) => (v === true ? predicate.true : predicate.false)).join(' OR ')})`, params: {} });
      continue;
    }
    const name = param();
    out.push(
      e.values.length === 1
        ? { sql: `r.${e.column} = :${name}`, params: { [name]: e.values[0] } }
        : { sql: `r.${e.column} IN (:...${name})`, params: { [name]: e.values } },
    );
  }
  for (const r of p.ranges) {
    const name = param();
    out.push({ sql: `r.${r.column} ${r.op} :${name}`, params: { [name]: r.value } });
  }
  return out;
}

/** Applies the filters (alias `r`) and the order; paging is the caller's (a list pages, an export caps). */
export function applyFilters<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, spec: ListSpec, p: ParsedList): SelectQueryBuilder<T> {
  for (const c of sqlConditions(spec, p)) qb.andWhere(c.sql, c.params);
  qb.orderBy(`r.${p.sort.column}`, p.sort.dir);
  if (p.sort.column !== 'id') qb.addOrderBy('r.id', p.sort.dir);
  return qb;
}
