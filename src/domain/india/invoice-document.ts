// The content of a GST tax invoice (CGST rule 46) or bill of supply, and of a credit note against it, built
// once when issued and stored whole; the PDF is drawn from this and nothing else.
import type { Business } from '../schemas/business';
import { businessStateCode } from '../schemas/business';
import { rupeesInWords } from './amount-in-words';
import { stateCodeOf, stateNameOf } from './gst-states';
import { splitLineTax, spreadByValue, sumSplits, type TaxSplit } from './gst-tax';
import { discountGoods } from './invoice-discount';

export interface InvoiceLine extends TaxSplit {
  description: string;
  hsn: string;
  /** 0 with unit '' for a line of value alone (a credit note's refund of value: no goods move). */
  quantity: number;
  unit: string;
  unitPricePaise: number;
  /** What the line comes to, tax included: its taxable value and tax add up to it. */
  grossPaise: number;
  /**
   * The discount taken off the line before tax, tax included (a line of goods on an order with a coupon; absent on
   * other lines and on documents issued before discounts were shown per line, which carry a reduction line instead).
   * The line's value before it is `grossPaise + discountPaise`, its quantity times its unit price.
   */
  discountPaise?: number;
  rate: number;
}

export interface InvoiceParty {
  name: string;
  address: string;
  stateName: string;
  /** GST state code, '' when the state typed could not be read. */
  stateCode: string;
}

export interface InvoiceDocument {
  kind: 'TAX_INVOICE' | 'BILL_OF_SUPPLY';
  number: string;
  issuedAt: string;
  orderid: string;
  /** The order number the customer knows (GS-1043); absent on documents issued before orders had numbers. */
  orderNumber?: string;
  orderDate: string;
  seller: Business & { stateCode: string };
  /** A registered buyer's GSTIN and business name (absent on documents issued before buyers could give them). */
  buyer: InvoiceParty & { mobilenumber: string; email: string; gstin?: string; businessName?: string };
  placeOfSupply: { stateName: string; stateCode: string };
  interState: boolean;
  lines: InvoiceLine[];
  /** The coupon whose discount the lines of goods carry, named under them (absent without one). */
  couponCode?: string;
  totals: TaxSplit & { grossPaise: number };
  amountInWords: string;
  reverseCharge: false;
}

export interface CreditNoteDocument extends Omit<InvoiceDocument, 'kind'> {
  kind: 'CREDIT_NOTE';
  invoiceNumber: string;
  invoiceDate: string;
  reason: string;
  /**
   * SUPPLY: the whole supply is reversed (the order was cancelled or came back), its lines as invoiced. VALUE: part of
   * the price is given back and no goods move, one line per tax rate without quantity. GOODS: bottles refunded by
   * line, each with its quantity. Absent on older notes.
   */
  basis?: 'SUPPLY' | 'VALUE' | 'GOODS';
}

/** An order line as the invoice needs it: amounts in whole rupees (the order's), tax facts of its product. */
export interface InvoiceSourceLine {
  name: string;
  sizeMl: number;
  unitPrice: number;
  itemQty: number;
  hsn: string;
  gstRate: number;
}

/** What the order charged besides its goods, in whole rupees as stored on it (DESIGN.md §7.3). */
export interface InvoiceCharges {
  deliveryFee: number;
  codFee: number;
  discount: number;
  couponCode: string | null;
}

export interface InvoiceSource {
  orderid: string;
  orderNumber?: string;
  orderDate: string;
  totalAmount: number;
  charges?: InvoiceCharges;
  buyer: {
    name: string;
    address: string;
    district: string;
    state: string;
    pincode: string;
    mobilenumber: string;
    email: string;
    gstin?: string;
    businessName?: string;
  };
  lines: InvoiceSourceLine[];
}

function taxedLine(base: Omit<InvoiceLine, keyof TaxSplit>, interState: boolean, taxed: boolean): InvoiceLine {
  const split = splitLineTax({ grossPaise: base.grossPaise, rate: taxed ? base.rate : 0 }, interState);
  return { ...base, ...(taxed ? {} : { rate: 0 }), ...split };
}

