import { describe, expect, it } from 'vitest';
import { businessSchema } from '../schemas/business';
import { KARNATAKA_BUSINESS } from '../test-business';
import { GST_RATES, splitLineTax, sumSplits, type TaxSplit } from './gst-tax';
import { buildCreditNoteDocument, buildInvoiceDocument, type InvoiceDocument, type InvoiceLine, type InvoiceSource } from './invoice-document';

const business = businessSchema.parse(KARNATAKA_BUSINESS);
const unregistered = { ...business, gstin: '' };
const buyer = { name: 'Priya Nair', address: 'Flat 3B, Lakeview Apartments', district: 'Bangalore', state: 'Karnataka', pincode: '560034', mobilenumber: '9876501234', email: 'p@n.in' };
const chennai = { ...buyer, district: 'Chennai', state: 'Tamil Nadu', pincode: '600004' };
type Line = InvoiceSource['lines'][number];
const jar = (name: string, sizeMl: number, unitPrice: number, itemQty: number, gstRate = 5, hsn = '0405'): Line => ({ name, sizeMl, unitPrice, itemQty, hsn, gstRate });

function invoiceOf(lines: Line[], charges: NonNullable<InvoiceSource['charges']>, to = buyer, seller = business): InvoiceDocument {
  const totalAmount = lines.reduce((s, l) => s + l.unitPrice * l.itemQty, 0) + charges.deliveryFee + charges.codFee - charges.discount;
  const source: InvoiceSource = { orderid: 'order_1', orderDate: '2026-11-28T10:00:00.000+05:30', totalAmount, charges, buyer: to, lines };
  return buildInvoiceDocument(source, seller, 'GS/26-27/000002', '2026-11-28T11:00:00.000+05:30');
}

const figures = (s: TaxSplit & { grossPaise?: number }) => ({ taxable: s.taxablePaise, cgst: s.cgstPaise, sgst: s.sgstPaise, igst: s.igstPaise, gross: s.grossPaise ?? 0 });

/** Sums of lines by HSN and rate: what GSTR-1's HSN table and its rate-wise items are made of. */
function byHsnAndRate(lines: readonly (TaxSplit & { hsn: string; rate: number; grossPaise: number })[]) {
  const sums = new Map<string, ReturnType<typeof figures>>();
  for (const l of lines) {
    const key = `${l.hsn} ${l.rate}`;
    const s = sums.get(key) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0, gross: 0 };
    const f = figures(l);
    sums.set(key, { taxable: s.taxable + f.taxable, cgst: s.cgst + f.cgst, sgst: s.sgst + f.sgst, igst: s.igst + f.igst, gross: s.gross + f.gross });
  }
  return sums;
}

/**
 * The tax as the shop computed it before discounts were shown per line (decision 037): each line of goods carved at
 * its rate, and the discount spread over the goods' HSN and rate groups by value as one reduction per group, mirrored
 * from a charge of the same size. The figures now printed per line must add up to exactly these.
 */
