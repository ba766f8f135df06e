// A customer may type a name or an address in the script of their state, and Noto Sans, the printed documents' font,
// has Latin and Devanagari but none of the other Indian scripts: their letters would print as empty boxes. A text is
// cut into runs, each in one script, so that each run can be set in a font that has its letters.

/** The Indian scripts Noto Sans lacks, each with its Unicode block and the npm package of its Noto font. */
export const SCRIPTS = [
  { script: 'kannada', from: 0x0c80, to: 0x0cff, pkg: 'noto-sans-kannada', file: 'NotoSansKannada' },
  { script: 'tamil', from: 0x0b80, to: 0x0bff, pkg: 'noto-sans-tamil', file: 'NotoSansTamil' },
  { script: 'telugu', from: 0x0c00, to: 0x0c7f, pkg: 'noto-sans-telugu', file: 'NotoSansTelugu' },
  { script: 'malayalam', from: 0x0d00, to: 0x0d7f, pkg: 'noto-sans-malayalam', file: 'NotoSansMalayalam' },
  { script: 'bengali', from: 0x0980, to: 0x09ff, pkg: 'noto-sans-bengali', file: 'NotoSansBengali' },
  { script: 'gujarati', from: 0x0a80, to: 0x0aff, pkg: 'noto-sans-gujarati', file: 'NotoSansGujarati' },
  { script: 'gurmukhi', from: 0x0a00, to: 0x0a7f, pkg: 'noto-sans-gurmukhi', file: 'NotoSansGurmukhi' },
  { script: 'oriya', from: 0x0b00, to: 0x0b7f, pkg: 'noto-sans-oriya', file: 'NotoSansOriya' },
] as const;

export type Script = (typeof SCRIPTS)[number]['script'];

/** A stretch of text in one script; `script` null is everything Noto Sans itself draws. */
export interface Run {
  script: Script | null;
  text: string;
}

// The whole of the blocks above, from Bengali (U+0980) to Malayalam (U+0D7F): a quick test before the split.
const ANY_SCRIPT = /[\u0980-\u0d7f]/u;
// Letters and signs of no script of their own, which belong to the run they sit in. Combining marks are in the list
// because a vowel sign or virama cut from its consonant would be drawn on a dotted circle, and so are the zero-width
// joiners (U+200C, U+200D), which ask the font for another form of the letters on either side.
const NEUTRAL = /^[\p{White_Space}\p{N}\p{P}\p{S}\p{M}\u200c\u200d]$/u;

/** Whether the text has a letter that Noto Sans cannot draw and a script font can. */
export function hasScriptText(text: string): boolean {
  return ANY_SCRIPT.test(text);
}

function scriptOf(codePoint: number): Script | null {
  return SCRIPTS.find((s) => codePoint >= s.from && codePoint <= s.to)?.script ?? null;
}

/**
 * The text cut where its script changes. Spaces, digits, punctuation and marks stay in the run they are in, so runs
 * are long ("12 ದೇವಸ್ಥಾನ ರಸ್ತೆ" is "12 " and the rest); the script fonts have these signs too.
 */
export function scriptRuns(text: string): Run[] {
  if (!hasScriptText(text)) return text === '' ? [] : [{ script: null, text }];
  const runs: Run[] = [];
  let current: Run | undefined;
  for (const char of text) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    const neutral = script === null && NEUTRAL.test(char);
    if (current && (neutral || current.script === script)) current.text += char;
    else {
      current = { script, text: char };
      runs.push(current);
    }
  }
  return runs;
}
