// The table of an invoice's or credit note's lines: its columns, as wide as their figures need, and its rows. A figure
// is never wrapped or cut, a word of a description never broken (an id, an invoice number, a size with its unit), and
// the description gets what the figures leave: when that is too little, the figures' columns give back their spare
// room first, and only then is the table set smaller.
import { formatPaise, halfRate } from '../../domain/india/gst-tax';
import type { CreditNoteDocument, InvoiceDocument, InvoiceLine } from '../../domain/india/invoice-document';
import type { PdfDocumentClass } from './pdf-library';
import { BOLD, drawText, heightOfText, REGULAR, widthOfText, type Face } from './script-fonts';

type Doc = InstanceType<PdfDocumentClass>;
type AnyDocument = InvoiceDocument | CreditNoteDocument;

export interface Column {
  title: string;
  /** The width the column would like (what it has always had); the description's is what is left. */
  width: number;
  align: 'left' | 'right';
  value: (line: InvoiceLine, index: number) => string;
}

export interface Table {
  columns: Column[];
  fontSize: number;
}

/** The colour of the rules between rows and under the parties. */
export const RULE = '#c9b48a';
/** Room on either side of a cell's text. */
const PAD = 3;
/** The description is given room for its longest text on one line up to this width; a longer one takes two lines. */
const DESCRIPTION_ONE_LINE = 150;
const SIZES = [8, 7.5, 7, 6.5];

/**
 * "A2 Desi Cow Ghee (500 ml)" with a no-break space inside the size, so that a line never ends at "(500" and the next
 * begins with "ml)".
 */
export const keepSizesWhole = (text: string): string => text.replace(/(\d) (?=(?:ml|l|ltr|g|gm|kg)\b)/giu, '$1\u00a0');

/** Whether any line carries a discount: the table then shows each line's gross value and its discount. */
export const hasDiscount = (doc: AnyDocument): boolean => doc.lines.some((l) => (l.discountPaise ?? 0) > 0);

/** The columns of the document's table, at the widths they would like; the description's width is 0 (the rest). */
export function columns(doc: AnyDocument, taxed: boolean): Column[] {
  const money = (f: (l: InvoiceLine) => number) => (l: InvoiceLine) => formatPaise(f(l));
  // A line of value alone (a refund of part of the price) moves no goods: no quantity, unit or unit price.
  const goods = (f: (l: InvoiceLine) => string) => (l: InvoiceLine) => (l.unit ? f(l) : '');
  const head: Column[] = [
    { title: '#', width: 16, align: 'left', value: (_l, i) => String(i + 1) },
    { title: 'Description', width: 0, align: 'left', value: (l) => keepSizesWhole(l.description) },
    // Wide enough for an eight-digit HSN on one line: a code broken in two reads as another code.
    { title: 'HSN', width: 44, align: 'left', value: (l) => l.hsn },
    { title: 'Qty', width: 36, align: 'right', value: goods((l) => `${l.quantity}\u00a0${l.unit}`) },
    { title: 'Unit price', width: 52, align: 'right', value: goods((l) => formatPaise(l.unitPricePaise)) },
  ];
  // A discount given at the sale comes off the line before tax (CGST Act s. 15(3)(a)): value, discount, then the
  // taxable value and the tax on it. Amounts include GST, as the prices do: gross value − discount = amount.
  const discount: Column[] = !hasDiscount(doc)
    ? []
    : [
        { title: 'Gross value', width: 56, align: 'right', value: money((l) => l.grossPaise + (l.discountPaise ?? 0)) },
        { title: 'Discount', width: 48, align: 'right', value: money((l) => l.discountPaise ?? 0) },
      ];
  // CGST and SGST each show their own rate, half the GST rate (DESIGN.md §8.2).
  const tax: Column[] = !taxed
    ? []
    : [
        { title: 'Taxable value', width: 58, align: 'right', value: money((l) => l.taxablePaise) },
        ...(doc.interState
          ? [
              { title: 'IGST rate', width: 34, align: 'right' as const, value: (l: InvoiceLine) => `${l.rate}%` },
              { title: 'IGST', width: 50, align: 'right' as const, value: money((l) => l.igstPaise) },
            ]
          : [
              { title: 'CGST rate', width: 34, align: 'right' as const, value: (l: InvoiceLine) => halfRate(l.rate) },
              { title: 'CGST', width: 44, align: 'right' as const, value: money((l) => l.cgstPaise) },
              { title: 'SGST rate', width: 34, align: 'right' as const, value: (l: InvoiceLine) => halfRate(l.rate) },
              { title: 'SGST', width: 44, align: 'right' as const, value: money((l) => l.sgstPaise) },
            ]),
      ];
  return [...head, ...discount, ...tax, { title: 'Amount', width: 56, align: 'right', value: money((l) => l.grossPaise) }];
}

