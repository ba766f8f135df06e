import { createRequire } from 'node:module';
import { loadPdfKit, type PdfDocumentClass } from '../invoicing/pdf-library';
import { drawText, heightOfText, registerScriptFonts, type Face } from '../invoicing/script-fonts';
import { hasScriptText } from '../invoicing/script-runs';
import { Code128Error, code128Widths, QUIET_ZONE_MODULES } from './code128';
import type { CourierAddress } from './courier';

// Noto Sans has the rupee sign and Indian names' letters; it ships in an npm package.
const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');

// A 4 × 6 inch label, the size thermal label printers and couriers use.
const W = 288;
const H = 432;
const M = 14;
// Label printers print at 203 dots per inch. A bar a whole number of dots wide prints as drawn (a fraction of a dot
// is rounded one way or the other, bar by bar), and two dots (0.25 mm) is the narrowest bar they print reliably.
const DOT = 72 / 203;
const MIN_DOTS = 2;
const BARS_TOP = 51;
const BARS_HEIGHT = 39;

// The "DELIVER TO" block ends where the line saying what to collect begins.
const COLLECT_TOP = 266;
const PIN_SIZE = 16;
const PHONE_SIZE = 10;
/** The smallest type a name or address is shrunk to before it is cut: still legible on a 203 dpi print. */
const SMALLEST_SIZE = 7;

type Doc = InstanceType<PdfDocumentClass>;
// Names, addresses and items are typed by people, in any script: drawn and measured in the fonts of their scripts.
const FACES: Record<'body' | 'bold', Face> = { body: { font: 'body', weight: 'regular' }, bold: { font: 'bold', weight: 'bold' } };

export interface LabelInput {
  courier: string;
  awb: string;
  /** The shop's order number (GS-…), as customers and couriers know the order. */
  orderNumber: string;
  orderDate: string;
  from: CourierAddress;
  to: CourierAddress;
  /** Rupees the courier collects; 0 for a prepaid order. */
  codAmount: number;
  weightGrams: number;
  items: string[];
}

/**
 * The module (the narrowest bar) for a barcode of `modules` with its two quiet zones in `room` points: the widest
 * whole number of printer dots that fits, or null when even the narrowest printable bar would not. It follows the
 * AWB's length because AWBs run from 4 to 40 characters: one fixed width would either push a long AWB's bars off
 * the label or draw a short one thinner than it need be, and wider bars scan from further away and forgive a worn
 * print head.
 */
export function barcodeModule(modules: number, room: number): number | null {
  const dots = Math.floor(room / (modules + 2 * QUIET_ZONE_MODULES) / DOT);
  return dots >= MIN_DOTS ? dots * DOT : null;
}

/** Draws the AWB as Code 128 bars centred on the label; false, drawing nothing, when it cannot be printed as one. */
function drawBarcode(doc: Doc, awb: string): boolean {
  let widths: number[];
  try {
    widths = code128Widths(awb);
  } catch (error) {
    if (error instanceof Code128Error) return false;
    throw error;
  }
  const modules = widths.reduce((sum, w) => sum + w, 0);
  const module = barcodeModule(modules, W - 2 * M);
  if (module === null) return false;
  // Starting on a whole dot from the page's edge puts every edge on a dot boundary when printed at actual size.
  let x = Math.round((W - modules * module) / 2 / DOT) * DOT;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, BARS_TOP, w * module, BARS_HEIGHT);
    x += w * module;
  });
  doc.fillColor('black').fill();
  return true;
}

/** The largest size, up to `largest`, at which `text` fits on one line of `width` in the current font. */
function fittingSize(doc: Doc, text: string, largest: number, width: number, characterSpacing: number): number {
  let size = largest;
  while (size > 6 && doc.fontSize(size).widthOfString(text, { characterSpacing }) > width) size -= 0.5;
  return size;
}

interface Paragraph {
  font: 'body' | 'bold';
  text: string;
  largest: number;
}

/** How many of `lines` each paragraph gets: one each first, then one more in turn to each that `needs` more. */
function shareLines(needs: number[], lines: number): number[] {
  const given = needs.map(() => 1);
  let left = lines - given.length;
  while (left > 0 && given.some((g, i) => g < (needs[i] ?? 0))) {
    for (let i = 0; i < given.length && left > 0; i++) {
      if ((given[i] ?? 0) < (needs[i] ?? 0)) {
        given[i] = (given[i] ?? 0) + 1;
        left--;
      }
    }
  }
  return given;
}

/**
 * The customer's name, address, city and state, then PIN and phone, between `top` and `bottom`. The PIN and phone keep
 * their size and are always printed whole: a courier's hub sorts by the PIN and the delivery boy rings the phone.
 * The rest shrinks, 0.5 pt at a time, until it fits above them; the longest address the rules allow, in the widest
 * letters, still does not fit at the smallest legible size, so only then is each paragraph given a share of the lines
 * and cut short with an ellipsis.
 */
