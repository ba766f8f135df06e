import { describe, expect, it } from 'vitest';
import { csvRupees, parsePeriod, parseRange, toCsv } from './registers';
import { parseCsv } from './test-reports';

describe('report periods and CSV', () => {
  it('reads a month and a quarter named by its last month', () => {
    const in2028 = new Date('2028-06-15T12:00:00Z');
    expect(parsePeriod('022028', false, in2028)).toEqual({ fp: '022028', from: '2028-02-01', to: '2028-02-29', quarter: false });
    expect(parsePeriod('032027', true, in2028)).toEqual({ fp: '032027', from: '2027-01-01', to: '2027-03-31', quarter: true });
    expect(() => parsePeriod('2026-11')).toThrow(/MMYYYY/);
    expect(() => parsePeriod('112026', true)).toThrow(/last month/);
    expect(() => parseRange('2026-11-31', '2026-12-01')).toThrow(/from/);
  });

  it('refuses a period that has not started in India, and takes the month or quarter it is now', () => {
    // 30 Nov 2026 at 20:00 UTC is 1 Dec 2026, 01:30 in India: December has started there.
    const lateNov = new Date('2026-11-30T20:00:00Z');
    expect(parsePeriod('122026', false, lateNov)).toMatchObject({ from: '2026-12-01' });
    expect(parsePeriod('122026', true, lateNov)).toMatchObject({ from: '2026-10-01' });
    expect(() => parsePeriod('012027', false, lateNov)).toThrow('January 2027 has not started yet: reports cover this month (December 2026) and earlier months.');
    expect(() => parsePeriod('122099', true, lateNov)).toThrow(/October–December 2099 has not started yet/);
    // Still November in India at 18:00 UTC (23:30 IST): December has not started.
    expect(() => parsePeriod('122026', false, new Date('2026-11-30T18:00:00Z'))).toThrow(/December 2026 has not started yet/);
    expect(parsePeriod('032027', true, new Date('2027-01-01T00:00:00+05:30'))).toMatchObject({ from: '2027-01-01', to: '2027-03-31' });
  });

  it('writes RFC 4180: quotes, commas and line breaks survive; formulas are defused, credits stay numbers', () => {
    const name = '=HYPERLINK("http://x.example","Click"), Ltd\nSecond line';
    const text = toCsv(['Customer', 'Total'], [[name, csvRupees(-50_005)], ['+91 Sweets', csvRupees(7)]]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([['Customer', 'Total'], [`'${name}`, '-500.05'], ["'+91 Sweets", '0.07']]);
  });

  it('quotes a cell holding a semicolon, the list separator of spreadsheets in many locales', () => {
    expect(toCsv(['Customer'], [['x;=1+1']])).toBe('Customer\r\n"x;=1+1"\r\n');
  });
});
