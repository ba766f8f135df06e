import { describe, expect, it } from 'vitest';
import { hasScriptText, scriptRuns } from './script-runs';

describe('scriptRuns', () => {
  it('keeps a text without Indian scripts whole, in Noto Sans (Devanagari included: Noto Sans has it)', () => {
    expect(scriptRuns('Asha Verma, 12 Temple Street')).toEqual([{ script: null, text: 'Asha Verma, 12 Temple Street' }]);
    expect(scriptRuns('आशा वर्मा')).toEqual([{ script: null, text: 'आशा वर्मा' }]);
    expect(scriptRuns('')).toEqual([]);
    expect(hasScriptText('आशा ₹ 1,199')).toBe(false);
  });

  it('cuts where the script changes, spaces, digits and punctuation staying in the run they are in', () => {
    expect(scriptRuns('12 ದೇವಸ್ಥಾನ ರಸ್ತೆ, Bengaluru')).toEqual([
      { script: null, text: '12 ' },
      { script: 'kannada', text: 'ದೇವಸ್ಥಾನ ರಸ್ತೆ, ' },
      { script: null, text: 'Bengaluru' },
    ]);
    expect(scriptRuns('ஆஷா / ఆశ / ആശ')).toEqual([
      { script: 'tamil', text: 'ஆஷா / ' },
      { script: 'telugu', text: 'ఆశ / ' },
      { script: 'malayalam', text: 'ആശ' },
    ]);
  });

  it('names every script by its block', () => {
    const scripts = ['ক', 'ગ', 'ਗ', 'ଗ', 'ಕ', 'க', 'క', 'ക'].map((letter) => scriptRuns(letter)[0]?.script);
    expect(scripts).toEqual(['bengali', 'gujarati', 'gurmukhi', 'oriya', 'kannada', 'tamil', 'telugu', 'malayalam']);
  });

  it('keeps the zero-width joiners and combining marks with their letters', () => {
    // Kannada ರ + virama + ZWJ asks for the repha's other form; a mark cut from its consonant would sit on a dotted circle.
    expect(scriptRuns('ಕರ್\u200dನಾಟಕ')).toEqual([{ script: 'kannada', text: 'ಕರ್\u200dನಾಟಕ' }]);
    expect(scriptRuns('ক্\u200cষ A')).toEqual([{ script: 'bengali', text: 'ক্\u200cষ ' }, { script: null, text: 'A' }]);
  });
});
