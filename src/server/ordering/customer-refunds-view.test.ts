// A customer reads their order's refunds without the shop's internals: no refund carries the gateway's id or its
// error. A refund that failed stays listed with its status (DESIGN.md §7.6 names FAILED): the money is still owed.
// The admin's answer keeps both.
import { expect, it } from 'vitest';
import type { OrderWithRefunds } from '../../domain/refunds';
import { deliveredPaidOrder, refundOnItsWay, useRefundShop } from '../../../tests/support/refund-fixtures';
import { failedRefund } from '../../../tests/support/settle-fixtures';
import { placePaidOnlineOrder } from '../../../tests/support/test-orders';
import { describeEachDatabase, type TestUser } from '../../../tests/support/test-shop';

describeEachDatabase('the refunds a customer reads', (dialect) => {
  const set = useRefundShop(dialect);

  const refundsOf = async (orderid: string, who: TestUser) => {
    const res = await set.shop.app.inject({ url: `/api/order/${orderid}/refunds`, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderWithRefunds;
  };

  it('leaves out the gateway’s id and error of every refund, a failed one too; the admin still sees them', async () => {
    const { orderid, refundId, gatewayRefundId } = await failedRefund(set, 100);
    const pendingId = await refundOnItsWay(set.shop, set.admin, orderid, 50);

    const theirs = await refundsOf(orderid, set.customer);
    expect(theirs.refunds.map((r) => [r.refundId, r.status])).toEqual([
      [refundId, 'FAILED'],
      [pendingId, 'PENDING'],
    ]);
    for (const r of theirs.refunds) {
      expect(r).not.toHaveProperty('error');
      expect(r).not.toHaveProperty('gatewayRefundId');
    }
    expect(JSON.stringify(theirs)).not.toContain('could not refund');

    const admins = await refundsOf(orderid, set.admin);
    const failed = admins.refunds.find((r) => r.refundId === refundId);
    expect(failed).toMatchObject({ status: 'FAILED', gatewayRefundId, error: expect.any(String) });
    expect(admins.refunds.find((r) => r.refundId === pendingId)).toHaveProperty('gatewayRefundId');
  });

  it('a customer’s cancel answer carries no gateway id or error either', async () => {
    const orderid = await placePaidOnlineOrder(set.shop, set.customer);
    const res = await set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/cancel`, headers: set.customer.auth, payload: { reason: 'Ordered by mistake' } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrderWithRefunds;
    expect(answer.refunds).toHaveLength(1);
    expect(answer.refunds[0]).not.toHaveProperty('gatewayRefundId');
    expect(answer.refunds[0]).not.toHaveProperty('error');
  });

  it('keeps a delivered order with no refunds readable to its customer', async () => {
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    expect((await refundsOf(orderid, set.customer)).refunds).toEqual([]);
  });
});
