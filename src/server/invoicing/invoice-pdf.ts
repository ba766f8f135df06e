import { createRequire } from 'node:module';
import { documentName } from '../../domain/india/document-name';
import type { CreditNoteDocument, InvoiceDocument } from '../../domain/india/invoice-document';
import { formatPaise, halfRate, isNilRated } from '../../domain/india/gst-tax';
import { loadPdfKit, type PdfDocumentClass } from './pdf-library';
import type { SignatureFields } from './pdf-signing';
import { columns, drawRow, fitTable, hasDiscount, RULE } from './invoice-table';
import { BOLD, drawText, REGULAR, registerScriptFonts } from './script-fonts';
import { addSignaturePlaceholder } from './signature-placeholder';
import { drawVoidNotice, drawVoidStamp, voidNotice } from './void-mark';

// Noto Sans has the rupee sign; it ships in an npm package, so the server needs nothing downloaded.
const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');

const MARGIN = 40;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const WIDTH = PAGE_W - 2 * MARGIN;
const BROWN = '#8a4b08';
const GREEN = '#4f7d2a';

type Doc = InstanceType<PdfDocumentClass>;
type AnyDocument = InvoiceDocument | CreditNoteDocument;

const unregistered = (doc: AnyDocument) => doc.kind === 'BILL_OF_SUPPLY' || doc.seller.gstin === '';
/**
 * Whether the document charges GST: a tax invoice or a credit note against one. A shop without a GSTIN issues bills
 * of supply, and its credit notes against them charge no tax either, so neither names a tax, its rate or its Act;
 * nor does a registered shop's document of goods at 0% alone, a bill of supply too.
 */
const charged = (doc: AnyDocument) => !unregistered(doc) && !doc.lines.every(isNilRated);

const dateOf = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

function drawMark(pdf: Doc, x: number, y: number) {
  pdf.save().translate(x, y).scale(1.1);
  pdf.path('M18 36.2C13.4 37.4 6.4 36.8 2.6 32.4C7.6 30.4 13.6 31.6 18 36.2Z').fill(GREEN);
  pdf.path('M18 36.2C22.6 37.4 29.6 36.8 33.4 32.4C28.4 30.4 22.4 31.6 18 36.2Z').fill(GREEN);
  pdf.path('M18 2.5C20.6 8 29 13.4 29 22.6A11 11 0 0 1 7 22.6C7 13.4 15.4 8 18 2.5Z').lineWidth(1.6).fillAndStroke('#e0a526', BROWN);
  pdf.restore();
}

