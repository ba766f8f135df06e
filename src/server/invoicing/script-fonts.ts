// Text a customer or the owner typed, drawn on a PDF in the Noto font of each script it is written in (the runs of
// script-runs.ts), so that an address in Kannada or Tamil prints as letters and not as empty boxes. A text with none
// of those scripts goes to pdfkit's own `text` and `heightOfString` with the very arguments given, so every document
// in Latin letters (and Devanagari, which Noto Sans has) is drawn exactly as before; unless pdfkit cannot lay it out
// in Noto Sans, when it is laid out here like a script's text. A word that fontkit cannot lay out in its font is drawn
// as script-shaping.ts finds it can be, so that no font's shaping fails a document.
//
// A mixed text is laid out here, line by line, rather than by pdfkit's `continued` runs: those set each run on its
// own font's baseline (Noto Sans Kannada's ascender is a quarter of an em shorter than Noto Sans's, so its letters
// would ride high), align each run separately on a right-aligned or centred line (runs drawn over one another), and
// keep writing after a cut with an ellipsis. Here each line's runs share one baseline, under the tallest ascender,
// and the line is as tall as its tallest font asks.
import { createRequire } from 'node:module';
import type { PdfDocumentClass } from './pdf-library';
import { hasScriptText, SCRIPTS, scriptRuns, type Script } from './script-runs';
import { featureOptions, laysOut, shapeRun } from './script-shaping';

type Doc = InstanceType<PdfDocumentClass>;
export type Weight = 'regular' | 'bold';

/** The faces of a document that registered Noto Sans as 'regular' and 'bold' (the invoice and credit note). */
export const REGULAR: Face = { font: 'regular', weight: 'regular' };
export const BOLD: Face = { font: 'bold', weight: 'bold' };

/** The font a call draws in: the name the document registered Noto Sans under, and whether it is the bold one. */
export interface Face {
  font: string;
  weight: Weight;
}

/** The options of pdfkit's `text` the shop's documents use. */
export interface TextOptions {
  width?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
  height?: number;
  ellipsis?: boolean | string;
  lineBreak?: boolean;
}

type At = [options?: TextOptions] | [x: number, y: number, options?: TextOptions];

const require = createRequire(import.meta.url);
/** The name a script's font is registered under on a document. */
export const fontName = (script: Script, weight: Weight) => `${script}-${weight}`;
let files: [string, string][] | undefined;

/** The script fonts' files, found once, on the first document that asks (the packages ship the TTFs). */
function fontFiles(): [string, string][] {
  files ??= SCRIPTS.flatMap((s) =>
    (['regular', 'bold'] as const).map((weight): [string, string] => {
      const dir = weight === 'regular' ? '400Regular' : '700Bold';
      return [fontName(s.script, weight), require.resolve(`@expo-google-fonts/${s.pkg}/${dir}/${s.file}_${dir}.ttf`)];
    }),
  );
  return files;
}

/** Registers the script fonts on `doc`, regular and bold. pdfkit reads a file, and embeds it, only once it is used. */
export function registerScriptFonts(doc: Doc): void {
  for (const [name, file] of fontFiles()) doc.registerFont(name, file);
}

interface Piece {
  font: string;
  text: string;
  /** The OpenType features the piece is laid out without, when laying it out with all of them fails. */
  featuresOff?: string[];
  width: number;
  /** From the line's top to the baseline, in points, in this piece's font. */
  ascent: number;
  /** From the line's top to the bottom of this font's line box. */
  lineHeight: number;
}

interface Line {
  pieces: Piece[];
  width: number;
  ascent: number;
  height: number;
}

function measureLine(doc: Doc, face: Face, text: string): Line {
  const shaped = scriptRuns(text).flatMap((run) => shapeRun(doc, run.script === null ? face.font : fontName(run.script, face.weight), face.font, run.text));
  const pieces = shaped.map(({ font, text, featuresOff }): Piece => {
    doc.font(font);
    // pdfkit's own types leave out the loaded font; its ascender is in thousandths of the size, as pdfkit places text.
    const ascender = (doc as unknown as { _font: { ascender: number } })._font.ascender;
    const width = doc.widthOfString(text, featureOptions(featuresOff));
    return { font, text, featuresOff, width, ascent: (ascender / 1000) * currentSize(doc), lineHeight: doc.currentLineHeight(true) };
  });
  doc.font(face.font);
  const ascent = Math.max(0, ...pieces.map((p) => p.ascent));
  const below = Math.max(0, ...pieces.map((p) => p.lineHeight - p.ascent));
  const height = pieces.length === 0 ? doc.currentLineHeight(true) : ascent + below;
  return { pieces, width: pieces.reduce((sum, p) => sum + p.width, 0), ascent, height };
}

const currentSize = (doc: Doc) => (doc as unknown as { _fontSize: number })._fontSize;
const letterSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemes = (text: string) => [...letterSegmenter.segment(text)].map((s) => s.segment);
const widthOf = (doc: Doc, face: Face, text: string) => measureLine(doc, face, text).width;

