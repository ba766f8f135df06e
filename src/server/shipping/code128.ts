// Code 128 (ISO/IEC 15417) for the shop's own shipping label: subset B for printable ASCII, and subset C (two digits
// a symbol) for runs of digits where that makes the symbol shorter, since a shorter symbol can have wider bars on
// the same label. Subset A (control characters) is left out: an AWB never holds one.

/**
 * Each symbol value's element widths in modules, bar first, bars and spaces alternating: six elements making 11
 * modules, and seven making 13 for the stop (value 106). Index = symbol value.
 */
export const CODE128_PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213', // 0-9
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132', // 10-19
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211', // 20-29
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313', // 30-39
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331', // 40-49
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111', // 50-59
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214', // 60-69
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111', // 70-79
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141', // 80-89
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141', // 90-99
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112', // 100-106
];

export const CODE_C = 99;
export const CODE_B = 100;
export const START_B = 104;
export const START_C = 105;
export const STOP = 106;
/** The light margin a scanner needs on each side of the bars, in modules (the symbology's minimum). */
export const QUIET_ZONE_MODULES = 10;

/** Text that Code 128 subsets B and C cannot carry. */
export class Code128Error extends Error {}

type Subset = 'B' | 'C';

const isDigit = (code: number) => code >= 48 && code <= 57;

function digitRunAt(text: string, from: number): number {
  let end = from;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end - from;
}

/**
 * Whether a run of `n` digits costs fewer symbols in subset C than in subset B. In C a pair of digits is one symbol,
 * but entering C takes a Code C symbol (unless the run opens the text: the start code picks C for free), leaving it
 * takes a Code B (unless the run ends the text), and an odd digit out is written in B; when that odd digit is the last
 * character of an all-digit text, one more Code B is needed to reach it.
 */
function cheaperInC(n: number, atStart: boolean, atEnd: boolean): boolean {
  const odd = n % 2;
  const inC = Math.floor(n / 2) + (atStart ? 0 : 1) + (atEnd ? 0 : 1) + odd + (odd && atStart && atEnd ? 1 : 0);
  return inC < n;
}

/** The symbol values for `text`: the start code, the data (with any subset changes), and the check symbol; no stop. */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new Code128Error('There is nothing to encode: the text is empty.');
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 || code > 126) {
      throw new Code128Error(`Code 128 subset B cannot encode ${JSON.stringify(text.charAt(i))} at position ${i + 1}: only printable ASCII (space to ~) can be drawn.`);
    }
  }
  const values: number[] = [];
  let subset: Subset | undefined;
  const enter = (next: Subset) => {
    if (subset === next) return;
    if (subset === undefined) values.push(next === 'B' ? START_B : START_C);
    else values.push(next === 'B' ? CODE_B : CODE_C);
    subset = next;
  };
  const inB = (at: number) => {
    enter('B');
    values.push(text.charCodeAt(at) - 32);
  };

  let i = 0;
  while (i < text.length) {
    const run = digitRunAt(text, i);
    if (run === 0 || !cheaperInC(run, i === 0, i + run === text.length)) {
      inB(i);
      i++;
      continue;
    }
    const end = i + run;
    // Inside the text we are in B already, so the odd digit goes first, before changing to C; at the very start it
    // goes last, so the start code can be C.
    if (run % 2 === 1 && i > 0) inB(i++);
    enter('C');
    for (; i + 1 < end; i += 2) values.push(Number(text.slice(i, i + 2)));
    if (i < end) inB(i++);
  }

  // The check symbol: the start value plus each data value times its position (1, 2, …), modulo 103.
  const weighted = values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0);
  values.push(weighted % 103);
  return values;
}

/**
 * The widths, in modules, of the bars and spaces of `text`'s symbol from the first bar of the start code to the last
 * bar of the stop, bar first and alternating. Quiet zones are the drawer's to leave.
 */
export function code128Widths(text: string): number[] {
  return [...code128Values(text), STOP].flatMap((value) => [...(CODE128_PATTERNS[value] ?? '')].map(Number));
}
