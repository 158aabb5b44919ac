import { csvRows, fromCsvCell } from './csv-rows';

const csvCell = (value: string | number) => csvRows([[value]]).slice(0, -2);

describe('csvRows', () => {
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
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['a=b', 'a=b'], // only a leading sign starts a formula
    ['Ünïcödé 🙂', 'Ünïcödé 🙂'],
  ])('writes %j as %j', (value, expected) => expect(csvCell(value)).toBe(expected));

  it('writes numbers as they are, negative ones too', () => {
    expect(csvCell(0)).toBe('0');
    expect(csvCell(1234567)).toBe('1234567');
    expect(csvCell(-3)).toBe('-3');
  });

  it('joins cells with commas and ends every row with CRLF', () => {
    expect(
      csvRows([
        ['a', 1, ''],
        ['b,c', 2, 'x'],
      ]),
    ).toBe('a,1,\r\n"b,c",2,x\r\n');
    expect(csvRows([])).toBe('');
  });
});

describe('fromCsvCell', () => {
  it.each(['=SUM(A1)', '+49', '-sku-7', '@home', '\tx', '\uFF20x', 'plain', "'quoted", ''])('reads back what csvRows wrote for %j', (value) => {
    const cell = csvCell(value);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
    expect(fromCsvCell(unquoted)).toBe(value);
  });
});
