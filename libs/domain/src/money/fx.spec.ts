import fc from 'fast-check';
import { convertToPlatform, isWholeInCurrency, parseRate, rateSurvivesNumber } from './fx';
import { MAX_AMOUNT_MINOR, minor } from './money';

describe('parseRate', () => {
  it.each<[unknown, bigint, string]>([
    [1, 100_000_000n, '1'],
    ['1', 100_000_000n, '1'],
    [0.2, 20_000_000n, '0.2'],
    ['0.20', 20_000_000n, '0.2'],
    ['31.25', 3_125_000_000n, '31.25'],
    [31.25, 3_125_000_000n, '31.25'],
    [0.00000001, 1n, '0.00000001'],
    [1e-7, 10n, '0.0000001'],
    ['007.5', 750_000_000n, '7.5'],
    ['999999999.99999999', 99_999_999_999_999_999n, '999999999.99999999'],
    [0.1 + 0.2, 0n, ''], // 0.30000000000000004: more than 8 decimals, refused below
  ])('reads %p exactly as %p / 10^8 (%p)', (input, scaled, text) => {
    const r = parseRate(input);
    if (text === '') expect(r).toBeNull();
    else expect(r).toEqual({ scaled, text });
  });

  it.each<unknown>([0, '0', '0.00000000', -1, '-1', '0.000000001', '1e3', '1,5', '', ' 1', NaN, Infinity, null, undefined, {}, [], '1234567890', 1e21])(
    'refuses %p',
    (input) => {
      expect(parseRate(input)).toBeNull();
    },
  );

  it('knows which rates a JSON number keeps exactly (at most 15 significant digits)', () => {
    expect(rateSurvivesNumber(parseRate('123456.12345678')!)).toBe(true);
    expect(rateSurvivesNumber(parseRate('987654321.98765431')!)).toBe(false); // reads back as 987654321.9876543
  });
});

describe('convertToPlatform', () => {
  // amount in hundredths of the currency, rate, platform cents (rounded down)
  it.each<[number, string, number]>([
    [100_000, '0.2', 20_000], // 1000 JPY at 0.2 -> 200.00
    [100_000, '1', 100_000],
    [10_000, '31.25', 312_500], // 100 USDT at 31.25 -> 3125.00
    [10_001, '0.2', 2_000], // 100.01 at 0.2 = 20.002 -> 20.00
    [10_099, '0.33333333', 3_366], // 100.99 x 0.33333333 = 33.6633329667 -> 33.66
    [10_000, '0.00000001', 0], // 100 at 1e-8 = 0.000001 -> 0
    [12_345, '4.2', 51_849], // 123.45 x 4.2 = 518.49 exactly
    [1, '0.99999999', 0],
  ])('%p hundredths at %p credit %p cents', (amount, rate, credited) => {
    expect(convertToPlatform(minor(amount), parseRate(rate)!)).toBe(credited);
  });

  it('answers null past the amount limit instead of losing precision', () => {
    expect(convertToPlatform(MAX_AMOUNT_MINOR, parseRate('1')!)).toBe(MAX_AMOUNT_MINOR);
    expect(convertToPlatform(MAX_AMOUNT_MINOR, parseRate('1.00000001')!)).toBeNull();
    expect(convertToPlatform(MAX_AMOUNT_MINOR, parseRate('999999999')!)).toBeNull();
  });

  it('never credits more than amount x rate and never a cent less (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.bigInt({ min: 1n, max: 10n ** 10n }), (amount, scaled) => {
        const credited = convertToPlatform(minor(amount), { scaled, text: '' });
        if (credited === null) return;
        const exact = BigInt(amount) * scaled; // credited x 10^8 <= exact < (credited + 1) x 10^8
        expect(BigInt(credited) * 10n ** 8n <= exact).toBe(true);
        expect((BigInt(credited) + 1n) * 10n ** 8n > exact).toBe(true);
      }),
    );
  });
});

describe('isWholeInCurrency', () => {
  it.each<[number, string, boolean]>([
    [100_000, 'JPY', true],
    [100_050, 'JPY', false],
    [100_050, 'USD', true],
    [100_001, 'TWD', true],
  ])('%p hundredths of %p: %p', (amount, currency, whole) => {
    expect(isWholeInCurrency(minor(amount), currency)).toBe(whole);
  });
});