/** The longest head of `text`, in whole letters with their marks (at least one), that fits `width`. */
function headThatFits(doc: Doc, face: Face, text: string, width: number): [string, string] {
  const letters = graphemes(text);
  let n = 1;
  while (n < letters.length && widthOf(doc, face, letters.slice(0, n + 1).join('')) <= width) n++;
  return [letters.slice(0, n).join(''), letters.slice(n).join('')];
}

/**
 * The text broken into lines of `width` at spaces (and line breaks), never at a no-break space (a size and its unit),
 * as pdfkit breaks Latin text; a word longer than a line is cut between letters.
 */
function wrap(doc: Doc, face: Face, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    for (const word of paragraph.split(/(?<=[^\S\u00a0])(?=\S)/u)) {
      if (line === '' || widthOf(doc, face, (line + word).trimEnd()) <= width) line += word;
      else {
        lines.push(line.trimEnd());
        line = word;
      }
      while (widthOf(doc, face, line.trimEnd()) > width && graphemes(line.trimEnd()).length > 1) {
        const [head, rest] = headThatFits(doc, face, line.trimEnd(), width);
        lines.push(head);
        line = rest;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** The lines that fit `height` (the first always), the last of them ending in the ellipsis when some were left out. */
function cut(doc: Doc, face: Face, lines: Line[], width: number, options: TextOptions): Line[] {
  if (options.height === undefined) return lines;
  let used = 0;
  let kept = 0;
  while (kept < lines.length && used + (lines[kept]?.height ?? 0) <= options.height) used += lines[kept++]?.height ?? 0;
  kept = Math.max(kept, 1);
  if (kept === lines.length || !options.ellipsis) return lines.slice(0, kept);
  const mark = options.ellipsis === true ? '…' : options.ellipsis;
  let letters = graphemes(lines[kept - 1]?.pieces.map((p) => p.text).join('') ?? '');
  while (letters.length > 0 && widthOf(doc, face, `${letters.join('').trimEnd()}${mark}`) > width) letters = letters.slice(0, -1);
  return [...lines.slice(0, kept - 1), measureLine(doc, face, `${letters.join('').trimEnd()}${mark}`)];
}

function layout(doc: Doc, face: Face, text: string, options: TextOptions, x: number): { lines: Line[]; width: number } {
  const wraps = options.width !== undefined || options.lineBreak !== false;
  const width = options.width ?? (wraps ? doc.page.width - x - doc.page.margins.right : Infinity);
  const lines = wrap(doc, face, text, width).map((line) => measureLine(doc, face, line));
  return { lines: cut(doc, face, lines, width, options), width };
}

function position(doc: Doc, at: At): { x: number; y: number; options: TextOptions } {
  return typeof at[0] === 'number' ? { x: at[0], y: at[1] ?? doc.y, options: at[2] ?? {} } : { x: doc.x, y: doc.y, options: at[0] ?? {} };
}

/**
 * Draws `text` like `doc.text(text, …at)` in `face`, which must be the document's current font: its letters of the
 * scripts Noto Sans lacks in their script's font of the same weight. Leaves the document in `face`, with x and y where
 * pdfkit would (the start of the next line).
 */
export function drawText(doc: Doc, face: Face, text: string, ...at: At): Doc {
  if (!hasScriptText(text) && laysOut(doc, text)) {
    return typeof at[0] === 'number' ? doc.text(text, ...(at as [number, number, TextOptions?])) : doc.text(text, ...(at as [TextOptions?]));
  }
  const { x, y, options } = position(doc, at);
  const { lines, width } = layout(doc, face, text, options, x);
  let top = y;
  for (const line of lines) {
    const room = Number.isFinite(width) ? width - line.width : 0;
    let left = x + (options.align === 'right' ? room : options.align === 'center' ? room / 2 : 0);
    for (const piece of line.pieces) {
      doc.font(piece.font).text(piece.text, left, top + line.ascent - piece.ascent, { lineBreak: false, ...featureOptions(piece.featuresOff) });
      left += piece.width;
    }
    top += line.height;
  }
  doc.font(face.font);
  doc.x = x;
  doc.y = top;
  return doc;
}

/** The width of `text` on one line as `drawText` draws it, as `doc.widthOfString` gives it for Latin letters. */
export function widthOfText(doc: Doc, face: Face, text: string): number {
  if (!hasScriptText(text) && laysOut(doc, text)) return doc.widthOfString(text);
  return measureLine(doc, face, text).width;
}

/** The height `drawText` with these options would take, as `doc.heightOfString` does for a text in Latin letters. */
export function heightOfText(doc: Doc, face: Face, text: string, options: TextOptions = {}): number {
  if (!hasScriptText(text) && laysOut(doc, text)) return doc.heightOfString(text, options);
  const { lines } = layout(doc, face, text, { ...options, height: undefined }, doc.x);
  return lines.reduce((sum, line) => sum + line.height, 0);
}