/**
 * The invoice of an order: its goods, each with its share of the coupon discount taken off before tax, then the
 * delivery fee and the cash-on-delivery fee as lines of their own, so the lines add up to the order's total. A fee
 * is taxed as the goods it goes with (a composite supply follows its principal supply: the line with the largest
 * value, its HSN and rate; see docs/decisions/037). Should the total still differ from those figures (an order from
 * before fees were stored), the difference is one more line taxed the same way, so the invoice always equals what the
 * customer paid.
 */
export function buildInvoiceDocument(source: InvoiceSource, business: Business, number: string, issuedAt: string): InvoiceDocument {
  const registered = business.gstin !== '';
  const sellerCode = businessStateCode(business) ?? '';
  const buyerCode = stateCodeOf(source.buyer.state) ?? '';
  // A state that cannot be read is not the shop's state: IGST, which the place of supply line makes visible.
  const interState = buyerCode !== sellerCode;
  const goods = source.lines.map((l) =>
    taxedLine(
      {
        description: `${l.name} (${l.sizeMl} ml)`,
        hsn: l.hsn,
        quantity: l.itemQty,
        unit: 'NOS',
        unitPricePaise: l.unitPrice * 100,
        grossPaise: l.unitPrice * 100 * l.itemQty,
        rate: l.gstRate,
      },
      interState,
      registered,
    ),
  );
  const c = source.charges;
  const discountPaise = c && c.discount > 0 ? c.discount * 100 : 0;
  const lines = discountGoods(goods, discountPaise, interState);
  const principal = [...goods].sort((a, b) => b.grossPaise - a.grossPaise)[0];
  if (principal) {
    const charge = (description: string, paise: number) =>
      taxedLine({ description, hsn: principal.hsn, quantity: 1, unit: 'OTH', unitPricePaise: paise, grossPaise: paise, rate: principal.rate }, interState, registered);
    if (c && c.deliveryFee > 0) lines.push(charge('Delivery fee', c.deliveryFee * 100));
    if (c && c.codFee > 0) lines.push(charge('Cash on delivery fee', c.codFee * 100));
    const difference = source.totalAmount * 100 - lines.reduce((sum, l) => sum + l.grossPaise, 0);
    if (difference !== 0) lines.push(charge(difference > 0 ? 'Delivery and other charges' : 'Discount', difference));
  }
  const totals = { ...sumSplits(lines), grossPaise: lines.reduce((sum, l) => sum + l.grossPaise, 0) };
  const b = source.buyer;
  return {
    kind: registered ? 'TAX_INVOICE' : 'BILL_OF_SUPPLY',
    number,
    issuedAt,
    orderid: source.orderid,
    ...(source.orderNumber ? { orderNumber: source.orderNumber } : {}),
    orderDate: source.orderDate,
    seller: { ...business, stateCode: sellerCode },
    buyer: {
      name: b.name,
      address: `${b.address}, ${b.district}, ${b.state} ${b.pincode}`,
      stateName: stateNameOf(buyerCode) ?? b.state,
      stateCode: buyerCode,
      mobilenumber: b.mobilenumber,
      email: b.email,
      ...(b.gstin ? { gstin: b.gstin, businessName: b.businessName ?? '' } : {}),
    },
    placeOfSupply: { stateName: stateNameOf(buyerCode) ?? b.state, stateCode: buyerCode },
    interState,
    lines,
    ...(discountPaise > 0 && c?.couponCode ? { couponCode: c.couponCode } : {}),
    totals,
    amountInWords: rupeesInWords(totals.grossPaise),
    reverseCharge: false,
  };
}

/**
 * A credit note against an invoice. When the whole supply is reversed (a cancelled or returned order, credited in full
 * at once) its lines are the invoice's, quantities and units as invoiced, so the reversal matches it to the paisa.
 * Otherwise it gives back value alone: the amount spread over the invoice's goods by value, one line per HSN and rate
 * ("Refund of value against invoice …", no quantity or unit), each with its tax carved out at that rate.
 */