function reductionLines(goods: readonly { hsn: string; rate: number; grossPaise: number }[], discountPaise: number, interState: boolean) {
  const groups = new Map<string, { hsn: string; rate: number; grossPaise: number }>();
  for (const l of goods) {
    const g = groups.get(`${l.hsn}|${l.rate}`) ?? { hsn: l.hsn, rate: l.rate, grossPaise: 0 };
    g.grossPaise += l.grossPaise;
    groups.set(`${l.hsn}|${l.rate}`, g);
  }
  const list = [...groups.values()];
  const base = list.reduce((s, g) => s + g.grossPaise, 0);
  // Largest remainders take the odd paise, ties to the earlier group.
  const shares = list.map((g) => Math.floor((discountPaise * g.grossPaise) / base));
  let left = discountPaise - shares.reduce((a, b) => a + b, 0);
  for (const { i } of list.map((g, i) => ({ i, r: (discountPaise * g.grossPaise) % base })).sort((a, b) => b.r - a.r)) {
    if (left-- <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
  }
  return list.map((g, i) => {
    const s = splitLineTax({ grossPaise: shares[i] ?? 0, rate: g.rate }, interState);
    return { hsn: g.hsn, rate: g.rate, grossPaise: -(shares[i] ?? 0), taxablePaise: -s.taxablePaise, cgstPaise: -s.cgstPaise, sgstPaise: -s.sgstPaise, igstPaise: -s.igstPaise, taxPaise: -s.taxPaise };
  });
}

/** The goods and fee lines of a document with their discount put back, as the lines were computed before it. */
function undiscounted(doc: InvoiceDocument | ReturnType<typeof buildCreditNoteDocument>) {
  return doc.lines.map((l) => {
    const grossPaise = l.grossPaise + (l.discountPaise ?? 0);
    return { ...l, grossPaise, ...splitLineTax({ grossPaise, rate: l.rate }, doc.interState) };
  });
}

function expectEveryLineAddsUp(lines: readonly InvoiceLine[]) {
  for (const l of lines) {
    expect(l.grossPaise, l.description).toBeGreaterThanOrEqual(0);
    expect(l.taxablePaise + l.taxPaise, l.description).toBe(l.grossPaise);
    expect(l.cgstPaise, l.description).toBe(l.sgstPaise);
    expect(l.cgstPaise + l.sgstPaise + l.igstPaise, l.description).toBe(l.taxPaise);
    expect(l.taxablePaise, l.description).toBeGreaterThanOrEqual(0);
    expect(l.taxPaise, l.description).toBeGreaterThanOrEqual(0);
    if (l.unit === 'NOS') expect(l.quantity * l.unitPricePaise, l.description).toBe(l.grossPaise + (l.discountPaise ?? 0));
  }
}

describe('a coupon discount on a tax invoice (CGST Act s. 15(3)(a))', () => {
  // The tester's order: 2 × 500 ml at 1,019 and 2 × 250 ml at 552 in Karnataka, ₹200 off with DIWALI10.
  const diwali = invoiceOf([jar('A2 Desi Cow Ghee', 500, 1019, 2), jar('A2 Desi Cow Ghee', 250, 552, 2)], { deliveryFee: 0, codFee: 0, discount: 200, couponCode: 'DIWALI10' });

  it('is taken off each line of goods, not added as a negative line with an HSN and a quantity', () => {
    expect(diwali.lines.map((l) => l.description)).toEqual(['A2 Desi Cow Ghee (500 ml)', 'A2 Desi Cow Ghee (250 ml)']);
    expect(diwali.lines.every((l) => l.grossPaise > 0 && l.unit === 'NOS')).toBe(true);
    // ₹200 spread by value over 2,038 and 1,104: 129.73 and 70.27.
    expect(diwali.lines.map((l) => l.discountPaise)).toEqual([12973, 7027]);
    expect(diwali.couponCode).toBe('DIWALI10');
    expectEveryLineAddsUp(diwali.lines);
  });

  it('keeps the invoice’s figures to the paisa: its totals, its words, and its sums by HSN and rate', () => {
    // As issued before the discount moved onto the lines: 2,801.92 taxable, 70.04 + 70.04 tax, 2,942.00 in all.
    expect(figures(diwali.totals)).toEqual({ taxable: 280192, cgst: 7004, sgst: 7004, igst: 0, gross: 294200 });
    expect(diwali.amountInWords).toBe('Rupees Two Thousand Nine Hundred Forty-Two Only');
    // Each line is carved at its own rate from what is left of it, to within the paisa the halves may move.
    expect(diwali.lines.map((l) => [l.grossPaise, l.taxablePaise, l.cgstPaise])).toEqual([
      [190827, 181741, 4543],
      [103373, 98451, 2461],
    ]);
  });

  it('leaves the fees as they were (decision 037) and takes a discount off goods at every rate, 0% too', () => {
    const doc = invoiceOf([jar('A2 Desi Cow Ghee', 500, 1019, 2), jar('Buffalo Ghee', 1000, 999, 1), jar('Paneer', 200, 120, 2, 0, '04061000')], {
      deliveryFee: 60,
      codFee: 40,
      discount: 304,
      couponCode: 'INVOICE10',
    });
    expect(doc.lines.map((l) => [l.description, l.unit, l.discountPaise ?? null])).toEqual([
      ['A2 Desi Cow Ghee (500 ml)', 'NOS', expect.any(Number)],
      ['Buffalo Ghee (1000 ml)', 'NOS', expect.any(Number)],
      ['Paneer (200 ml)', 'NOS', 2226],
      ['Delivery fee', 'OTH', null],
      ['Cash on delivery fee', 'OTH', null],
    ]);
    expect(doc.lines.reduce((s, l) => s + (l.discountPaise ?? 0), 0)).toBe(30400);
    expect(figures(doc.totals)).toEqual({ taxable: 293706, cgst: 6797, sgst: 6797, igst: 0, gross: 307300 });
    expectEveryLineAddsUp(doc.lines);
  });

  it('adds up to the same tax as the reduction lines did, by HSN and rate, on any cart', () => {
    let seed = 2026;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    let worst = { inter: 0, intra: 0 };
    for (let cart = 0; cart < 1500; cart += 1) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) =>
        jar(`Jar ${i}`, pick([200, 250, 500, 1000]), 1 + Math.floor(random() * 3000), 1 + Math.floor(random() * 10), pick(GST_RATES), pick(['0405', '04059020'])),
      );
      const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.itemQty, 0);
      const charges = { deliveryFee: pick([0, 0, 49, 60]), codFee: pick([0, 30]), discount: 1 + Math.floor(random() * (subtotal - 1)), couponCode: pick(['GHEE10', null]) };
      const to = random() < 0.5 ? buyer : chennai;
      const seller = random() < 0.9 ? business : unregistered;
      const doc = invoiceOf(lines, charges, to, seller);

      expect(doc.lines.some((l) => l.grossPaise < 0)).toBe(false);
      expect(doc.lines.reduce((s, l) => s + (l.discountPaise ?? 0), 0)).toBe(charges.discount * 100);
      expectEveryLineAddsUp(doc.lines);
      const before = undiscounted(doc);
      const reference = [...before, ...reductionLines(before.filter((l) => l.unit === 'NOS'), charges.discount * 100, doc.interState)];
      expect(byHsnAndRate(doc.lines)).toEqual(byHsnAndRate(reference));
      expect(figures(doc.totals)).toEqual(figures({ ...sumSplits(reference), grossPaise: reference.reduce((s, l) => s + l.grossPaise, 0) }));
      // Each line's tax is its own value's, carved at its rate: within a paisa of the exact figure across state
      // lines, and within about a paisa in each of CGST and SGST, which move together in whole paise.
      for (const l of doc.lines) {
        const exact = (l.grossPaise * l.rate) / (100 + l.rate);
        const off = Math.abs(l.taxPaise - exact);
        if (doc.interState) worst = { ...worst, inter: Math.max(worst.inter, off) };
        else worst = { ...worst, intra: Math.max(worst.intra, off) };
      }
    }
    expect(worst.inter).toBeLessThanOrEqual(1);
    expect(worst.intra / 2).toBeLessThanOrEqual(1.05);
  });

  it('leaves goods that a coupon took whole at nothing, with no tax either way', () => {
    const doc = invoiceOf([jar('A2 Desi Cow Ghee', 500, 1019, 1), jar('Buffalo Ghee', 1000, 999, 2)], { deliveryFee: 49, codFee: 0, discount: 3017, couponCode: 'FREE' });
    expect(doc.lines.slice(0, 2).map((l) => [l.grossPaise, l.taxablePaise, l.taxPaise, l.discountPaise])).toEqual([
      [0, 0, 0, 101900],
      [0, 0, 0, 199800],
    ]);
    expect(doc.totals.grossPaise).toBe(4900);
    expectEveryLineAddsUp(doc.lines);
  });
});

