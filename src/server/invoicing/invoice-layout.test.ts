import { describe, expect, it } from 'vitest';
import { formatPaise } from '../../domain/india/gst-tax';
import { buildCreditNoteDocument, buildInvoiceDocument, type CreditNoteDocument, type InvoiceDocument, type InvoiceSource } from '../../domain/india/invoice-document';
import { businessSchema } from '../../domain/schemas/business';
import { pdfText, pdfWords } from '../../../tests/support/pdf-text';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { renderDocumentPdf } from './invoice-pdf';

// The printed documents as a tax officer reads them: a discount on the lines it was given on, figures in aligned
// columns, and nothing a reader could misread: an id or a size broken across lines, a word drawn over another.
const business = businessSchema.parse(KARNATAKA_BUSINESS);
const priya = { name: 'Priya Nair', address: 'Flat 3B, Lakeview Apartments, 5th Block, Koramangala', district: 'Bangalore', state: 'Karnataka', pincode: '560034', mobilenumber: '9876501234', email: 'priya.nair@example.in' };
const anil = { ...priya, name: 'Anil Kumar', address: '22, Luz Church Road, Mylapore', district: 'Chennai', state: 'Tamil Nadu', pincode: '600004' };
const trader = { ...priya, name: 'Rahul Deshpande', state: 'Maharashtra', district: 'Mumbai', pincode: '400001', gstin: '27AAPFU0939F1ZV', businessName: 'Deshpande Traders' };
type Line = InvoiceSource['lines'][number];
const jar = (name: string, sizeMl: number, unitPrice: number, itemQty: number, gstRate = 5): Line => ({ name, sizeMl, unitPrice, itemQty, hsn: '0405', gstRate });
const noCharges = { deliveryFee: 0, codFee: 0, discount: 0, couponCode: null };

// An order id of the widest letters, and the one the tester saw broken ("order_8h4CDshK" / "Lz5ONP").
const WIDE_ID = 'order_WWWWWWWWWWWWWW';
const TESTERS_ID = 'order_8h4CDshKLz5ONP';

function invoiceOf(lines: Line[], charges: NonNullable<InvoiceSource['charges']> = noCharges, buyer: InvoiceSource['buyer'] = priya, orderid = TESTERS_ID): InvoiceDocument {
  const totalAmount = lines.reduce((s, l) => s + l.unitPrice * l.itemQty, 0) + charges.deliveryFee + charges.codFee - charges.discount;
  const source: InvoiceSource = { orderid, orderNumber: 'GS-1002', orderDate: '2026-11-28T10:00:00.000+05:30', totalAmount, charges, buyer, lines };
  return buildInvoiceDocument(source, business, 'GS/26-27/000002', '2026-11-28T11:00:00.000+05:30');
}

const diwali = () => invoiceOf([jar('A2 Desi Cow Ghee', 500, 1019, 2), jar('A2 Desi Cow Ghee', 250, 552, 2)], { deliveryFee: 0, codFee: 0, discount: 200, couponCode: 'DIWALI10' });

async function printed(doc: InvoiceDocument | CreditNoteDocument) {
  const pdf = await renderDocumentPdf(doc);
  return { pdf, text: pdfText(pdf) };
}

/** The printed row of the line numbered `n` in the table ("1   A2 Desi Cow Ghee …"), its figures on its first line. */
function row(text: string, n: number): string {
  const found = text.split('\n').find((l) => new RegExp(`^\\s*${n}\\s{2,}\\S`).test(l));
  if (!found) throw new Error(`No row ${n} in:\n${text}`);
  return found;
}

/** Words of one printed line never overlap, and every word lies inside the page's margins (40 pt on A4). */
function expectNothingOverlapsOrSpills(words: ReturnType<typeof pdfWords>) {
  for (const w of words) {
    expect(w.xMin, w.text).toBeGreaterThanOrEqual(39);
    expect(w.xMax, w.text).toBeLessThanOrEqual(595.28 - 39);
  }
  const lines = new Map<string, typeof words>();
  for (const w of words) {
    const key = `${w.page} ${Math.round(w.yMin)}`;
    lines.set(key, [...(lines.get(key) ?? []), w]);
  }
  for (const line of lines.values()) {
    const sorted = [...line].sort((a, b) => a.xMin - b.xMin);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i]?.xMin ?? 0, `"${sorted[i - 1]?.text}" and "${sorted[i]?.text}"`).toBeGreaterThanOrEqual((sorted[i - 1]?.xMax ?? 0) - 0.5);
    }
  }
}

