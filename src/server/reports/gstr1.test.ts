import { describe, expect, it } from 'vitest';
import { buildCreditNoteDocument, buildInvoiceDocument, type CreditNoteDocument, type InvoiceDocument, type InvoiceSource } from '../../domain/india/invoice-document';
import { GST_RATES } from '../../domain/india/gst-tax';
import { businessSchema } from '../../domain/schemas/business';
import { KARNATAKA_BUSINESS } from '../business/test-business';
import { buildGstr1, portalDate, type StoredCreditNote } from './gstr1';
import { gstr1Schema } from './gstr1-schema';
import { docSums, minus, paise, plus, reported, sumItems } from './test-reports';

const business = businessSchema.parse(KARNATAKA_BUSINESS);
const unregistered = businessSchema.parse({ ...KARNATAKA_BUSINESS, gstin: '' });
let serial = 0;

function invoice(state: string, lines: InvoiceSource['lines'], extra: Partial<InvoiceSource> = {}, seller = business): InvoiceDocument {
  serial += 1;
  const total = lines.reduce((s, l) => s + l.unitPrice * l.itemQty, 0) + (extra.charges ? extra.charges.deliveryFee + extra.charges.codFee - extra.charges.discount : 0);
  const source: InvoiceSource = {
    orderid: `order_${serial}`,
    orderDate: '2026-11-02T10:00:00.000+05:30',
    totalAmount: total,
    buyer: { name: 'Asha Verma', address: '12 Temple Street', district: 'Somewhere', state, pincode: '', mobilenumber: '9876543210', email: 'a@b.in' },
    lines,
    ...extra,
  };
  return buildInvoiceDocument(source, seller, `GS/26-27/${String(serial).padStart(6, '0')}`, `2026-11-${String(serial).padStart(2, '0')}T11:00:00.000+05:30`);
}

const ghee = (unitPrice: number, itemQty: number, gstRate = 5) => ({ name: 'A2 Ghee', sizeMl: 500, unitPrice, itemQty, hsn: '04059020', gstRate });
let noteSerial = 0;
function note(of: InvoiceDocument, paise: number, whole = false): StoredCreditNote {
  noteSerial += 1;
  const doc = buildCreditNoteDocument(of, paise, 'Returned', `CN/26-27/${String(noteSerial).padStart(6, '0')}`, '2026-11-28T09:00:00.000+05:30', whole);
  return { doc, invoiceValuePaise: of.totals.grossPaise };
}