function drawHeader(pdf: Doc, doc: AnyDocument): number {
  const s = doc.seller;
  drawMark(pdf, MARGIN, MARGIN - 4);
  const left = MARGIN + 50;
  // The seller's details, the buyer's and the lines' descriptions are typed by people, in any script (script-fonts.ts).
  drawText(pdf.font('bold').fontSize(15).fillColor(BROWN), BOLD, s.legalName, left, MARGIN, { width: 270 });
  pdf.font('regular').fontSize(8.5).fillColor('#222');
  drawText(pdf, REGULAR, `${s.addressLine}, ${s.city}, ${s.state} ${s.pincode}`, left, pdf.y + 2, { width: 270 });
  if (s.gstin) pdf.text(`GSTIN: ${s.gstin}`, left, pdf.y, { width: 270 });
  drawText(pdf, REGULAR, `State: ${s.state} (code ${s.stateCode})`, left, pdf.y, { width: 270 });
  pdf.text(`FSSAI Lic. No. ${s.fssai}`, left, pdf.y, { width: 270 });
  drawText(pdf, REGULAR, `Customer care: ${s.carePhone} · ${s.careEmail}`, left, pdf.y, { width: 270 });
  const leftBottom = pdf.y;

  const rx = MARGIN + 330;
  const rw = WIDTH - 330;
  // The longest name, "invoice-cum-bill of supply", is set smaller so that it stays on one line.
  const name = documentName(doc);
  pdf.font('bold').fontSize(14);
  if (pdf.widthOfString(name) > rw) pdf.fontSize(14 * (rw / pdf.widthOfString(name)));
  pdf.fillColor(GREEN).text(name, rx, MARGIN, { width: rw, align: 'right' });
  pdf.font('regular').fontSize(8.5).fillColor('#222');
  const facts: [string, string][] = [
    [doc.kind === 'CREDIT_NOTE' ? 'Credit note No.' : 'Invoice No.', doc.number],
    ['Date', dateOf(doc.issuedAt)],
    ['Order', doc.orderNumber ? `${doc.orderNumber} (${doc.orderid})` : doc.orderid],
    ['Order date', dateOf(doc.orderDate)],
  ];
  if (doc.kind === 'CREDIT_NOTE') {
    facts.push(['Against invoice', doc.invoiceNumber], ['Invoice date', dateOf(doc.invoiceDate)]);
  }
  // Label and value side by side, each row as tall as its taller half, so a long label never runs into the next row.
  // The labels take the room of the longest. A value wraps between its words only, never inside an id or a number
  // ("GS-1002" above "(order_…)"), and is set smaller when one of its words is wider than its room.
  const labelWidth = Math.ceil(Math.max(...facts.map(([k]) => pdf.widthOfString(`${k}:`)))) + 8;
  const valueWidth = rw - labelWidth;
  let y = pdf.y + 4;
  for (const [k, v] of facts) {
    pdf.font('regular').fontSize(8.5);
    const labelHeight = pdf.heightOfString(`${k}:`, { width: labelWidth });
    pdf.text(`${k}:`, rx, y, { width: labelWidth, align: 'left' });
    pdf.font('bold');
    const widestWord = Math.max(...v.split(' ').map((word) => pdf.widthOfString(word)));
    if (widestWord > valueWidth) pdf.fontSize((8.5 * valueWidth) / widestWord - 0.05);
    const valueHeight = pdf.heightOfString(v, { width: valueWidth });
    pdf.text(v, rx + labelWidth, y, { width: valueWidth, align: 'right' });
    y += Math.max(labelHeight, valueHeight, 12);
  }
  pdf.fontSize(8.5);
  return Math.max(leftBottom, y) + 10;
}

function drawParties(pdf: Doc, doc: AnyDocument, top: number): number {
  pdf.moveTo(MARGIN, top).lineTo(MARGIN + WIDTH, top).lineWidth(0.8).strokeColor(RULE).stroke();
  const b = doc.buyer;
  pdf.font('bold').fontSize(9).fillColor(BROWN).text('Bill to / Ship to', MARGIN, top + 8);
  if (b.gstin) {
    // A registered recipient: its name and GSTIN, as CGST rule 46(e) asks, then the person it was sent to.
    drawText(pdf.font('bold').fontSize(9).fillColor('#222'), BOLD, b.businessName || b.name, MARGIN, pdf.y + 2, { width: 300 });
    pdf.font('regular').fontSize(8.5).text(`GSTIN: ${b.gstin}`, { width: 300 });
    drawText(pdf, REGULAR, `Attn: ${b.name}`, { width: 300 });
  } else {
    drawText(pdf.font('bold').fontSize(9).fillColor('#222'), BOLD, b.name, MARGIN, pdf.y + 2, { width: 300 });
  }
  drawText(pdf.font('regular').fontSize(8.5), REGULAR, b.address, { width: 300 });
  drawText(pdf, REGULAR, `Phone ${b.mobilenumber} · ${b.email}`, { width: 300 });
  const leftBottom = pdf.y;
  const rx = MARGIN + 330;
  pdf.font('bold').fontSize(9).fillColor(BROWN).text('Place of supply', rx, top + 8, { width: WIDTH - 330, align: 'right' });
  const code = doc.placeOfSupply.stateCode || 'not recognised';
  drawText(pdf.font('regular').fontSize(8.5).fillColor('#222'), REGULAR, `${doc.placeOfSupply.stateName} (code ${code})`, rx, pdf.y + 2, {
    width: WIDTH - 330,
    align: 'right',
  });
  if (charged(doc)) pdf.text(doc.interState ? 'Inter-state supply: IGST' : 'Intra-state supply: CGST + SGST', { width: WIDTH - 330, align: 'right' });
  if (doc.kind === 'CREDIT_NOTE') drawText(pdf, REGULAR, `Reason: ${doc.reason}`, rx, pdf.y, { width: WIDTH - 330, align: 'right' });
  return Math.max(leftBottom, pdf.y) + 10;
}

