// What a one-line field of a person or a business (a name, an address line, a district, a city) may not hold.
// These values are printed on invoices and labels, filled into mails and messages, and shown in the admin: a line
// break, a tab or a control character would break those layouts, a text-direction control can make a name read
// backwards, and a web address in a name would reach a stranger inside a genuine shop mail.
// A tab is the exception that is mended rather than refused: a cell pasted from a spreadsheet keeps its tabs in a
// one-line input, where the customer can neither see nor type them, so it becomes a space before the rule applies.

export type LineProblem = 'lineBreak' | 'tab' | 'control' | 'direction' | 'brokenCharacter' | 'webAddress';

// LF, CR, VT, FF, NEL and the Unicode line and paragraph separators.
export const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
// The other C0 controls, DEL and the C1 controls.
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/;
// Embeddings and overrides (LRE, RLE, PDF, LRO, RLO) and isolates (LRI, RLI, FSI, PDI). The zero-width joiners
// that Indian scripts need are not among them.
export const DIRECTION = /[\u202a-\u202e\u2066-\u2069]/;
// Half of a surrogate pair with no other half: not a character at all.
export const LONE_SURROGATE = /\p{Cs}/u;
const WEB_ADDRESS = /:\/\/|\bwww\./i;

/** The text with each run of tabs (and the spaces beside them) made one space, as a pasted cell is meant to read. */
export function spaceOutTabs(text: string): string {
  return text.includes('\t') ? text.replace(/[ \t]*\t[ \t]*/g, ' ') : text;
}

/** The first reason the text cannot be one line of a name or an address, or null when it can. */
export function lineProblem(text: string): LineProblem | null {
  if (LINE_BREAK.test(text)) return 'lineBreak';
  if (text.includes('\t')) return 'tab';
  if (CONTROL.test(text)) return 'control';
  if (DIRECTION.test(text)) return 'direction';
  if (LONE_SURROGATE.test(text)) return 'brokenCharacter';
  if (WEB_ADDRESS.test(text)) return 'webAddress';
  return null;
}
