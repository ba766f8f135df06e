// E-mail template placeholders of DESIGN.md §4. Values come from customer input (names,
// addresses, notes), so HTML mails must escape them.
import { displayOrderId, displayPaymentId, formatRupees, formatSize, orderLabel } from './display';

export const PLACEHOLDER_KEYS = [
  'customerName',
  'orderNumber',
  'orderId',
  'receipt',
  'totalAmount',
  'paymentId',
  'mobileNumber',
  'address',
  'pincode',
  'district',
  'state',
  'items',
] as const;
export type PlaceholderKey = (typeof PLACEHOLDER_KEYS)[number];

const LABELS: Readonly<Record<PlaceholderKey, string>> = {
  customerName: 'Customer name',
  orderNumber: 'Order number',
  orderId: 'Order ID (payment reference)',
  receipt: 'Receipt',
  totalAmount: 'Total amount',
  paymentId: 'Payment ID',
  mobileNumber: 'Mobile number',
  address: 'Address',
  pincode: 'Pincode',
  district: 'District',
  state: 'State',
  items: 'Items',
};

export interface Placeholder {
  key: PlaceholderKey;
  token: `{{${PlaceholderKey}}}`;
  label: string;
}

export const PLACEHOLDERS: readonly Placeholder[] = PLACEHOLDER_KEYS.map((key) => ({
  key,
  token: `{{${key}}}` as const,
  label: LABELS[key],
}));

/** A key that is absent stays visible as its token, so a mistake shows up in the preview. */
export type PlaceholderValues = Partial<Record<PlaceholderKey, string>>;

export function isPlaceholderKey(x: string): x is PlaceholderKey {
  return (PLACEHOLDER_KEYS as readonly string[]).includes(x);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * The original client's templates name placeholders by bare upper-case words (DESIGN.md §7.4);
 * RECIPET is spelled as it spells it. They fill in exactly like their `{{key}}` twins.
 */
export const BARE_PLACEHOLDER_WORDS: Readonly<Record<string, PlaceholderKey>> = {
  CUSTOMERNAME: 'customerName',
  ORDERID: 'orderId',
  ORDERNUMBER: 'orderNumber',
  RECIPET: 'receipt',
  TOTALAMOUNT: 'totalAmount',
  PAYMENTID: 'paymentId',
  MOBILENUMBER: 'mobileNumber',
  ADDRESS: 'address',
  PINCODE: 'pincode',
  DISTRICT: 'district',
  STATE: 'state',
  ITEMS: 'items',
};

// `{{key}}`, or one of the bare words standing as a whole word (not inside EMAILADDRESS or ORDERID2),
// case-sensitive: "State" or "items" in a sentence are left alone.
const TOKEN = new RegExp(
  String.raw`\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}|\b(` + Object.keys(BARE_PLACEHOLDER_WORDS).join('|') + String.raw`)\b`,
  'g',
);

/**
 * Replaces `{{key}}` (spaces inside the braces allowed) and the original's bare words in one pass,
 * so a value that itself contains a token or a bare word is never expanded again. Unknown keys are
 * left exactly as written. `literal`, when given, rewrites the template's own text between the filled
 * values (a token left unfilled is part of that text), never a value.
 */
export function renderTemplate(
  text: string,
  values: PlaceholderValues,
  options: { html: boolean; literal?: (templateText: string) => string },
): string {
  const literal = options.literal ?? ((templateText: string) => templateText);
  let out = '';
  let from = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, braced, bare] = match;
    const key = braced ?? (bare === undefined ? undefined : BARE_PLACEHOLDER_WORDS[bare]);
    if (key === undefined || !isPlaceholderKey(key)) continue;
    const value = values[key];
    if (value === undefined) continue;
    out += literal(text.slice(from, match.index)) + (options.html ? escapeHtml(value) : value);
    from = match.index + whole.length;
  }
  return out + literal(text.slice(from));
}