/** The rows of the totals box: CGST and SGST with their rate when every line has one rate. */
function totalRows(doc: AnyDocument): [string, string][] {
  const t = doc.totals;
  const rows: [string, string][] = [];
  if (charged(doc)) {
    const rates = new Set(doc.lines.map((l) => l.rate));
    const only = rates.size === 1 ? [...rates][0] : undefined;
    rows.push(['Taxable value', formatPaise(t.taxablePaise)]);
    if (doc.interState) rows.push([only === undefined ? 'IGST' : `IGST @ ${only}%`, formatPaise(t.igstPaise)]);
    else {
      const at = only === undefined ? '' : ` @ ${halfRate(only)}`;
      rows.push([`CGST${at}`, formatPaise(t.cgstPaise)], [`SGST${at}`, formatPaise(t.sgstPaise)]);
    }
    rows.push(['Total tax', formatPaise(t.taxPaise)]);
  }
  rows.push([doc.kind === 'CREDIT_NOTE' ? 'Total credited (₹)' : 'Total (₹)', formatPaise(t.grossPaise)]);
  return rows;
}

/** The coupon, named once under the lines that show its discount, and what the discount came to in all. */
function discountNote(doc: AnyDocument): string | null {
  if (!hasDiscount(doc)) return null;
  const total = doc.lines.reduce((sum, l) => sum + (l.discountPaise ?? 0), 0);
  const coupon = doc.couponCode ? ` (coupon ${doc.couponCode})` : '';
  return `Discount${coupon}: ₹${formatPaise(total)} in all, taken off each line’s value${charged(doc) ? ' before tax' : ''}.`;
}

/** Totals, amount in words, the declarations, and the signatory over "Authorised signatory". */
function drawClosing(pdf: Doc, doc: AnyDocument, y: number, options: RenderOptions) {
  let ty = y + 8;
  const rows = totalRows(doc);
  for (const [i, [k, v]] of rows.entries()) {
    const last = i === rows.length - 1;
    pdf.font(last ? 'bold' : 'regular').fontSize(last ? 10 : 8.5).fillColor('#222');
    pdf.text(k, MARGIN + WIDTH - 230, ty, { width: 130, align: 'left' });
    pdf.text(v, MARGIN + WIDTH - 100, ty, { width: 100, align: 'right' });
    ty += last ? 16 : 12;
  }
  pdf.font('bold').fontSize(8.5).text('Amount in words', MARGIN, y + 8, { width: 260 });
  pdf.font('regular').text(doc.amountInWords, MARGIN, pdf.y, { width: 260 });
  pdf.moveDown(0.6);
  const discount = discountNote(doc);
  if (discount) pdf.text(discount, { width: 260 });
  pdf.text('Tax is payable on reverse charge: No', { width: 260 });
  if (!charged(doc)) pdf.text(unregistered(doc) ? 'Supplier not registered under GST: no tax is charged.' : 'Goods at 0% GST: no tax is charged.', { width: 260 });
  if (doc.kind === 'CREDIT_NOTE' && charged(doc)) pdf.text('Issued under section 34 of the CGST Act, 2017.', { width: 260 });
  // The price paid is the selling price after the offer, never the MRP (DESIGN.md §8.2).
  pdf.text(charged(doc) ? 'Prices include GST.' : 'Prices are the selling prices charged.', { width: 260 });
  pdf.text(`This is a computer-generated ${doc.kind === 'CREDIT_NOTE' ? 'credit note' : 'invoice'}.`, { width: 260 });
  if (options.signed) pdf.text('It carries a digital signature: open it in a PDF reader to verify.', { width: 260 });

  const x = MARGIN + WIDTH - 220;
  const sy = Math.max(ty, pdf.y) + 20;
  drawText(pdf.font('bold').fontSize(9).fillColor('#222'), BOLD, `For ${doc.seller.legalName}`, x, sy, { width: 220, align: 'right' });
  const line = sy + 40;
  pdf.moveTo(MARGIN + WIDTH - 160, line).lineTo(MARGIN + WIDTH, line).lineWidth(0.6).strokeColor('#555').stroke();
  // Documents issued before the signatory was a setting have none: the line stays blank.
  const { signatoryName, signatoryTitle } = doc.seller as { signatoryName?: string; signatoryTitle?: string };
  let ny = line + 4;
  if (signatoryName) {
    drawText(pdf.font('bold').fontSize(8.5), BOLD, signatoryName, x, ny, { width: 220, align: 'right' });
    ny = pdf.y;
  }
  if (signatoryTitle) {
    drawText(pdf.font('regular').fontSize(8.5), REGULAR, signatoryTitle, x, ny, { width: 220, align: 'right' });
    ny = pdf.y;
  }
  pdf.font('regular').fontSize(8.5).text('Authorised signatory', x, ny, { width: 220, align: 'right' });
}

