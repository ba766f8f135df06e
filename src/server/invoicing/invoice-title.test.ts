import { describe, expect, it } from 'vitest';
import { buildInvoiceDocument, type InvoiceSource } from '../../domain/india/invoice-document';
import { businessSchema } from '../../domain/schemas/business';
import { pdfText } from '../../../tests/support/pdf-text';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { renderDocumentPdf } from './invoice-pdf';

const business = businessSchema.parse(KARNATAKA_BUSINESS);
const ghee = { name: 'A2 Ghee', sizeMl: 500, unitPrice: 1199, itemQty: 1, hsn: '04059020', gstRate: 5 };
const paneer = { name: 'Paneer', sizeMl: 200, unitPrice: 120, itemQty: 2, hsn: '04061000', gstRate: 0 };
const buyer = { name: 'Asha Verma', address: '12 Temple Street', district: 'Bangalore', state: 'Karnataka', pincode: '560001', mobilenumber: '9876543210', email: 'a@b.in' };

async function printed(lines: InvoiceSource['lines'], extra: Partial<InvoiceSource['buyer']> = {}): Promise<string> {
  const total = lines.reduce((sum, l) => sum + l.unitPrice * l.itemQty, 0);
  const source: InvoiceSource = { orderid: 'order_1', orderDate: '2026-11-02T10:00:00.000+05:30', totalAmount: total, buyer: { ...buyer, ...extra }, lines };
  const doc = buildInvoiceDocument(source, business, 'GS/26-27/000001', '2026-11-02T11:00:00.000+05:30');
  return pdfText(await renderDocumentPdf(doc));
}

// CGST rules 46, 46A and 49: the printed name follows what the document bills.
describe('the name printed on an invoice of a registered shop', () => {
  it('is a tax invoice for taxed goods', async () => {
    expect(await printed([ghee])).toMatch(/^\s*.*TAX INVOICE/m);
  });

  it('is a bill of supply for goods at 0% alone', async () => {
    const text = await printed([paneer]);
    expect(text).toContain('BILL OF SUPPLY');
    expect(text).not.toContain('TAX INVOICE');
    // It names no tax: no tax columns or totals, and it does not say its prices include one.
    expect(text).toContain('Goods at 0% GST: no tax is charged.');
    expect(text).not.toMatch(/CGST|SGST|Prices include GST|not registered/);
  });

  it('is an invoice-cum-bill of supply for both kinds to a buyer without a GSTIN, a tax invoice to one with', async () => {
    const text = await printed([ghee, paneer]);
    expect(text.replace(/\s+/g, ' ')).toContain('INVOICE-CUM-BILL OF SUPPLY');
    const business = await printed([ghee, paneer], { gstin: '29AAKFV4821M1ZJ', businessName: 'Nandi Sweets' });
    expect(business).toContain('TAX INVOICE');
    expect(business).not.toContain('BILL OF SUPPLY');
  });
});
