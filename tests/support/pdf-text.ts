// Reads a PDF's text with poppler's pdftotext, as a person reading it would (the invoice and credit-note tests), or
// word by word with where each word lies on the page (the shipping label's layout tests).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function withPdfFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ghee-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfText(pdf: Buffer): string {
  return withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

export interface PdfWord {
  page: number;
  text: string;
  /** The word's box in points from the page's top-left corner. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** Every word of the PDF with its box, in reading order (pdftotext -bbox writes them as XHTML). */
export function pdfWords(pdf: Buffer): PdfWord[] {
  const xhtml = withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }));
  const words: PdfWord[] = [];
  let page = 0;
  for (const match of xhtml.matchAll(/<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[0] === '<page') {
      page++;
      continue;
    }
    const text = (match[5] ?? '').replace(/&\w+;/g, (entity) => ENTITIES[entity] ?? entity);
    words.push({ page, text, xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]), yMax: Number(match[4]) });
  }
  return words;
}

/** The names of the fonts embedded in the PDF (poppler's pdffonts), without their subset prefix ("NotoSans-Bold"). */
export function pdfFonts(pdf: Buffer): string[] {
  const table = withPdfFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '') ?? '')
    .filter((name) => name !== '');
}

/**
 * A word as a bag of its letters and marks. pdftotext gives back an Indian script's word in the order of its glyphs
 * on the page, not the order typed: a vowel sign drawn before its consonant, or one that is two glyphs (Kannada's
 * ೀ is ಿ and ೕ), comes back moved or split, so a word reads back as the same letters, in another order.
 */
export const lettersOf = (word: string): string => [...word.normalize('NFD')].sort().join('');
