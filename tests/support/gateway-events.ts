import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { newGatewayId } from '../../src/server/payments/gateway-ids';
import type { GatewayRefund } from '../../src/server/payments/gateway';
import { sandboxRefundEventBody } from '../../src/server/payments/sandbox/sandbox-refunds';
import { webhookSignature } from '../../src/server/payments/signatures';
import type { TestShop } from './test-shop';

/** Posts `body` to the shop's webhook as Razorpay does: signed with the webhook secret, under an event id. */
export function postSignedWebhook(shop: TestShop, secret: string, body: string, eventId = newGatewayId('evt_')): Promise<LightMyRequestResponse> {
  return shop.app.inject({
    method: 'POST',
    url: '/api/checkout/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(body, secret), 'x-razorpay-event-id': eventId },
    payload: body,
  });
}

/** The gateway's signed refund.processed or refund.failed, as Razorpay posts it; the shop must take it (200). */
export async function postRefundEvent(shop: TestShop, secret: string, refund: GatewayRefund, eventId?: string): Promise<void> {
  const res = await postSignedWebhook(shop, secret, sandboxRefundEventBody(refund), eventId);
  expect(res.statusCode, res.body).toBe(200);
}