const BRACED = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Keys written `{{like this}}` that no mail can fill (a typo would otherwise reach customers as written). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(BRACED)) {
    const key = match[1] ?? '';
    if (!isPlaceholderKey(key)) unknown.add(`{{${key}}}`);
  }
  return [...unknown];
}

/** The refusal for text with unknown placeholders: which ones, and the list of those that work. */
export function unknownPlaceholdersMessage(unknown: readonly string[]): string {
  const known = PLACEHOLDER_KEYS.map((k) => `{{${k}}}`).join(', ');
  return `Unknown placeholder${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}. Use only these: ${known}.`;
}

export interface MailItemLine {
  name: string;
  size: number;
  itemQty: number;
  unitPrice: number;
}

/** 'Classic Cow Ghee - 500 ml x 2 - Rs. 1,100', one line per item, line totals. */
export function formatItemsForMail(lines: readonly MailItemLine[]): string {
  return lines
    .map(
      (l) =>
        `${l.name} - ${formatSize(l.size)} x ${l.itemQty} - ${formatRupees(l.unitPrice * l.itemQty)}`,
    )
    .join('\n');
}

/** The fields of a returned order that a mail can mention. */
export interface OrderForMail {
  /** The row id that gives the order its number; without it the number falls back to the short id. */
  id?: number;
  username: string;
  orderid: string;
  receipt: string;
  totalAmount: number;
  paymentid: string;
  mobilenumber: string;
  address: string;
  pincode: string;
  district: string;
  state: string;
  items: readonly { name: string; quantity: number; itemQty: number; finalPrice: number }[];
  /** Charges besides the lines (fees and discount); absent or 0 adds nothing, so older mails read as before. */
  deliveryFee?: number;
  codFee?: number;
  discount?: number;
  couponCode?: string | null;
}

/** The lines of the items list that follow the goods: delivery, COD fee, discount; only those charged. */
export function formatChargesForMail(order: Pick<OrderForMail, 'deliveryFee' | 'codFee' | 'discount' | 'couponCode'>): string[] {
  const lines: string[] = [];
  if (order.deliveryFee) lines.push(`Delivery - ${formatRupees(order.deliveryFee)}`);
  if (order.codFee) lines.push(`Cash on delivery fee - ${formatRupees(order.codFee)}`);
  if (order.discount) lines.push(`Discount${order.couponCode ? ` (${order.couponCode})` : ''} - minus ${formatRupees(order.discount)}`);
  return lines;
}

export function placeholderValuesForOrder(order: OrderForMail): Required<PlaceholderValues> {
  return {
    customerName: order.username,
    orderNumber: orderLabel(order),
    orderId: displayOrderId(order.orderid),
    receipt: order.receipt,
    totalAmount: formatRupees(order.totalAmount),
    paymentId: displayPaymentId(order.paymentid),
    mobileNumber: order.mobilenumber,
    address: order.address,
    pincode: order.pincode,
    district: order.district,
    state: order.state,
    items: [
      formatItemsForMail(
        order.items.map((i) => ({
          name: i.name,
          size: i.quantity,
          itemQty: i.itemQty,
          unitPrice: i.finalPrice,
        })),
      ),
      ...formatChargesForMail(order),
    ].join('\n'),
  };
}

/** Stand-in values for the template preview when no order is chosen. */
export const SAMPLE_PLACEHOLDER_VALUES: Required<PlaceholderValues> = placeholderValuesForOrder({
  id: 43,
  username: 'Asha Verma',
  orderid: 'order_SAMPLE0000000',
  receipt: 'Receipt-123456',
  totalAmount: 1650,
  paymentid: 'pay_SAMPLE00000000',
  mobilenumber: '9876543210',
  address: '12 Temple Street',
  pincode: '560001',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  items: [
    { name: 'Classic Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 550 },
    { name: 'A2 Desi Ghee', quantity: 250, itemQty: 1, finalPrice: 550 },
  ],
});
