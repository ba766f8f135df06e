import type { QueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '../../../domain/schemas/errors';
import type { CreateOrderAnswer, CreateOrderBody, Order, PriceChangedAnswer } from '../../../domain/schemas/order';
import { api, ApiError } from '../../lib/api-client';
import { shopConfigQuery } from '../../lib/shop-config';
import { loadPaymentScript, openPaymentDialog, type PaymentOutcome } from './payment-gateway';

export const BRAND_COLOR = '#8a4b08';

/** One opening of the card dialog: which order it was for, and how it ended. */
export interface PaymentAttempt {
  orderid: string;
  /** The number people read (GS-1043). */
  orderNumber: string;
  outcome: PaymentOutcome;
}

export function placeCodOrder(body: CreateOrderBody): Promise<Order> {
  return api.post<Order>('/api/checkout/codorder', body);
}

/** Opens the card dialog for an order the server created, for exactly the amount the server priced. */
async function openFor(created: Promise<CreateOrderAnswer>, queryClient: QueryClient): Promise<PaymentAttempt> {
  const config = await queryClient.fetchQuery(shopConfigQuery);
  const [order] = await Promise.all([created, loadPaymentScript(config.scriptUrl)]);
  const outcome = await openPaymentDialog({
    key: order.keyid || config.keyid,
    amount: order.amount,
    currency: 'INR',
    order_id: order.orderid,
    name: 'Ghee Shop',
    description: `Order ${order.orderNumber}`,
    theme: { color: BRAND_COLOR },
    prefill: { name: order.username, email: order.emailaddress, contact: order.mobilenumber },
  });
  return { orderid: order.orderid, orderNumber: order.orderNumber, outcome };
}

/** Creates the gateway order on the server (or answers the one this receipt already made), then opens the dialog. */
export function payOnline(body: CreateOrderBody, queryClient: QueryClient): Promise<PaymentAttempt> {
  return openFor(api.post<CreateOrderAnswer>('/api/checkout/createorder', body), queryClient);
}

/** Pay now / Try again: a new attempt on the same unpaid order, as Razorpay allows; never a second order. */
export function payExistingOrder(orderid: string, queryClient: QueryClient): Promise<PaymentAttempt> {
  return openFor(api.post<CreateOrderAnswer>('/api/checkout/payorder', { orderid }), queryClient);
}

/** The gateway's signature goes to the server, which marks the order paid only if it verifies. */
export function confirmPayment(outcome: Extract<PaymentOutcome, { kind: 'paid' }>): Promise<Order> {
  const r = outcome.response;
  return api.put<Order>('/api/checkout/updateorder', {
    orderid: r.razorpay_order_id,
    paymentid: r.razorpay_payment_id,
    paymentsignature: r.razorpay_signature,
  });
}

/** 409 PRICE_CHANGED: the server's current prices for the lines (DESIGN.md §4). */
export function priceChange(error: unknown): PriceChangedAnswer | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== ERROR_CODES.PRICE_CHANGED) return null;
  const body = error.body as Partial<PriceChangedAnswer> | undefined;
  return body && Array.isArray(body.prices) ? (body as PriceChangedAnswer) : null;
}
