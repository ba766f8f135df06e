import type { QueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '../../../domain/schemas/errors';
import type { CreateOrderAnswer, CreateOrderBody, PriceChangedAnswer } from '../../../domain/schemas/order';
import { api, ApiError } from '../../lib/api-client';
import { shopConfigQuery } from '../../lib/shop-config';
import { loadPaymentScript, openPaymentDialog, type PaymentOutcome } from './payment-gateway';

export const BRAND_COLOR = '#8a4b08';

export function placeCodOrder(body: CreateOrderBody): Promise<unknown> {
  return api.post('/api/checkout/codorder', body);
}

/** Creates the gateway order on the server, then opens the card dialog for exactly that amount. */
export async function payOnline(body: CreateOrderBody, queryClient: QueryClient): Promise<PaymentOutcome> {
  const config = await queryClient.fetchQuery(shopConfigQuery);
  const [created] = await Promise.all([api.post<CreateOrderAnswer>('/api/checkout/createorder', body), loadPaymentScript(config.scriptUrl)]);
  return openPaymentDialog({
    key: created.keyid || config.keyid,
    amount: created.amount,
    currency: 'INR',
    order_id: created.orderid,
    name: 'Ghee Shop',
    description: body.receipt,
    theme: { color: BRAND_COLOR },
    prefill: { name: created.username, email: created.emailaddress, contact: created.mobilenumber },
  });
}

/** The gateway's signature goes to the server, which marks the order paid only if it verifies. */
export function confirmPayment(outcome: Extract<PaymentOutcome, { kind: 'paid' }>): Promise<unknown> {
  const r = outcome.response;
  return api.put('/api/checkout/updateorder', {
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