export function buildCreditNoteDocument(
  invoice: InvoiceDocument,
  amountPaise: number,
  reason: string,
  number: string,
  issuedAt: string,
  wholeSupply = false,
  goods?: readonly CreditedGoods[],
): CreditNoteDocument {
  const registered = invoice.kind === 'TAX_INVOICE';
  const mirror = wholeSupply && amountPaise === invoice.totals.grossPaise;
  const byGoods = !mirror && !!goods?.length;
  const lines = mirror ? invoice.lines.map((l) => ({ ...l })) : byGoods ? goodsLines(invoice, amountPaise, goods, registered) : valueLines(invoice, amountPaise, registered);
  const totals = { ...sumSplits(lines), grossPaise: amountPaise };
  const { kind: _kind, ...rest } = invoice;
  return {
    ...rest,
    kind: 'CREDIT_NOTE',
    basis: mirror ? 'SUPPLY' : byGoods ? 'GOODS' : 'VALUE',
    number,
    issuedAt,
    invoiceNumber: invoice.number,
    invoiceDate: invoice.issuedAt,
    reason,
    lines,
    totals,
    amountInWords: rupeesInWords(amountPaise),
  };
}

/** Bottles a credit note is for: an invoice line's description (`Name (500 ml)`) and how many of them. */
export interface CreditedGoods {
  description: string;
  quantity: number;
}

/**
 * The refunded bottles as lines with their quantities, the invoice's HSN, rate and unit price. When the amount
 * refunded (what was paid for them) is less than their price, the coupon took the rest: it is taken off the lines
 * as on the invoice, so each line's quantity times its price is its value before the discount. Otherwise the amount
 * is spread over them by value.
 */
function goodsLines(invoice: InvoiceDocument, amountPaise: number, goods: readonly CreditedGoods[], registered: boolean): InvoiceLine[] {
  const found = goods.flatMap((g) => {
    const line = invoice.lines.find((l) => l.description === g.description && l.unit === 'NOS');
    return line ? [{ line, quantity: g.quantity }] : [];
  });
  if (found.length === 0) return valueLines(invoice, amountPaise, registered);
  const prices = found.map((f) => f.line.unitPricePaise * f.quantity);
  const pricePaise = prices.reduce((sum, p) => sum + p, 0);
  const grosses = amountPaise < pricePaise ? prices : spreadByValue(amountPaise, prices);
  const lines = found.map((f, i) =>
    taxedLine(
      { description: f.line.description, hsn: f.line.hsn, quantity: f.quantity, unit: f.line.unit, unitPricePaise: f.line.unitPricePaise, grossPaise: grosses[i] ?? 0, rate: f.line.rate },
      invoice.interState,
      registered,
    ),
  );
  return amountPaise >= pricePaise ? lines : discountGoods(lines, pricePaise - amountPaise, invoice.interState);
}

function valueLines(invoice: InvoiceDocument, amountPaise: number, registered: boolean): InvoiceLine[] {
  const groups = new Map<string, { hsn: string; rate: number; grossPaise: number }>();
  for (const l of invoice.lines) {
    const key = `${l.hsn}|${l.rate}`;
    const group = groups.get(key) ?? { hsn: l.hsn, rate: l.rate, grossPaise: 0 };
    group.grossPaise += l.grossPaise;
    groups.set(key, group);
  }
  // A group the coupon took to nothing or below has no value to give back.
  const list = [...groups.values()].filter((g) => g.grossPaise > 0);
  const shares = spreadByValue(amountPaise, list.map((g) => g.grossPaise));
  const description = `Refund of value against invoice ${invoice.number}`;
  return list
    .map((g, i) => {
      const paise = shares[i] ?? 0;
      const text = list.length > 1 ? `${description} (goods at ${g.rate}%)` : description;
      return taxedLine({ description: text, hsn: g.hsn, quantity: 0, unit: '', unitPricePaise: 0, grossPaise: paise, rate: g.rate }, invoice.interState, registered);
    })
    .filter((l) => l.grossPaise > 0);
}
