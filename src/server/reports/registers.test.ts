import { describe, expect, it } from 'vitest';
import { csvRupees, parsePeriod, parseRange, toCsv } from './registers';
import { parseCsv } from './test-reports';

describe('report periods and CSV', () => {
  it('reads a month and a quarter named by its last month', () => {
    expect(parsePeriod('022028')).toEqual({ fp: '022028', from: '2028-02-01', to: '2028-02-29', quarter: false });
    expect(parsePeriod('032027', true)).toEqual({ fp: '032027', from: '2027-01-01', to: '2027-03-31', quarter: true });
    expect(() => parsePeriod('2026-11')).toThrow(/MMYYYY/);
    expect(() => parsePeriod('112026', true)).toThrow(/last month/);
    expect(() => parseRange('2026-11-31', '2026-12-01')).toThrow(/from/);
  });

  it('writes RFC 4180: quotes, commas and line breaks survive; formulas are defused, credits stay numbers', () => {
    const name = '=HYPERLINK("http://x.example","Click"), Ltd\nSecond line';
    const text = toCsv(['Customer', 'Total'], [[name, csvRupees(-50_005)], ['+91 Sweets', csvRupees(7)]]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([['Customer', 'Total'], [`'${name}`, '-500.05'], ["'+91 Sweets", '0.07']]);
  });
});