describe('credit notes against an invoice with a coupon', () => {
  const invoice = invoiceOf([jar('A2 Desi Cow Ghee', 500, 1019, 2), jar('A2 Desi Cow Ghee', 250, 552, 2)], { deliveryFee: 0, codFee: 0, discount: 200, couponCode: 'DIWALI10' });
  const note = (paise: number, whole = false, goods?: { description: string; quantity: number }[]) =>
    buildCreditNoteDocument(invoice, paise, 'Returned', 'CN/26-27/000005', '2026-11-28T12:00:00.000+05:30', whole, goods);

  it('a returned order’s note reverses the invoice’s lines, their discounts with them', () => {
    const whole = note(invoice.totals.grossPaise, true);
    expect(whole.basis).toBe('SUPPLY');
    expect(whole.lines).toEqual(invoice.lines);
    expect(figures(whole.totals)).toEqual(figures(invoice.totals));
  });

  it('a bottle refunded at what was paid for it: the coupon’s share on its line, the same tax as before', () => {
    // 1,019 less its share of the coupon, to the rupee: 930.
    const bottle = note(93000, false, [{ description: 'A2 Desi Cow Ghee (500 ml)', quantity: 1 }]);
    expect(bottle.basis).toBe('GOODS');
    expect(bottle.lines).toEqual([expect.objectContaining({ description: 'A2 Desi Cow Ghee (500 ml)', quantity: 1, unit: 'NOS', unitPricePaise: 101900, discountPaise: 8900, grossPaise: 93000 })]);
    expect(figures(bottle.totals)).toEqual({ taxable: 88572, cgst: 2214, sgst: 2214, igst: 0, gross: 93000 });
    expectEveryLineAddsUp(bottle.lines);
  });

  it('a refund of value spreads over what each HSN and rate was sold for after the discount, as before', () => {
    const value = note(50000);
    expect(value.basis).toBe('VALUE');
    expect(figures(value.totals)).toEqual({ taxable: 47620, cgst: 1190, sgst: 1190, igst: 0, gross: 50000 });
    expect(value.lines.every((l) => l.discountPaise === undefined)).toBe(true);
  });
});