describe('GSTR-1 from stored documents', () => {
  const b2cIntra = invoice('Karnataka', [ghee(1199, 2), ghee(649, 1, 12)], { charges: { deliveryFee: 49, codFee: 30, discount: 100, couponCode: 'DIWALI' } });
  const b2cInter = invoice('Maharashtra', [ghee(1199, 1)], { charges: { deliveryFee: 79, codFee: 0, discount: 0, couponCode: null } });
  const b2clBig = invoice('Delhi', [ghee(60_000, 2)]);
  const b2csBigIntra = invoice('Karnataka', [ghee(60_000, 2)]);
  const b2csExactly = invoice('Tamil Nadu', [ghee(50_000, 2)]);
  const b2b = invoice('Maharashtra', [ghee(1199, 5)], { buyer: { name: 'Ravi', address: 'x', district: 'y', state: 'Maharashtra', pincode: '', mobilenumber: '9876543210', email: 'r@b.in', gstin: '27AAPFU0939F1ZV', businessName: 'Patil Sweets' } });
  const b2bIntra = invoice('Karnataka', [ghee(1199, 3)], { buyer: { name: 'Asha', address: 'x', district: 'y', state: 'Karnataka', pincode: '', mobilenumber: '9876543210', email: 'r@b.in', gstin: '29AAKFV4821M1ZJ', businessName: 'Nandi' } });
  const billOfSupply = invoice('Karnataka', [ghee(1199, 1)], {}, unregistered);
  const invoices = [b2cIntra, b2cInter, b2clBig, b2csBigIntra, b2csExactly, b2b, b2bIntra, billOfSupply];
  const fullB2b = note(b2b, b2b.totals.grossPaise, true);
  const partB2cs = note(b2cIntra, 50_000);
  const partB2cl = note(b2clBig, 1_000_001);
  const notes = [fullB2b, partB2cs, partB2cl];
  const g = buildGstr1({ gstin: business.gstin, fp: '112026', invoices, creditNotes: notes });

  it('passes the schema written down for the offline tool', () => {
    expect(gstr1Schema.safeParse(g).error?.issues ?? []).toEqual([]);
    expect(g).toMatchObject({ gstin: '29AAGCB7383J1Z4', fp: '112026' });
  });

  it('files each invoice where the portal wants it', () => {
    expect(g.b2b.map((c) => [c.ctin, c.inv.map((i) => i.inum)])).toEqual([
      ['27AAPFU0939F1ZV', [b2b.number]],
      ['29AAKFV4821M1ZJ', [b2bIntra.number]],
    ]);
    expect(g.b2b[0]?.inv[0]).toMatchObject({ idt: portalDate(b2b.issuedAt), pos: '27', rchrg: 'N', inv_typ: 'R', val: b2b.totals.grossPaise / 100 });
    // Only inter-state B2C above Rs. 1,00,000 goes one by one; an intra-state one and one of exactly 1,00,000 are summed.
    expect(g.b2cl).toEqual([{ pos: '07', inv: [expect.objectContaining({ inum: b2clBig.number, val: 120_000 })] }]);
    expect(g.b2cs.map((r) => `${r.sply_ty} ${r.pos} ${r.rt}`)).toEqual(['INTER 27 5', 'INTRA 29 5', 'INTRA 29 12', 'INTER 33 5']);
    expect(g.cdnr).toEqual([{ ctin: '27AAPFU0939F1ZV', nt: [expect.objectContaining({ ntty: 'C', nt_num: fullB2b.doc.number, nt_dt: '28-11-2026', pos: '27', val: b2b.totals.grossPaise / 100 })] }]);
    expect(g.cdnur).toEqual([expect.objectContaining({ typ: 'B2CL', nt_num: partB2cl.doc.number, pos: '07', val: 10_000.01 })]);
    // Bills of supply are not part of the return.
    expect(JSON.stringify(g)).not.toContain(billOfSupply.number);
  });

  it('sums every section to the documents to the paisa', () => {
    const taxInvoices = invoices.filter((d) => d !== billOfSupply);
    const { sales, credits, hsn } = reported(g);
    const b2csNote = docSums([partB2cs.doc]);
    expect(plus(sales, b2csNote)).toEqual(docSums(taxInvoices));
    expect(credits).toEqual(docSums([fullB2b.doc, partB2cl.doc]));
    expect(hsn).toEqual(minus(docSums(taxInvoices), docSums(notes.map((n) => n.doc))));
    for (const c of g.b2b) for (const i of c.inv) {
      const doc = taxInvoices.find((d) => d.number === i.inum);
      expect(sumItems(i.itms)).toEqual(docSums(doc ? [doc] : []));
    }
    // The coupon and fees ride on the goods' rates: intra-state CGST and SGST stay equal halves.
    for (const r of g.b2cs) if (r.sply_ty === 'INTRA') expect(r.camt).toBe(r.samt);
  });

  it('nets B2CS credit notes into their row and counts quantities of goods only', () => {
    const row5 = g.b2cs.find((r) => r.sply_ty === 'INTRA' && r.rt === 5);
    const intra5 = (d: InvoiceDocument | CreditNoteDocument) => d.lines.filter((l) => l.rate === 5).reduce((s, l) => s + l.taxablePaise, 0);
    expect(paise(row5?.txval)).toBe(intra5(b2cIntra) + intra5(b2csBigIntra) - intra5(partB2cs.doc));
    const b2bHsn = g.hsn.hsn_b2b;
    // Five jars to one buyer credited back whole, three to the other: three remain.
    expect(b2bHsn.map((r) => [r.hsn_sc, r.rt, r.qty])).toEqual([['04059020', 5, 3]]);
    expect(g.hsn.hsn_b2c.find((r) => r.rt === 5)?.qty).toBe(2 + 1 + 2 + 2 + 2);
  });

  it('lists each document series issued in the period', () => {
    expect(g.doc_issue.doc_det).toEqual([
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: b2cIntra.number, to: b2bIntra.number, totnum: 7, cancel: 0, net_issue: 7 }] },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/26-27/000001', to: 'CN/26-27/000003', totnum: 3, cancel: 0, net_issue: 3 }] },
    ]);
  });

  it('passes the schema at every rate a product may carry, the 40% slab included', () => {
    const docs = GST_RATES.map((rate) => invoice('Karnataka', [ghee(1199, 1, rate)]));
    expect(gstr1Schema.safeParse(buildGstr1({ gstin: business.gstin, fp: '112026', invoices: docs, creditNotes: [] })).error?.issues ?? []).toEqual([]);
  });

  it('files nil-rated goods in table 8 and keeps them out of the taxable tables', () => {
    const paneer = (unitPrice: number, itemQty: number) => ({ name: 'Paneer', sizeMl: 200, unitPrice, itemQty, hsn: '04061000', gstRate: 0 });
    const mixed = invoice('Karnataka', [ghee(1199, 1), paneer(120, 2)], { charges: { deliveryFee: 49, codFee: 0, discount: 0, couponCode: null } });
    const nilToBusiness = invoice('Maharashtra', [paneer(120, 10)], { buyer: { name: 'Ravi', address: 'x', district: 'y', state: 'Maharashtra', pincode: '', mobilenumber: '9876543210', email: 'r@b.in', gstin: '27AAPFU0939F1ZV', businessName: 'Patil Sweets' } });
    const nilInter = invoice('Kerala', [paneer(120, 3)]);
    const returned = note(nilInter, nilInter.totals.grossPaise, true);
    const nilOf = (d: InvoiceDocument | CreditNoteDocument) => d.lines.filter((l) => l.rate === 0).reduce((sum, l) => sum + l.taxablePaise, 0);
    const r = buildGstr1({ gstin: business.gstin, fp: '112026', invoices: [mixed, nilToBusiness, nilInter], creditNotes: [returned] });

    expect(gstr1Schema.safeParse(r).error?.issues ?? []).toEqual([]);
    // The invoice of paneer alone is in no taxable table; the mixed one files only its ghee (and the fee on it) in B2CS.
    expect(r.b2b).toEqual([]);
    expect(r.cdnur).toEqual([]);
    expect(r.b2cs.map((row) => `${row.sply_ty} ${row.pos} ${row.rt}`)).toEqual(['INTRA 29 5']);
    expect(nilOf(mixed)).toBeGreaterThan(0);
    expect(paise(r.b2cs[0]?.txval)).toBe(mixed.totals.taxablePaise - nilOf(mixed));
    // Kerala's nil-rated sale was credited back whole, so that kind nets to nothing and is left out.
    expect(r.nil?.inv).toEqual([
      { sply_ty: 'INTRB2B', nil_amt: nilOf(nilToBusiness) / 100, expt_amt: 0, ngsup_amt: 0 },
      { sply_ty: 'INTRAB2C', nil_amt: nilOf(mixed) / 100, expt_amt: 0, ngsup_amt: 0 },
    ]);
    // Every rupee of the documents is in one table or the other, and the HSN summary keeps the 0% goods.
    const { sales } = reported(r);
    const nilTotal = (r.nil?.inv ?? []).reduce((sum, row) => sum + paise(row.nil_amt), 0);
    expect(sales.txval + nilTotal).toBe(docSums([mixed, nilToBusiness, nilInter]).txval - docSums([returned.doc]).txval);
    expect(r.hsn.hsn_b2b.map((row) => [row.hsn_sc, row.rt, row.qty])).toEqual([['04061000', 0, 10]]);
    expect(r.hsn.hsn_b2c.map((row) => [row.hsn_sc, row.rt, row.qty])).toEqual([['04059020', 5, 1], ['04061000', 0, 2]]);
    // Its documents are still counted as issued.
    expect(r.doc_issue.doc_det.map((d) => d.docs[0]?.totnum)).toEqual([3, 1]);
  });

  it('writes no table 8 for a month without nil-rated goods', () => {
    expect(g).not.toHaveProperty('nil');
  });

  it('an empty month is a valid, empty return', () => {
    const empty = buildGstr1({ gstin: business.gstin, fp: '122026', invoices: [], creditNotes: [] });
    expect(gstr1Schema.parse(empty)).toMatchObject({ b2b: [], b2cs: [], hsn: { hsn_b2b: [], hsn_b2c: [] }, doc_issue: { doc_det: [] } });
  });
});
