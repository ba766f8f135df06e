// The barcode reader's own Code 128 table, checked against the published symbology (ISO/IEC 15417) rather than
// against the encoder it is there to test.
import { describe, expect, it } from 'vitest';
import { checkSymbol, readRow, START_B, START_C, SYMBOLS } from './barcode-scan';

const sum = (digits: string) => [...digits].reduce((total, d) => total + Number(d), 0);
const bars = (pattern: string) => sum([...pattern].filter((_, i) => i % 2 === 0).join(''));
/** Element widths from a pattern written module by module, 1 for dark and 0 for light, as the standard also prints it. */
const widthsOf = (modules: string) => (modules.match(/1+|0+/g) ?? []).map((run) => run.length).join('');

describe("the barcode reader's Code 128 table", () => {
  it('has 106 symbols of three bars and three spaces making 11 modules, then the 13-module stop', () => {
    expect(SYMBOLS).toHaveLength(107);
    for (const [value, pattern] of SYMBOLS.slice(0, 106).entries()) {
      expect(pattern, `value ${value}`).toMatch(/^[1-4]{6}$/);
      expect(sum(pattern), `value ${value}`).toBe(11);
      // The symbology's self-check: a symbol's bars add up to an even number of modules, its spaces to an odd one.
      expect(bars(pattern) % 2, `value ${value}`).toBe(0);
    }
    expect(SYMBOLS[106]).toMatch(/^[1-4]{7}$/);
    expect(sum(SYMBOLS[106] ?? '')).toBe(13);
    expect(new Set(SYMBOLS).size).toBe(107);
  });

  it('uses every 11-module pattern the rules allow, with the stop and the stop read backwards', () => {
    const allowed: string[] = [];
    for (let n = 0; n < 4 ** 6; n++) {
      const pattern = n.toString(4).padStart(6, '0').replace(/\d/g, (d) => String(Number(d) + 1));
      if (sum(pattern) === 11 && bars(pattern) % 2 === 0) allowed.push(pattern);
    }
    const stop = SYMBOLS[106] ?? '';
    // Read right to left, the stop's first six elements are the "reverse stop" symbol, also followed by a 2-module bar.
    const reverseStop = [...stop].reverse().join('').slice(0, 6);
    expect(allowed).toHaveLength(108);
    expect([...SYMBOLS.slice(0, 106), stop.slice(0, 6), reverseStop].sort()).toEqual(allowed.sort());
  });

  it('has the published patterns of the start codes, the stop and a few data values', () => {
    expect(SYMBOLS[0]).toBe('212222'); // space in subset B, 00 in subset C
    expect(SYMBOLS[0]).toBe(widthsOf('11011001100'));
    expect(SYMBOLS[16]).toBe(widthsOf('10011101100')); // the digit 0 in subset B
    expect(SYMBOLS[103]).toBe(widthsOf('11010000100')); // Start A
    expect(SYMBOLS[START_B]).toBe('211214');
    expect(SYMBOLS[START_B]).toBe(widthsOf('11010010000'));
    expect(SYMBOLS[START_C]).toBe('211232');
    expect(SYMBOLS[START_C]).toBe(widthsOf('11010011100'));
    expect(SYMBOLS[106]).toBe('2331112');
    expect(SYMBOLS[106]).toBe(widthsOf('1100011101011'));
  });

  it('gives the published check symbols', () => {
    // "PJJ123C" in subset A: Start A, P J J 1 2 3 C; the weighted sum is 878, and 878 mod 103 is 54.
    expect(checkSymbol([103, 48, 42, 42, 17, 18, 19, 35])).toBe(54);
    // "abcdef" in subset B: 1539 mod 103 is 97.
    expect(checkSymbol([START_B, 65, 66, 67, 68, 69, 70])).toBe(97);
    // "345678" in subset C, two digits a symbol: 485 mod 103 is 73.
    expect(checkSymbol([START_C, 34, 56, 78])).toBe(73);
  });

  it('reads a pixel row drawn from those values back as the text', () => {
    const module = 3;
    const widths = [START_B, 65, 66, 67, 68, 69, 70, 97, 106].flatMap((value) => [...(SYMBOLS[value] ?? '')].map(Number));
    const row: number[] = Array<number>(10 * module + 5).fill(255);
    widths.forEach((w, i) => row.push(...Array<number>(w * module).fill(i % 2 === 0 ? 0 : 255)));
    row.push(...Array<number>(10 * module + 5).fill(255));
    expect(readRow(Uint8Array.from(row))?.text).toBe('abcdef');
  });
});
