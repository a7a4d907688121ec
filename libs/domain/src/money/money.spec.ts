import fc from 'fast-check';
import { MAX_AMOUNT_MINOR, MINOR_PER_MAJOR, addMinor, formatMinor, isMinor, minor, minorToMajor, parseAmount, subMinor, sumMinor } from './money';

describe('minor', () => {
  it.each([0, 1, -1, 100, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])('accepts the safe integer %p', (n) => {
    expect(minor(n)).toBe(n);
  });

  it.each([0.5, NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 53), 1e300])('throws on %p (not a safe integer)', (n) => {
    expect(() => minor(n)).toThrow(RangeError);
  });

  it('normalises -0 to 0', () => {
    expect(Object.is(minor(-0), 0)).toBe(true);
  });

  it('isMinor mirrors the assertion', () => {
    expect(isMinor(5)).toBe(true);
    expect(isMinor(5.5)).toBe(false);
    expect(isMinor('5')).toBe(false);
  });
});

describe('parseAmount', () => {
  it.each<[unknown, number]>([
    ['100', 10000],
    ['100.5', 10050],
    ['100.55', 10055],
    ['100.50', 10050],
    ['100.00', 10000],
    ['0.01', 1],
    ['0.1', 10],
    ['007', 700],
    ['1234567.89', 123456789],
    ['100000000000', 10_000_000_000_000],
    ['100000000000.00', 10_000_000_000_000],
    [100, 10000],
    [100.5, 10050],
    [100.55, 10055],
    [0.01, 1],
    [0.29, 29], // 0.29 * 100 = 28.999999999999996 in floats: string arithmetic avoids it
    [1.15, 115], // 1.15 * 100 = 114.99999999999999
    [4.35, 435],
    [100000000000, 10_000_000_000_000],
  ])('parses %p exactly to %p minor units', (input, expected) => {
    expect(parseAmount(input)).toEqual({ ok: true, value: expected });
  });

  it.each<[unknown]>([[undefined], [null], ['']])('%p is AMOUNT_REQUIRED', (input) => {
    expect(parseAmount(input)).toEqual({ ok: false, error: 'AMOUNT_REQUIRED' });
  });

  it.each<[unknown]>([
    ['0'],
    ['0.00'],
    [0],
    [-0],
    ['-1'],
    [-1],
    [-0.01],
    ['1e3'],
    ['1E3'],
    ['0x10'],
    ['0b1'],
    [' '],
    ['   '],
    [' 100'],
    ['100 '],
    ['+100'],
    ['10.001'],
    [10.001],
    ['100.'],
    ['.5'],
    ['1,000'],
    ['1_000'],
    ['１００'],
    ['NaN'],
    ['Infinity'],
    [NaN],
    [Infinity],
    [-Infinity],
    [0.1 + 0.2],
    [1e-7],
    [true],
    [false],
    [[]],
    [[100]],
    [{}],
    [{ valueOf: () => 100 }],
    [10n],
    [Symbol('x')],
    [() => 100],
  ])('%p is AMOUNT_INVALID', (input) => {
    expect(parseAmount(input)).toEqual({ ok: false, error: 'AMOUNT_INVALID' });
  });

  it.each<[unknown]>([
    ['100000000000.01'],
    ['100000000001'],
    ['9999999999999999999999999'],
    ['1' + '0'.repeat(400)],
    [100000000000.01],
    [2 ** 53],
    [2 ** 63],
    [1e21],
    [Number.MAX_VALUE],
  ])('%p is AMOUNT_TOO_LARGE', (input) => {
    expect(parseAmount(input)).toEqual({ ok: false, error: 'AMOUNT_TOO_LARGE' });
  });

  it('MAX_AMOUNT_MINOR is 100 billion major units', () => {
    expect(MAX_AMOUNT_MINOR).toBe(1e13);
    expect(MINOR_PER_MAJOR).toBe(100);
  });

  it('property: every valid amount round-trips through formatMinor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_MINOR }), (m) => {
        expect(parseAmount(formatMinor(m))).toEqual({ ok: true, value: m });
      }),
    );
  });

  it('property: a JS number with at most two decimals parses to the same amount as its string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (m) => {
        const asNumber = minorToMajor(m);
        expect(parseAmount(asNumber)).toEqual({ ok: true, value: m });
      }),
    );
  });

  it('property: the result is always a positive safe integer no larger than the maximum, or an error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.anything()), (input) => {
        const r = parseAmount(input);
        if (r.ok) {
          expect(Number.isSafeInteger(r.value)).toBe(true);
          expect(r.value).toBeGreaterThan(0);
          expect(r.value).toBeLessThanOrEqual(MAX_AMOUNT_MINOR);
        } else {
          expect(['AMOUNT_REQUIRED', 'AMOUNT_INVALID', 'AMOUNT_TOO_LARGE']).toContain(r.error);
        }
      }),
    );
  });
});

describe('formatMinor / minorToMajor', () => {
  it.each<[number, string, number]>([
    [0, '0.00', 0],
    [1, '0.01', 0.01],
    [10, '0.10', 0.1],
    [123450, '1234.50', 1234.5],
    [-307, '-3.07', -3.07],
    [-1, '-0.01', -0.01],
    [10_000_000_000_000, '100000000000.00', 100000000000],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91', 90071992547409.91],
  ])('%p formats as %p and serialises as %p', (m, text, major) => {
    expect(formatMinor(m)).toBe(text);
    expect(minorToMajor(m)).toBe(major);
  });

  it('throws on a non-integer', () => {
    expect(() => formatMinor(1.5)).toThrow(RangeError);
  });

  it('formats a bigint sum past 2^53 cents exactly; its JSON number is the nearest one', () => {
    expect(formatMinor(12_000_000_000_000_003n)).toBe('120000000000000.03');
    expect(formatMinor(-(2n ** 63n))).toBe('-92233720368547758.08');
    expect(minorToMajor(12_000_000_000_000_003n)).toBe(120000000000000.03);
    expect(formatMinor(BigInt(Number.MAX_SAFE_INTEGER))).toBe(formatMinor(Number.MAX_SAFE_INTEGER));
  });

  it('property: minorToMajor has at most two decimals and JSON round-trips to the same text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (m) => {
        const major = minorToMajor(m);
        expect(parseAmount(JSON.stringify(Math.abs(major))).ok || m === 0).toBe(true);
        expect(Number(formatMinor(m))).toBe(major);
      }),
    );
  });
});

describe('addMinor / subMinor / sumMinor', () => {
  it('adds and subtracts exactly', () => {
    expect(addMinor(10, 20)).toBe(30);
    expect(subMinor(10, 25)).toBe(-15);
    expect(sumMinor([1, 2, 3])).toBe(6);
    expect(sumMinor([])).toBe(0);
  });

  it('throws when the result leaves the safe integer range', () => {
    expect(() => addMinor(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => subMinor(Number.MIN_SAFE_INTEGER, 1)).toThrow(RangeError);
  });

  it('throws when an operand is not an integer', () => {
    expect(() => addMinor(0.1, 0.2)).toThrow(RangeError);
  });
});
