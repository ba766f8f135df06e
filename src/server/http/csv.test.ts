import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('12, Temple St')).toBe('"12, Temple St"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(1250)).toBe('1250');
  });

  it('quotes a semicolon too, so a spreadsheet that splits on it keeps the cell whole', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('Ghee - 500 ml - 1 qty; Oil - 250 ml - 2 qty')).toBe('"Ghee - 500 ml - 1 qty; Oil - 250 ml - 2 qty"');
    expect(csvRow(['a', 'b;@SUM(A1)', 3])).toBe('a,"b;@SUM(A1)",3\r\n');
  });

  it('neutralises cells a spreadsheet would run as a formula, but not a negative amount', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+91 98765')).toBe("'+91 98765");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('=1;2')).toBe(`"'=1;2"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('-500.05')).toBe('-500.05');
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });
});
