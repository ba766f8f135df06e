// A refund the gateway failed, ready to be settled outside it, and the calls the settle tests make.
import { expect } from 'vitest';
import { KARNATAKA_BUSINESS } from '../../src/server/business/test-business';
import { newGatewayId } from '../../src/server/payments/gateway-ids';
import { postRefundEvent } from './gateway-events';
import { deliveredPaidOrder, refundOnItsWay, refundShop, type RefundShop } from './refund-fixtures';
import { orderRow } from './test-orders';
import type { TestDialect, TestShop, TestUser } from './test-shop';

/** A shop whose orders are invoiced (its business details are filled), so refunds get credit notes. */
export async function invoicingRefundShop(dialect: TestDialect): Promise<RefundShop> {
  const set = await refundShop(dialect);
  const res = await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS });
  expect(res.statusCode, res.body).toBe(200);
  return set;
}

export interface FailedRefund {
  orderid: string;
  refundId: string;
  gatewayRefundId: string;
  total: number;
}

/** A delivered order with a refund of `amount` (all of it when not given) that the gateway reported failed. */
export async function failedRefund({ shop, customer, admin, secret }: RefundShop, amount?: number): Promise<FailedRefund> {
  const orderid = await deliveredPaidOrder(shop, customer);
  const row = await orderRow(shop, orderid);
  const refunded = amount ?? row.total_amount;
  const refundId = await refundOnItsWay(shop, admin, orderid, refunded);
  const gatewayRefundId = newGatewayId('rfnd_');
  await postRefundEvent(shop, secret, { id: gatewayRefundId, paymentId: row.paymentid, amount: refunded * 100, status: 'failed', notes: { shop_refund_id: refundId } });
  return { orderid, refundId, gatewayRefundId, total: row.total_amount };
}

export function settleCall(shop: TestShop, who: TestUser, orderid: string, refundId: string, payload: unknown) {
  return shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${refundId}/settle`, headers: who.auth, payload: payload as object });
}

export function retryCall(shop: TestShop, who: TestUser, orderid: string, refundId: string) {
  return shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${refundId}/retry`, headers: who.auth });
}

export const BY_BANK = { method: 'BANK_TRANSFER', reference: '  UTR0042917  ', note: 'Paid from the shop’s current account' } as const;