/** The widest of the texts on one line, in `face` at the current size. */
function widest(pdf: Doc, face: Face, texts: readonly string[]): number {
  pdf.font(face.font);
  return Math.max(0, ...texts.map((t) => widthOfText(pdf, face, t)));
}

/** The widest word of the texts: words are cut at spaces, never at a no-break space. */
const widestWord = (pdf: Doc, face: Face, texts: readonly string[]): number =>
  widest(pdf, face, texts.flatMap((t) => t.split(/[^\S\u00a0]+/u)).filter((w) => w !== ''));

/**
 * The table fitted into `width`: every figure on one line, every word whole. The description gets room for its
 * longest text on one line (up to a point: a long name may take two), then the figure columns grow back towards the
 * widths they would like, and what is still left widens the description. A table whose figures and longest words
 * cannot all fit is set a size smaller.
 */
export function fitTable(pdf: Doc, doc: AnyDocument, all: readonly Column[], width: number): Table {
  const cells = (c: Column) => doc.lines.map((l, i) => c.value(l, i));
  const isDescription = (c: Column) => c.width === 0;
  const descriptions = all.filter(isDescription).flatMap(cells);
  let fitted: Table = { columns: [...all], fontSize: SIZES[0] ?? 8 };
  for (const fontSize of SIZES) {
    pdf.fontSize(fontSize);
    const room = (text: number) => Math.ceil(text) + 2 * PAD + 1;
    // A figure column needs its widest cell on one line and its heading's longest word; the description its widest word.
    const needs = all.map((c) => (isDescription(c) ? 0 : room(Math.max(widestWord(pdf, BOLD, [c.title]), widest(pdf, REGULAR, cells(c))))));
    const descriptionNeeds = room(Math.max(widestWord(pdf, BOLD, ['Description']), widestWord(pdf, REGULAR, descriptions)));
    const free = width - needs.reduce((sum, w) => sum + w, 0);
    const description = Math.min(free, Math.max(descriptionNeeds, Math.min(room(widest(pdf, REGULAR, descriptions)), DESCRIPTION_ONE_LINE)));
    const growth = all.map((c, i) => (isDescription(c) ? 0 : Math.max(0, c.width - (needs[i] ?? 0))));
    const wanted = growth.reduce((sum, g) => sum + g, 0);
    const share = wanted === 0 ? 0 : Math.min(1, (free - description) / wanted);
    const widths = all.map((c, i) => (isDescription(c) ? 0 : (needs[i] ?? 0) + (growth[i] ?? 0) * Math.max(0, share)));
    const rest = width - widths.reduce((sum, w) => sum + w, 0);
    fitted = { columns: all.map((c, i) => ({ ...c, width: isDescription(c) ? rest : (widths[i] ?? 0) })), fontSize };
    if (rest >= descriptionNeeds) break;
  }
  pdf.fontSize(fitted.fontSize);
  return fitted;
}

/** One row of the table at `y` (the heading when `bold`), as tall as its tallest cell; returns the row's bottom. */
export function drawRow(pdf: Doc, table: Table, cells: string[], x0: number, y: number, bold: boolean, fill?: string): number {
  const face = bold ? BOLD : REGULAR;
  const cols = table.columns;
  const width = cols.reduce((sum, c) => sum + c.width, 0);
  pdf.font(face.font).fontSize(table.fontSize);
  const height = Math.max(...cols.map((c, i) => heightOfText(pdf, face, cells[i] ?? '', { width: c.width - 2 * PAD }))) + 8;
  if (fill) pdf.rect(x0, y, width, height).fill(fill);
  let x = x0;
  pdf.fillColor('#222');
  for (const [i, c] of cols.entries()) {
    drawText(pdf, face, cells[i] ?? '', x + PAD, y + 4, { width: c.width - 2 * PAD, align: c.align });
    x += c.width;
  }
  pdf.moveTo(x0, y + height).lineTo(x0 + width, y + height).lineWidth(0.4).strokeColor(RULE).stroke();
  return y + height;
}
