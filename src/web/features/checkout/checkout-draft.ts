// What the customer entered on the way to payment, kept in sessionStorage so Back, a refresh or a declined
// payment never loses it, and the receipt that makes placing the order idempotent.
import { RECEIPT_NUMBER_MAX, RECEIPT_PREFIX, type PaymentMode } from '../../../domain/constants';
import type { BillingForm } from '../../../domain/schemas/account';
import type { CreateOrderBody } from '../../../domain/schemas/order';
import { subtotal } from '../../../domain/pricing';
import type { CartLine } from '../cart/cart-lines';

const KEY = 'ghee-shop.checkout';

/** A business buyer's details for a B2B invoice, when the customer gave them. */
export interface BusinessBuyer {
  gstin: string;
  businessName: string;
}

interface Draft {
  billing?: BillingForm;
  business?: BusinessBuyer | null;
  receipt?: string;
  /** The order content the receipt was made for. */
  receiptFor?: string;
  /** The note typed on the order summary: a retry after a declined card must send it unchanged. */
  note?: string;
  /** "Send me order updates on WhatsApp" as the customer set it on the order summary; unset, the account's choice holds. */
  whatsappOptIn?: boolean;
}

function read(): Draft {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Draft) : {};
  } catch {
    return {};
  }
}

function write(draft: Draft): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(draft));
}

export function getBilling(): BillingForm | undefined {
  return read().billing;
}

export function getBusinessBuyer(): BusinessBuyer | null {
  return read().business ?? null;
}

export function saveBilling(billing: BillingForm, business: BusinessBuyer | null = null): void {
  write({ ...read(), billing, business });
}

export function getNote(): string {
  return read().note ?? '';
}

export function saveNote(note: string): void {
  write({ ...read(), note });
}

/** This checkout's own choice, or undefined while the customer has not touched the box. */
export function getWhatsappOptIn(): boolean | undefined {
  const { whatsappOptIn } = read();
  return typeof whatsappOptIn === 'boolean' ? whatsappOptIn : undefined;
}

export function saveWhatsappOptIn(whatsappOptIn: boolean): void {
  write({ ...read(), whatsappOptIn });
}

/** After a placed order: the next checkout starts with a fresh receipt (the address is kept for next time). */
export function finishCheckout(): void {
  const { billing, business } = read();
  write(billing ? { billing, business: business ?? null } : {});
}

export function newReceipt(random: () => number = Math.random): string {
  return `${RECEIPT_PREFIX}${Math.floor(random() * RECEIPT_NUMBER_MAX)}`;
}

/**
 * One receipt per checkout attempt (SPEC.md §3 draft): a double click or a retry after a declined payment
 * sends the same receipt, so the server returns the order it already made instead of a second one. When the
 * cart, the address or the note changed, it is a new attempt and gets a new receipt.
 */
export function receiptFor(content: string): string {
  const draft = read();
  if (draft.receipt && draft.receiptFor === content) return draft.receipt;
  const receipt = newReceipt();
  write({ ...draft, receipt, receiptFor: content });
  return receipt;
}

/** `priced`: the server quote's total and the code it applied; without one the total is the lines' (no fees). */
export function buildOrderBody(
  billing: BillingForm,
  lines: readonly CartLine[],
  note: string,
  paymentmode: PaymentMode,
  priced?: { total: number; coupon?: string | undefined },
  whatsappOptIn = false,
  business: BusinessBuyer | null = getBusinessBuyer(),
): CreateOrderBody {
  const items = lines.map(({ name, quantity, itemQty, finalPrice }) => ({ name, quantity, itemQty, finalPrice }));
  const totalAmount = priced?.total ?? subtotal(lines);
  const base = {
    username: billing.name,
    mobilenumber: billing.mobilenumber,
    emailaddress: billing.email,
    address: billing.address,
    pincode: billing.pincode,
    state: billing.state,
    district: billing.district,
    items,
    totalAmount,
    note,
    paymentmode,
    ...(priced?.coupon ? { coupon: priced.coupon } : {}),
    ...(business?.gstin ? { gstin: business.gstin, businessName: business.businessName } : {}),
    whatsappOptIn,
  };
  // The payment mode (and the total, which holds the COD fee) is left out of the attempt: switching an unpaid
  // online attempt to cash on delivery keeps its receipt, so the server turns that order into the COD order
  // instead of leaving it unpaid. A different code is a different attempt.
  // The WhatsApp choice is not part of the attempt either: the order is the same whichever way its news goes.
  const { paymentmode: _mode, totalAmount: _total, whatsappOptIn: _whatsapp, ...attempt } = base;
  return { ...base, receipt: receiptFor(JSON.stringify(attempt)), createdAt: new Date().toISOString() };
}