function drawDeliverTo(doc: Doc, to: CourierAddress, top: number, bottom: number, width: number): void {
  // The address form is one line, but the API takes any text: a line break would cost the label a whole line.
  const flat = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ', ');
  const paragraphs: Paragraph[] = [
    { font: 'bold', text: flat(to.name), largest: 12 },
    { font: 'body', text: flat(to.address), largest: 10 },
    { font: 'body', text: flat(`${to.city}, ${to.state}`), largest: 10 },
  ];
  const lineHeight = (font: string, size: number) => doc.font(font).fontSize(size).currentLineHeight(true);
  const room = bottom - top - lineHeight('bold', PIN_SIZE) - lineHeight('body', PHONE_SIZE);
  const heightAt = (p: Paragraph, size: number) => heightOfText(doc.font(p.font).fontSize(size), FACES[p.font], p.text, { width });
  const sizesAt = (step: number) => paragraphs.map((p) => Math.max(SMALLEST_SIZE, p.largest - step / 2));
  const fitsAt = (sizes: number[]) => paragraphs.reduce((sum, p, i) => sum + heightAt(p, sizes[i] ?? p.largest), 0) <= room;

  let step = 0;
  while (!fitsAt(sizesAt(step)) && sizesAt(step).some((size) => size > SMALLEST_SIZE)) step++;
  const sizes = sizesAt(step);
  const fits = fitsAt(sizes);
  // Noto Sans's regular and bold have the same line height, so at the smallest size every line costs the same.
  const line = lineHeight('body', SMALLEST_SIZE);
  const lines = fits ? [] : shareLines(paragraphs.map((p) => Math.round(heightAt(p, SMALLEST_SIZE) / line)), Math.floor(room / line));

  doc.y = top;
  paragraphs.forEach((p, i) => {
    doc.font(p.font).fontSize(sizes[i] ?? p.largest);
    // Half a line more than the share, so pdfkit's own check stops after the last whole line and ends it with "…". A
    // line with letters of another script may be taller than Noto Sans's, so there the share itself is the limit.
    const slack = hasScriptText(p.text) ? 0 : 0.5;
    const cut = lines[i] === undefined ? {} : { height: (lines[i] + slack) * line, ellipsis: true };
    drawText(doc, FACES[p.font], p.text, M, doc.y, { width, ...cut });
  });
  doc.font('bold').fontSize(PIN_SIZE).text(`PIN ${to.pincode}`, M, doc.y, { width });
  doc.font('body').fontSize(PHONE_SIZE).text(`Phone ${to.phone}`, M, doc.y, { width });
}

/** The shipping label the shop draws itself (sandbox and manual shipments): who from, who to, AWB, what to collect. */
export async function drawLabelPdf(label: LabelInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: [W, H], margin: M, info: { Title: `Shipping label ${label.awb}` } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  registerScriptFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = W - 2 * M;

  doc.font('bold').fontSize(13).text(label.courier, M, M, { width });
  doc.font('body').fontSize(8).text(label.codAmount > 0 ? 'CASH ON DELIVERY' : 'PREPAID', M, M + 2, { width, align: 'right' });
  doc.moveTo(M, 36).lineTo(W - M, 36).stroke();

  doc.font('body').fontSize(8).text('AWB', M, 38);
  if (!drawBarcode(doc, label.awb)) {
    doc.font('body').fontSize(9).text('Too long to print as a barcode: type this AWB in.', M, BARS_TOP + 14, { width, align: 'center' });
  }
  // Kept in letters under the bars, for a scanner that fails and for people; a 40-character AWB gets smaller type.
  doc.font('bold');
  doc.fontSize(fittingSize(doc, label.awb, 16, width, 1)).text(label.awb, M, BARS_TOP + BARS_HEIGHT + 3, { width, align: 'center', characterSpacing: 1, lineBreak: false });
  doc.moveTo(M, 118).lineTo(W - M, 118).stroke();

  doc.font('body').fontSize(8).text('DELIVER TO', M, 124);
  drawDeliverTo(doc, label.to, 134, COLLECT_TOP - 2, width);

  const collect = label.codAmount > 0 ? `Collect ₹${label.codAmount.toLocaleString('en-IN')} in cash` : 'Prepaid: collect nothing';
  doc.font('bold').fontSize(12).text(collect, M, COLLECT_TOP, { width });
  doc.font('body').fontSize(9).text(`Order ${label.orderNumber} · ${label.orderDate.slice(0, 10)} · ${(label.weightGrams / 1000).toFixed(2)} kg`, { width });
  drawText(doc.font('body').fontSize(8), FACES.body, label.items.join(', '), { width, height: 40, ellipsis: true });
  doc.moveTo(M, 336).lineTo(W - M, 336).stroke();

  doc.font('body').fontSize(8).text('IF UNDELIVERED, RETURN TO', M, 342);
  drawText(doc.font('bold').fontSize(10), FACES.bold, label.from.name, M, 352, { width });
  // A very long business address is cut short above the phone line rather than spilling onto a second label: the
  // courier rings that number before sending a parcel back.
  doc.font('body').fontSize(9);
  const room = H - M - doc.currentLineHeight(true) - doc.y;
  drawText(doc, FACES.body, `${label.from.address}, ${label.from.city}, ${label.from.state} ${label.from.pincode}`, { width, height: room, ellipsis: true });
  doc.text(`Phone ${label.from.phone}`, { width });
  doc.end();
  return done;
}
