// One protocol, two gateways (DESIGN.md §5). Checkout talks only to this interface, so the sandbox
// and Razorpay are interchangeable and the same tests cover the checkout whichever one is active.

/** 'off': no online payment (a public shop without Razorpay keys, DESIGN.md §7.1). */
export type GatewayName = 'sandbox' | 'razorpay' | 'off';

/** Razorpay's payment states; the sandbox uses the same words. */
export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface GatewayOrder {
  id: string;
  /** Paise. */
  amount: number;
  currency: string;
}

export interface GatewayPayment {
  id: string;
  orderId: string;
  status: GatewayPaymentStatus;
  /** Paise. */
  amount: number;
  errorDescription: string | null;
}

export type GatewayRefundStatus = 'pending' | 'processed' | 'failed';

/** A refund as the gateway reports it (Razorpay's refund entity; the sandbox uses the same words). */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  status: GatewayRefundStatus;
  /** What the refund was asked with; the shop's refund row id is in `shop_refund_id`. */
  notes: Record<string, string>;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Public key the browser passes to checkout.js. */
  readonly keyId: string;
  /** True when no real money moves (the sandbox, or Razorpay test keys). */
  readonly testMode: boolean;
  /** The checkout script the browser loads. */
  readonly scriptUrl: string;
  createOrder(input: { amount: number; currency: string; receipt: string }): Promise<GatewayOrder>;
  /** HMAC_SHA256(order_id + "|" + payment_id, key_secret) in hex, compared in constant time. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): Promise<boolean>;
  /** HMAC_SHA256(raw body, webhook secret); false when no webhook secret is configured. */
  verifyWebhookSignature(rawBody: string, signature: string): Promise<boolean>;
  /** Null when the gateway does not know the payment. */
  fetchPayment(paymentId: string): Promise<GatewayPayment | null>;
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** Refunds part or all of a captured payment (speed normal). */
  refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<GatewayRefund>;
  /**
   * Stops the order taking payments (the shop's order was cancelled). Optional: Razorpay has no such call, and a
   * payment that still arrives is refunded by the shop.
   */
  closeOrder?(orderId: string): Promise<void>;
  /** Every refund of the payment: reconciliation finds by its notes a refund asked for just before a crash. */
  fetchRefunds(paymentId: string): Promise<GatewayRefund[]>;
}

export function toRefundStatus(status: string): GatewayRefundStatus {
  return status === 'processed' || status === 'failed' ? status : 'pending';
}

/** The gateway could not be reached or answered with an error; the caller decides what to tell the user. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}
