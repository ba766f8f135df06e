import { createRequire } from 'node:module';
import { loadPdfKit } from '../invoicing/pdf-library';
import type { CourierAddress } from './courier';

// Noto Sans has the rupee sign and Indian names' letters; it ships in an npm package.
const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');

// A 4 × 6 inch label, the size thermal label printers and couriers use.
const W = 288;
const H = 432;
const M = 14;

export interface LabelInput {
  courier: string;
  awb: string;
  orderid: string;
  orderDate: string;
  from: CourierAddress;
  to: CourierAddress;
  /** Rupees the courier collects; 0 for a prepaid order. */
  codAmount: number;
  weightGrams: number;
  items: string[];
}

/** The shipping label the shop draws itself (sandbox and manual shipments): who from, who to, AWB, what to collect. */
export async function drawLabelPdf(label: LabelInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: [W, H], margin: M, info: { Title: `Shipping label ${label.awb}` } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
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

  doc.font('body').fontSize(8).text('AWB', M, 42);
  doc.font('bold').fontSize(22).text(label.awb, M, 52, { width, characterSpacing: 1 });
  doc.moveTo(M, 84).lineTo(W - M, 84).stroke();

  doc.font('body').fontSize(8).text('DELIVER TO', M, 90);
  doc.font('bold').fontSize(12).text(label.to.name, M, 100, { width });
  doc.font('body').fontSize(10).text(`${label.to.address}\n${label.to.city}, ${label.to.state}`, { width });
  doc.font('bold').fontSize(16).text(`PIN ${label.to.pincode}`, { width });
  doc.font('body').fontSize(10).text(`Phone ${label.to.phone}`, { width });

  const collect = label.codAmount > 0 ? `Collect ₹${label.codAmount.toLocaleString('en-IN')} in cash` : 'Prepaid: collect nothing';
  doc.font('bold').fontSize(12).text(collect, M, 236, { width });
  doc.font('body').fontSize(9).text(`Order ${label.orderid} · ${label.orderDate.slice(0, 10)} · ${(label.weightGrams / 1000).toFixed(2)} kg`, { width });
  doc.font('body').fontSize(8).text(label.items.join(', '), { width, height: 40, ellipsis: true });
  doc.moveTo(M, 330).lineTo(W - M, 330).stroke();

  doc.font('body').fontSize(8).text('IF UNDELIVERED, RETURN TO', M, 336);
  doc.font('bold').fontSize(10).text(label.from.name, M, 346, { width });
  doc.font('body').fontSize(9).text(`${label.from.address}, ${label.from.city}, ${label.from.state} ${label.from.pincode}\nPhone ${label.from.phone}`, { width });
  doc.end();
  return done;
}
