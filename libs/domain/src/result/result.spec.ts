import { err, isErr, isOk, ok, unwrap, type Result } from './result';

describe('Result', () => {
  it('ok wraps a value', () => {
    const r: Result<number, 'X'> = ok(5);
    expect(r).toEqual({ ok: true, value: 5 });
    expect(isOk(r)).toBe(true);
    expect(isErr(r)).toBe(false);
    expect(unwrap(r)).toBe(5);
  });

  it('ok() with no value is a Result<void>', () => {
    const r: Result<void, 'X'> = ok();
    expect(r.ok).toBe(true);
  });

  it('err carries a code and only the params it was given', () => {
    expect(err('X')).toEqual({ ok: false, error: 'X' });
    expect('params' in err('X')).toBe(false);
    expect(err('X', { min: 100 })).toEqual({ ok: false, error: 'X', params: { min: 100 } });
  });

  it('unwrap of an error throws with the code', () => {
    const r: Result<number, 'SOME_CODE'> = err('SOME_CODE');
    expect(isErr(r)).toBe(true);
    expect(() => unwrap(r)).toThrow('SOME_CODE');
  });
});