export interface RenderOptions {
  /** Says on the page that the file carries a digital signature (it is added to the finished PDF). */
  signed: boolean;
  /** Draws the empty signature (dictionary, field and room for the bytes) that pdf-signing.ts fills. */
  signature?: SignatureFields;
  /** When the credit note was voided (its refund failed): the pages say it is void, and since when. */
  voidedAt?: string;
}

/** The document as an A4 PDF: header, parties, the lines (repeating their heading on every page), totals. */
export async function renderDocumentPdf(doc: AnyDocument, options: RenderOptions = { signed: false }): Promise<Buffer> {
  const issued = new Date(doc.issuedAt);
  const voided = doc.kind === 'CREDIT_NOTE' && options.voidedAt ? ' (VOID)' : '';
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${documentName(doc)} ${doc.number}${voided}`, Author: doc.seller.legalName, CreationDate: issued, ModDate: issued },
  });
  pdf.registerFont('regular', FONT);
  pdf.registerFont('bold', FONT_BOLD);
  registerScriptFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const table = fitTable(pdf, doc, columns(doc, charged(doc)), WIDTH);
  const heading = table.columns.map((c) => c.title);
  let y = drawHeader(pdf, doc);
  if (doc.kind === 'CREDIT_NOTE' && options.voidedAt) {
    y = drawVoidNotice(pdf, voidNotice(dateOf(options.voidedAt), doc.invoiceNumber), { x: MARGIN, y, width: WIDTH });
  }
  y = drawParties(pdf, doc, y);
  y = drawRow(pdf, table, heading, MARGIN, y, true, '#f6ecd4');
  const bottom = PAGE_H - MARGIN - 30;
  for (const [i, line] of doc.lines.entries()) {
    pdf.font('regular').fontSize(8);
    if (y + 30 > bottom) {
      pdf.addPage();
      pdf.font('bold').fontSize(9).fillColor(BROWN).text(`${documentName(doc)} ${doc.number}${voided} (continued)`, MARGIN, MARGIN);
      y = drawRow(pdf, table, heading, MARGIN, MARGIN + 18, true, '#f6ecd4');
    }
    y = drawRow(pdf, table, table.columns.map((c) => c.value(line, i)), MARGIN, y, false);
  }

  // Totals, amount in words, declarations and the signature block are kept together on one page.
  if (y + 220 > bottom) {
    pdf.addPage();
    y = MARGIN;
  }
  drawClosing(pdf, doc, y, options);

  const range = pdf.bufferedPageRange();
  for (let p = 0; p < range.count; p += 1) {
    pdf.switchToPage(range.start + p);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    if (voided) drawVoidStamp(pdf, { width: PAGE_W, height: PAGE_H });
    const footer = `${documentName(doc)} ${doc.number}${voided} · Page ${p + 1} of ${range.count} · Grievances: ${doc.seller.grievanceName}, ${doc.seller.grievanceEmail}`;
    drawText(pdf.font('regular').fontSize(7.5).fillColor('#777'), REGULAR, footer, MARGIN, PAGE_H - MARGIN - 8, { width: WIDTH, align: 'center', lineBreak: false });
  }
  if (options.signature) {
    pdf.switchToPage(range.start);
    addSignaturePlaceholder(pdf, options.signature, pdf.page);
  }
  pdf.end();
  return done;
}
