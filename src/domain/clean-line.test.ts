import { describe, expect, it } from 'vitest';
import { cleanLine } from './clean-line';
import { lineProblem } from './single-line';

describe('cleanLine', () => {
  it('keeps a plain place name, in any script, with the joiners Indian scripts need', () => {
    for (const text of ['Jayanagar', 'Bengaluru Hub (KA)', 'क्‍षेत्र हब', 'ശ്രീക്കുട്ടൻ‍', 'ಬೆಂಗಳೂರು', 'Hub 🚚']) {
      expect(cleanLine(text, 120), text).toBe(text);
    }
  });

  it('takes out direction controls, zero-width and other invisible characters, controls and broken characters', () => {
    const cases: [string, string][] = [
      ['Jayanagar \u202eevila\u202c', 'Jayanagar evila'],
      ['\u2066Jaya\u2069nagar', 'Jayanagar'],
      ['Jaya\u200bnagar\u2060\ufeff', 'Jayanagar'],
      ['Jaya\u200e\u200fnagar\u061c', 'Jayanagar'],
      ['Jaya\u00adnagar', 'Jayanagar'],
      ['Jayanagar\u0000hub\u007f', 'Jayanagar hub'],
      ['Jayanagar\u0085hub\u009b', 'Jayanagar hub'],
      ['Jaya\udc00nagar\ud83d', 'Jayanagar'],
    ];
    for (const [text, clean] of cases) {
      expect(cleanLine(text, 120), JSON.stringify(text)).toBe(clean);
      expect(lineProblem(cleanLine(text, 120)), JSON.stringify(text)).toBeNull();
    }
  });

  it('makes one line with single spaces', () => {
    expect(cleanLine('  Bengaluru\r\n\tSorting\u2028Hub \u00a0 \u3000 KA\n', 120)).toBe('Bengaluru Sorting Hub KA');
    expect(cleanLine('\u202e \u200b \n', 120)).toBe('');
  });

  it('cuts a long text to the maximum, between letters, with an ellipsis', () => {
    const long = cleanLine(`Jayanagar ${'x'.repeat(10_000)}`, 120);
    expect(long).toHaveLength(120);
    expect(long.startsWith('Jayanagar xx')).toBe(true);
    expect(long.endsWith('x…')).toBe(true);
    // An emoji (two UTF-16 units) or a letter with its joiners on the edge is left out whole, never cut in half.
    const emoji = cleanLine(`${'a'.repeat(118)}🚚🚚`, 120);
    expect(emoji).toBe(`${'a'.repeat(118)}…`);
    expect(lineProblem(emoji)).toBeNull();
    expect(cleanLine(`${'a'.repeat(118)}कि more`, 120)).toBe(`${'a'.repeat(118)}…`);
    // Cleaned first, then measured: invisible characters do not use up the room.
    expect(cleanLine(`${'\u200b'.repeat(500)}Jayanagar`, 120)).toBe('Jayanagar');
  });
});
