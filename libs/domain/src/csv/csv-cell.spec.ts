import { csvCell, fromCsvCell } from './csv-cell';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@x', "'@x"],
    ['\tx', "'\tx"],
    ['\rx', '"\'\rx"'],
    ['=A1,B1', '"\'=A1,B1"'],
    ['a=b', 'a=b'], // only a leading sign starts a formula
    ['Ünïcödé 🙂', 'Ünïcödé 🙂'],
  ])('writes %j as %j', (value, expected) => expect(csvCell(value)).toBe(expected));

  it('writes numbers as they are', () => {
    expect(csvCell(0)).toBe('0');
    expect(csvCell(1234567)).toBe('1234567');
  });
});

describe('fromCsvCell', () => {
  it.each(['=SUM(A1)', '+49', '-sku-7', '@home', '\tx', 'plain', "'quoted", ''])('reads back what csvCell wrote for %j', (value) => {
    const cell = csvCell(value);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
    expect(fromCsvCell(unquoted)).toBe(value);
  });
});