describe('a coupon discount on the printed invoice', () => {
  it('shows on each line of goods, with its gross value and the taxable value after it, and no negative line', async () => {
    const doc = diwali();
    const { pdf, text } = await printed(doc);
    expect(text).not.toMatch(/Coupon discount/);
    expect(text).not.toMatch(/\bOTH\b/);
    // No figure on the invoice is negative: the discount is a column of its own, not an item.
    expect(text).not.toMatch(/(^|\s)-[\d,]+\.\d\d/m);
    expect(text).toMatch(/Gross\s[\s\S]*Discount[\s\S]*Taxable/);
    for (const [i, line] of doc.lines.entries()) {
      const figures = [line.unitPricePaise * line.quantity, line.discountPaise ?? 0, line.taxablePaise, line.cgstPaise, line.sgstPaise, line.grossPaise].map(formatPaise);
      // In the columns' order: gross value, discount, taxable value, CGST and SGST (each after its rate), amount.
      expect(row(text, i + 1)).toMatch(new RegExp(figures.map((f) => f.replace(/\./g, '\\.')).join('\\s+(?:2\\.5%\\s+)?')));
    }
    expect(row(text, 1)).toContain('1,019.00');
    expect(row(text, 1)).toContain('2,038.00');
    expect(row(text, 1)).toContain('129.73');
    expect(row(text, 2)).toContain('70.27');
    // The coupon is named once, under the lines; the totals are the invoice's as issued before the change.
    expect(text).toMatch(/DIWALI10/);
    expect(text).toMatch(/Taxable value\s+2,801\.92/);
    expect(text).toMatch(/CGST @ 2\.5%\s+70\.04/);
    expect(text).toMatch(/SGST @ 2\.5%\s+70\.04/);
    expect(text).toMatch(/Total \(₹\)\s+2,942\.00/);
    expect(text).toContain('Rupees Two Thousand Nine Hundred Forty-Two Only');
    expectNothingOverlapsOrSpills(pdfWords(pdf));
  });

  it('keeps the fees as lines of their own beside discounted goods, across state lines (IGST)', async () => {
    const doc = invoiceOf([jar('Buffalo Ghee', 500, 549, 2), jar('Danedar Desi Ghee', 250, 499, 1)], { deliveryFee: 49, codFee: 0, discount: 100, couponCode: 'WELCOME100' }, anil);
    const { pdf, text } = await printed(doc);
    expect(text).toContain('IGST');
    expect(text).not.toMatch(/(^|\s)-[\d,]+\.\d\d/m);
    expect(row(text, 3)).toMatch(/Delivery fee\s+0405\s+1 OTH\s+49\.00\s+49\.00\s+0\.00\s+46\.67\s+5%\s+2\.33\s+49\.00/);
    expect(text).toMatch(/Total \(₹\)\s+1,546\.00/);
    expect(text).toMatch(/IGST @ 5%\s+73\.62/);
    expectNothingOverlapsOrSpills(pdfWords(pdf));
  });

  it('to a business buyer: lakh-sized figures whole and aligned, each in its column', async () => {
    const doc = invoiceOf([jar('Bilona Gir Cow Ghee', 1000, 60000, 2), jar('A2 Desi Cow Ghee', 1000, 1954, 10)], { deliveryFee: 0, codFee: 0, discount: 13954, couponCode: 'BULK10' }, trader);
    const { pdf, text } = await printed(doc);
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(row(text, 1)).toContain('1,20,000.00');
    expect(text).toMatch(/Total \(₹\)\s+1,25,586\.00/);
    const words = pdfWords(pdf);
    expectNothingOverlapsOrSpills(words);
    // Figures of a column end where its heading ends: right-aligned under it.
    const amount = words.find((w) => w.text === 'Amount');
    const total = words.find((w) => w.text === formatPaise(doc.lines[0]?.grossPaise ?? 0));
    expect(Math.abs((amount?.xMax ?? 0) - (total?.xMax ?? 99))).toBeLessThan(1);
  });

  it('without a coupon, has no discount column at all', async () => {
    const { text } = await printed(invoiceOf([jar('Buffalo Ghee', 1000, 999, 1)]));
    expect(text).not.toMatch(/Discount|Gross/);
  });
});

describe('what never breaks across lines', () => {
  it.each([[WIDE_ID], [TESTERS_ID]])('the order id %s, on the invoice and on the credit note', async (orderid) => {
    const invoice = invoiceOf([jar('A2 Desi Cow Ghee', 500, 1019, 2)], noCharges, priya, orderid);
    const note = buildCreditNoteDocument(invoice, 50000, 'Late delivery goodwill', 'CN/26-27/000003', '2026-11-28T12:00:00.000+05:30');
    for (const doc of [invoice, note]) {
      const { pdf, text } = await printed(doc);
      expect(text).toContain(`(${orderid})`);
      expect(text).toContain('GS-1002');
      expectNothingOverlapsOrSpills(pdfWords(pdf));
    }
  });

  it('a size from its unit, however narrow the description, on every kind of document', async () => {
    const lines = [jar('A2 Desi Cow Ghee', 500, 1019, 2), jar('Bilona Gir Cow Ghee Premium Reserve', 1000, 2609, 1), jar('Cultured Cow Ghee', 300, 503, 2)];
    const coupon = invoiceOf(lines, { deliveryFee: 60, codFee: 40, discount: 400, couponCode: 'DIWALI10' });
    const documents = [
      invoiceOf(lines),
      coupon,
      invoiceOf(lines, { deliveryFee: 0, codFee: 0, discount: 400, couponCode: 'DIWALI10' }, anil),
      buildCreditNoteDocument(coupon, coupon.totals.grossPaise, 'Ordered by mistake', 'CN/26-27/000004', '2026-11-28T12:00:00.000+05:30', true),
      buildCreditNoteDocument(coupon, 93000, 'Jar arrived broken', 'CN/26-27/000005', '2026-11-28T12:00:00.000+05:30', false, [{ description: 'A2 Desi Cow Ghee (500 ml)', quantity: 1 }]),
    ];
    for (const doc of documents) {
      const { text } = await printed(doc);
      for (const size of ['(500 ml)', '(1000 ml)', '(300 ml)'].filter((s) => doc.lines.some((l) => l.description.includes(s)))) {
        expect(text, `${doc.number}: ${size}`).toContain(size);
      }
      expect(text, doc.number).not.toMatch(/\(\d+\s*$/m);
      expect(text, doc.number).not.toMatch(/^\s*ml\)/m);
    }
  });
});
