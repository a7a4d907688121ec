import { startOfDay } from '@sum28/domain';
import { ApiError } from '../../common/api-error';
import { likePattern, type ListSpec, parseList, sqlConditions } from './list-query';

const SPEC: ListSpec = {
  resource: 'things',
  fields: {
    id: { column: 'id', kind: 'int', sortable: true, filter: 'eq' },
    name: { column: 'name', kind: 'string', sortable: true },
    status: { column: 'status', kind: 'int', filter: 'eq', values: [0, 1, 2] },
    enabled: { column: 'enabled', kind: 'bool', filter: 'eq' },
    created_at: { column: 'created_at', kind: 'time', sortable: true, filter: 'range' },
  },
  search: ['name'],
  defaultSort: ['id', 'DESC'],
};
const TZ = 'Asia/Taipei';

function refusal(q: Record<string, string>): { field: string; errors: Record<string, string> | undefined } {
  try {
    parseList(SPEC, q, TZ);
  } catch (e) {
    if (e instanceof ApiError) return { field: String(e.params?.['field']), errors: e.fieldErrors };
    throw e;
  }
  throw new Error('accepted');
}

describe('the console list protocol', () => {
  it('defaults to the resource sort and the first 1000 rows', () => {
    expect(parseList(SPEC, {}, TZ)).toMatchObject({
      sort: { field: 'id', column: 'id', dir: 'DESC' },
      start: 0,
      end: 999,
      eq: [],
      ranges: [],
      search: null,
      empty: false,
    });
  });

  it('reads sort, range and filter as react-admin sends them', () => {
    const p = parseList(
      SPEC,
      {
        sort: '["name","asc"]',
        range: '[10,19]',
        filter: '{"q":"a_b","status":[0,"1"],"enabled":"true","created_at_gte":"2026-11-22","created_at_lte":"2026-11-22"}',
      },
      TZ,
    );
    expect(p.sort).toEqual({ field: 'name', column: 'name', dir: 'ASC' });
    expect([p.start, p.end]).toEqual([10, 19]);
    expect(p.eq).toEqual([
      { field: 'status', column: 'status', values: [0, 1] },
      { field: 'enabled', column: 'enabled', values: [true] },
    ]);
    const day = startOfDay('20261122', TZ);
    expect(p.ranges).toEqual([
      { field: 'created_at', column: 'created_at', op: '>=', value: day },
      { field: 'created_at', column: 'created_at', op: '<=', value: startOfDay('20261123', TZ) - 1 },
    ]);
    expect(sqlConditions(SPEC, p)[0]).toEqual({ sql: "(LOWER(r.name) LIKE :f0 ESCAPE '\\')", params: { f0: '%a\\_b%' } });
  });

  it('takes `id: []` as matching nothing (getMany of nothing)', () => {
    expect(parseList(SPEC, { filter: '{"id":[]}' }, TZ).empty).toBe(true);
  });

  it.each([
    [{ sort: 'id' }, 'sort'],
    [{ sort: '["name"]' }, 'sort'],
    [{ sort: '["status","ASC"]' }, 'sort'],
    [{ sort: '["constructor","ASC"]' }, 'sort'],
    [{ sort: '["id","SIDEWAYS"]' }, 'sort'],
    [{ range: '[3,1]' }, 'range'],
    [{ range: '[0,1000]' }, 'range'],
    [{ range: '[-1,2]' }, 'range'],
    [{ range: '[0,"9"]' }, 'range'],
    [{ filter: '[]' }, 'filter'],
    [{ filter: '{"name":"x"}' }, 'filter'],
    [{ filter: '{"status":3}' }, 'filter'],
    [{ filter: '{"id":1.5}' }, 'filter'],
    [{ filter: '{"id":"1e3"}' }, 'filter'],
    [{ filter: '{"enabled":1}' }, 'filter'],
    [{ filter: '{"created_at_gte":"yesterday"}' }, 'filter'],
    [{ filter: '{"created_at_gte":"2026-02-30"}' }, 'filter'],
    [{ filter: '{"id_gte":1}' }, 'filter'],
    [{ filter: '{"__proto__":{"x":1}}' }, 'filter'],
    [{ filter: '{"q":["a"]}' }, 'filter'],
  ])('refuses %j with a field error on %s', (q, field) => {
    const r = refusal(q as Record<string, string>);
    expect(r.field).toBe(field);
    expect(r.errors).toHaveProperty(field);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
