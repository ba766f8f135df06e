// Reads Code 128 back from a PDF page the way a scanner's beam does: the page rendered to grey pixels by poppler's
// pdftoppm, then one pixel row at a time, the widths of its dark and light runs -> modules -> symbol values -> text.
// A row reads only with a valid start, check symbol and stop, and a quiet zone of 10 modules on both sides.
//
// The reader has its own table of the symbology (ISO/IEC 15417), written here and checked against published facts in
// barcode-scan.test.ts, and imports nothing from the encoder: a wrong entry in the encoder's table must make the label
// unreadable here, not be read back "correctly" through the same mistake.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Code 128's symbols by value: the widths in modules of bar, space, bar, space, bar, space, 11 modules in all.
 * Values 0-102 are data (in subset B, value + 32 is the ASCII code; in subset C, the value is a pair of digits),
 * 103-105 the three start codes; the last entry is the stop, whose seventh element is a closing bar of 2 modules.
 */
export const SYMBOLS: readonly string[] = [
  // 0-15: subset B space ! " # $ % & ' ( ) * + , - . /
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312',
  '132212', '221213', '221312', '231212', '112232', '122132', '122231', '113222',
  // 16-31: 0 1 2 3 4 5 6 7 8 9 : ; < = > ?
  '123122', '123221', '223211', '221132', '221231', '213212', '223112', '312131',
  '311222', '321122', '321221', '312212', '322112', '322211', '212123', '212321',
  // 32-47: @ A B C D E F G H I J K L M N O
  '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121',
  // 48-63: P Q R S T U V W X Y Z [ \ ] ^ _
  '313121', '211331', '231131', '213113', '213311', '213131', '311123', '311321',
  '331121', '312113', '312311', '332111', '314111', '221411', '431111', '111224',
  // 64-79: ` a b c d e f g h i j k l m n o
  '111422', '121124', '121421', '141122', '141221', '112214', '112412', '122114',
  '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  // 80-95: p q r s t u v w x y z { | } ~ DEL
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112',
  '421211', '212141', '214121', '412121', '111143', '111341', '131141', '114113',
  // 96-102: FNC 3, FNC 2, Shift, Code C, Code B (FNC 4 in B), Code A (FNC 4 in A), FNC 1
  '114311', '411113', '411311', '113141', '114131', '311141', '411131',
  // 103-105: Start A, Start B, Start C; then the stop
  '211412', '211214', '211232', '2331112',
];

export const START_B = 104;
export const START_C = 105;
const CODE_C = 99;
const CODE_B = 100;
/** The light margin the symbology asks for on each side of the bars, in modules. */
const QUIET_ZONE_MODULES = 10;

/** The check symbol of a start code and data values: the start plus each data value times its position, modulo 103. */
export function checkSymbol(values: readonly number[]): number {
  return values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
}

export interface GreyPage {
  width: number;
  height: number;
  /** One byte a pixel, row after row; 0 is black. */
  pixels: Uint8Array;
}

/** The PDF's first page at `dpi`, in grey (a PGM from pdftoppm, whose header is three whitespace-separated numbers). */
export function renderPdfGrey(pdf: Buffer, dpi: number): GreyPage {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ghee-scan-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')]);
    const pgm = readFileSync(path.join(dir, 'page.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a binary PGM');
    const [width, height] = [Number(header[1]), Number(header[2])];
    return { width, height, pixels: new Uint8Array(pgm.subarray(header[0].length, header[0].length + width * height)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many pages the PDF has, as poppler counts them. */
export function pdfPageCount(pdf: Buffer): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ghee-scan-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Read {
  text: string;
  /** Pixel column of the first bar's left edge and just past the last bar's right edge. */
  left: number;
  right: number;
  /** The narrowest element's width, in pixels. */
  modulePx: number;
}

interface Run {
  dark: boolean;
  start: number;
  length: number;
}

const STOP_PATTERN = SYMBOLS.at(-1) ?? '';
const valueOf = new Map(SYMBOLS.slice(0, -1).map((pattern, value) => [pattern, value]));

function runsOf(row: Uint8Array): Run[] {
  const runs: Run[] = [];
  for (let x = 0; x < row.length; x++) {
    const dark = (row[x] ?? 255) < 128;
    const last = runs.at(-1);
    if (last && last.dark === dark) last.length++;
    else runs.push({ dark, start: x, length: 1 });
  }
  return runs;
}

/** Element widths scaled so they add up to `modules`, each rounded to a whole 1 to 4 modules; null if they do not. */
function toModules(runs: Run[], modules: number): string | null {
  const total = runs.reduce((sum, run) => sum + run.length, 0);
  const widths = runs.map((run) => Math.round((run.length * modules) / total));
  if (widths.some((w) => w < 1 || w > 4) || widths.reduce((a, b) => a + b, 0) !== modules) return null;
  return widths.join('');
}

function textOf(values: number[]): string | null {
  let subset = values[0] === START_B ? 'B' : 'C';
  let text = '';
  for (const value of values.slice(1)) {
    if (subset === 'B' && value === CODE_C) subset = 'C';
    else if (subset === 'C' && value === CODE_B) subset = 'B';
    else if (subset === 'B' && value < 95) text += String.fromCharCode(value + 32);
    else if (subset === 'C' && value < 100) text += String(value).padStart(2, '0');
    else return null;
  }
  return text;
}

function readFrom(runs: Run[], first: number): Read | null {
  const start = runs.slice(first, first + 6);
  const startValue = start.length === 6 ? valueOf.get(toModules(start, 11) ?? '') : undefined;
  if (startValue !== START_B && startValue !== START_C) return null;
  const modulePx = start.reduce((sum, run) => sum + run.length, 0) / 11;
  const quiet = (run: Run | undefined) => run !== undefined && !run.dark && run.length >= (QUIET_ZONE_MODULES - 0.5) * modulePx;
  if (!quiet(runs[first - 1])) return null;

  const values = [startValue];
  for (let at = first + 6; at + 6 < runs.length; at += 6) {
    const symbol = toModules(runs.slice(at, at + 6), 11);
    // The stop's first six elements are no data symbol's pattern; its seventh is a bar of two modules.
    if (symbol === STOP_PATTERN.slice(0, 6)) {
      if (toModules(runs.slice(at, at + 7), 13) !== STOP_PATTERN || !quiet(runs[at + 7]) || values.length < 3) return null;
      const check = values.pop();
      if (checkSymbol(values) !== check) return null;
      const text = textOf(values);
      const [firstBar, lastBar] = [runs[first], runs[at + 6]];
      if (text === null || !firstBar || !lastBar) return null;
      return { text, left: firstBar.start, right: lastBar.start + lastBar.length, modulePx };
    }
    const value = valueOf.get(symbol ?? '');
    if (value === undefined || value > 102) return null;
    values.push(value);
  }
  return null;
}

/** The first Code 128 symbol one pixel row holds, or null. */
export function readRow(row: Uint8Array): Read | null {
  const runs = runsOf(row);
  for (let i = 1; i < runs.length; i++) {
    if (!runs[i]?.dark) continue;
    const read = readFrom(runs, i);
    if (read) return read;
  }
  return null;
}

/** Every row of the page that reads as a Code 128 symbol, with its row number. */
export function readPage(page: GreyPage): (Read & { y: number })[] {
  const reads: (Read & { y: number })[] = [];
  for (let y = 0; y < page.height; y++) {
    const read = readRow(page.pixels.subarray(y * page.width, (y + 1) * page.width));
    if (read) reads.push({ ...read, y });
  }
  return reads;
}
