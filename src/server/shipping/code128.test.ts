import { describe, expect, it } from 'vitest';
import { Code128Error, CODE128_PATTERNS, code128Values, code128Widths, CODE_B, CODE_C, START_B, START_C, STOP } from './code128';

const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);
const widthsOf = (pattern: string | undefined) => [...(pattern ?? '')].map(Number);

describe('the Code 128 patterns', () => {
  it('are 106 symbols of three bars and three spaces in 11 modules, and a stop of 13', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    for (const pattern of CODE128_PATTERNS.slice(0, STOP)) {
      const widths = widthsOf(pattern);
      expect(widths).toHaveLength(6);
      expect(sum(widths)).toBe(11);
      // The symbology's own self-check: a symbol's three bars always add up to an even number of modules.
      expect(((widths[0] ?? 0) + (widths[2] ?? 0) + (widths[4] ?? 0)) % 2).toBe(0);
    }
    expect(sum(widthsOf(CODE128_PATTERNS[STOP]))).toBe(13);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    // A reader tells the stop by its first six elements, so they must not be any symbol's.
    expect(CODE128_PATTERNS).not.toContain(CODE128_PATTERNS[STOP]?.slice(0, 6));
  });

  it('starts with the start code and ends with the stop, bar first', () => {
    const widths = code128Widths('AB');
    expect(widths.slice(0, 6).join('')).toBe('211214');
    expect(widths.slice(-7).join('')).toBe('2331112');
    expect(code128Widths('1234').slice(0, 6).join('')).toBe('211232');
    // Space in subset B is value 0, the first row of the table.
    expect(code128Widths(' x').slice(6, 12).join('')).toBe('212222');
  });
});

describe('code128Values', () => {
  it('ends with the check symbol worked out by hand: start + Σ position × value, mod 103', () => {
    // "AB" in subset B: A = 65 - 32 = 33, B = 34. 104 + 1×33 + 2×34 = 205; 205 - 103 = 102.
    expect(code128Values('AB')).toEqual([START_B, 33, 34, 102]);
    // "PJJ123C", digits too few to be worth subset C: P 48, J 42, J 42, 1 17, 2 18, 3 19, C 35.
    // 104 + 48 + 84 + 126 + 68 + 90 + 114 + 245 = 879 = 8 × 103 + 55.
    expect(code128Values('PJJ123C')).toEqual([START_B, 48, 42, 42, 17, 18, 19, 35, 55]);
    // "1234" all in subset C: pairs 12 and 34. 105 + 1×12 + 2×34 = 185; 185 - 103 = 82.
    expect(code128Values('1234')).toEqual([START_C, 12, 34, 82]);
    // A sandbox AWB: S 51, B 34, X 56 in B, then Code C and the twelve digits as six pairs.
    // 104 + 51 + 2×34 + 3×56 + 4×99 + 5×12 + 6×34 + 7×56 + 8×78 + 9×90 + 10×12 = 2997 = 29 × 103 + 10.
    expect(code128Values('SBX123456789012')).toEqual([START_B, 51, 34, 56, CODE_C, 12, 34, 56, 78, 90, 12, 10]);
  });

  it('uses subset C for a run of digits only when that makes the symbol shorter', () => {
    // Odd digits at the start: pairs in C, the last digit after a Code B.
    expect(code128Values('12345').slice(0, -1)).toEqual([START_C, 12, 34, CODE_B, 21]);
    // Three digits cost three symbols in B and three in C: B is kept.
    expect(code128Values('123')[0]).toBe(START_B);
    // An odd run in the middle: its first digit in B, the rest in C, then back to B.
    expect(code128Values('A1234567B').slice(0, -1)).toEqual([START_B, 33, 17, CODE_C, 23, 45, 67, CODE_B, 34]);
    // Four digits in the middle would cost four symbols either way: B is kept.
    expect(code128Values('A1234B').slice(0, -1)).toEqual([START_B, 33, 17, 18, 19, 20, 34]);
  });

  it('makes 11 modules a symbol and 13 for the stop', () => {
    expect(sum(code128Widths('AB'))).toBe(4 * 11 + 13);
    expect(sum(code128Widths('SBX123456789012'))).toBe(12 * 11 + 13);
    // Forty digits are twenty pairs: start, 20, check.
    expect(sum(code128Widths('1'.repeat(40)))).toBe(22 * 11 + 13);
  });

  it('refuses what subset B cannot carry, saying which character and where', () => {
    expect(() => code128Values('AWBé1')).toThrow(Code128Error);
    expect(() => code128Values('AWBé1')).toThrow('Code 128 subset B cannot encode "é" at position 4');
    expect(() => code128Values('AB\n12')).toThrow('cannot encode "\\n" at position 3');
    expect(() => code128Values('')).toThrow('the text is empty');
  });
});
