// Reads Code 128 back from a PDF page the way a scanner's beam does: the page rendered to grey pixels by poppler's
// pdftoppm, then one pixel row at a time, the widths of its dark and light runs -> modules -> symbol values -> text.
// A row reads only with a valid start, check symbol and stop, and a quiet zone of 10 modules on both sides.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE128_PATTERNS, CODE_B, CODE_C, QUIET_ZONE_MODULES, START_B, START_C, STOP } from '../../src/server/shipping/code128';

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

const valueOf = new Map(CODE128_PATTERNS.map((pattern, value) => [pattern, value]));
const STOP_PATTERN = CODE128_PATTERNS[STOP] ?? '';

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
      const weighted = values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0);
      if (weighted % 103 !== check) return null;
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
