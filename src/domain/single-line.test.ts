import { describe, expect, it } from 'vitest';
import { lineProblem, spaceOutTabs } from './single-line';

describe('lineProblem', () => {
  it('takes names and addresses as people write them, in any Indian script, with their joiners', () => {
    for (const text of ["Dr. R. K. D'Souza-Nair", 'श्री राम', 'क्‍ष', 'ശ്രീക്കുട്ടൻ‍', 'க்ஷேத்ரா', 'Asha 🙏', '4/12, 1st Cross (opp. Awww. Cafe)', 'Nandi Dairy Foods Pvt. Ltd.', 'ಬೆಂಗಳೂರು']) {
      expect(lineProblem(text), text).toBeNull();
    }
  });

  it('names what is wrong: line breaks, tabs, controls, direction controls, broken characters, web addresses', () => {
    const cases: [string, ReturnType<typeof lineProblem>][] = [
      ['a\nb', 'lineBreak'],
      ['a\rb', 'lineBreak'],
      ['a\u000bb', 'lineBreak'],
      ['a\u2029b', 'lineBreak'],
      ['a\tb', 'tab'],
      ['a\u0000b', 'control'],
      ['a\u007fb', 'control'],
      ['a\u0090b', 'control'],
      ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].map((c): [string, 'direction'] => [`a${c}b`, 'direction']),
      ['a\udc00b', 'brokenCharacter'],
      ['a\ud83d', 'brokenCharacter'],
      ['see https://pay.example', 'webAddress'],
      ['HTTP://PAY.EXAMPLE', 'webAddress'],
      ['Visit WWW.pay.example', 'webAddress'],
      ['javascript://x', 'webAddress'],
    ];
    for (const [text, problem] of cases) expect(lineProblem(text), JSON.stringify(text)).toBe(problem);
  });
});

describe('spaceOutTabs', () => {
  it('makes each run of tabs, with the spaces beside it, one space, and leaves other text as typed', () => {
    expect(spaceOutTabs('Bengaluru\tUrban')).toBe('Bengaluru Urban');
    expect(spaceOutTabs('Bengaluru \t\t Urban\t')).toBe('Bengaluru Urban ');
    expect(spaceOutTabs('12  MG Road')).toBe('12  MG Road');
    expect(spaceOutTabs('Asha\u00a0Verma')).toBe('Asha\u00a0Verma');
    expect(spaceOutTabs('Asha\nVerma')).toBe('Asha\nVerma');
  });
});
