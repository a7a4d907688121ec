import { positional } from '@sum28/database';
import { aggregate, all, bool, first, int, intOrNull, one, rowOf, Sql, str, strOrNull, type RowType } from './sql';

describe('positional (the one ?-to-$n rewrite)', () => {
  it('numbers the placeholders in order on PostgreSQL and leaves SQLite text alone', () => {
    const text = 'SELECT a FROM t WHERE x = ? AND y IN (?, ?)';
    expect(positional('postgres', text)).toBe('SELECT a FROM t WHERE x = $1 AND y IN ($2, $3)');
    expect(positional('postgres', text)).toBe('SELECT a FROM t WHERE x = $1 AND y IN ($2, $3)');
    expect(positional('sqlite', text)).toBe(text);
    expect(new Sql('postgres').q('UPDATE t SET a = ? WHERE id = ?')).toBe('UPDATE t SET a = $1 WHERE id = $2');
    expect(new Sql('sqlite').q('UPDATE t SET a = ? WHERE id = ?')).toBe('UPDATE t SET a = ? WHERE id = ?');
  });
});

describe('rowOf (typed rows)', () => {
  const RoundRow = rowOf({ id: int, issue: str, sum: intOrNull, enabled: bool, seed: strOrNull, n: aggregate });
  type RoundRow = RowType<typeof RoundRow>;

  it('reads each column with its decoder, the same from both drivers', () => {
    const sqlite: RoundRow = RoundRow({ id: 7, issue: '202601010001', sum: null, enabled: 1, seed: null, n: null, extra: 'x' });
    expect(sqlite).toEqual({ id: 7, issue: '202601010001', sum: null, enabled: true, seed: null, n: 0 });
    const pg = RoundRow({ id: '7', issue: '202601010001', sum: 12, enabled: true, seed: 'ab', n: '3' });
    expect(pg).toEqual({ id: 7, issue: '202601010001', sum: 12, enabled: true, seed: 'ab', n: 3 });
  });

  it('refuses a value its decoder refuses', () => {
    expect(() => RoundRow({ id: '9007199254740993', issue: 'x', sum: null, enabled: 0, seed: null, n: 0 })).toThrow('not a safe integer');
    expect(() => RoundRow({ id: 1, issue: 'x', sum: null, enabled: 0, seed: null, n: '1.5' })).toThrow('aggregate out of safe range');
  });

  it('decodes the rows of a query: all, first, one', async () => {
    const IdRow = rowOf({ id: int });
    expect(await all(IdRow, Promise.resolve([{ id: 1 }, { id: '2' }]))).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await first(IdRow, Promise.resolve([]))).toBeUndefined();
    expect(await first(IdRow, Promise.resolve([{ id: '5' }, { id: 6 }]))).toEqual({ id: 5 });
    expect(await one(IdRow, Promise.resolve([{ id: 3 }]))).toEqual({ id: 3 });
    await expect(one(IdRow, Promise.resolve([]))).rejects.toThrow('no row');
  });
});
