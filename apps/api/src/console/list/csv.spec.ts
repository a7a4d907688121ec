import { csvCell, csvLine } from './csv';

describe('CSV export cells', () => {
  it.each([
    ['plain text', 'abc', 'abc'],
    ['a comma', 'a,b', '"a,b"'],
    ['a quote', 'say "hi"', '"say ""hi"""'],
    ['a newline', 'a\nb', '"a\nb"'],
    ['a formula', '=SUM(A1)', "'=SUM(A1)"],
    ['a leading minus in text', '-2+3', "'-2+3"],
    ['an at sign', '@cmd', "'@cmd"],
    ['a negative number stays a number', -12.5, '-12.5'],
    ['null', null, ''],
    ['a boolean', true, 'true'],
    ['an object', { a: 1 }, '"{""a"":1}"'],
  ])('writes %s safely', (_name, input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('ends each line with CRLF', () => {
    expect(csvLine([1, 'x', null])).toBe('1,x,\r\n');
  });
});
