// A retried refund is a second ask of the gateway under the same row. Word about the first ask (its failure
// delivered late, or resent under a new event id) must not fail the live one, and reconciliation after a crash must
// take the live ask, not the failed one: either would free the amount while the gateway pays, and the next retry
// would pay the customer twice.
import { expect, it } from 'vitest';
import { nowIso } from '../db/database';
import type { GatewayRefund } from '../payments/gateway';
import { newGatewayId } from '../payments/gateway-ids';
import { listSandboxRefunds, sandboxRefundView } from '../payments/sandbox/sandbox-refunds';
import { postRefundEvent } from '../../../tests/support/gateway-events';
import { deliveredPaidOrder, refundOnItsWay, useRefundShop } from '../../../tests/support/refund-fixtures';
import { orderRow } from '../../../tests/support/test-orders';
import { describeEachDatabase } from '../../../tests/support/test-shop';
import { FAILED_REFUND_MAIL_KIND } from './failed-refund-mail';
import { reconcileRefunds } from './refund-service';

const MINUTE = 60_000;

describeEachDatabase('a retried refund and word about its earlier ask', (dialect) => {
  const set = useRefundShop(dialect);

  const refundRow = (id: string) => set.shop.app.ctx.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const failedMails = async () => (await set.shop.app.ctx.db.selectFrom('mail_outbox').select('id').where('kind', '=', FAILED_REFUND_MAIL_KIND).execute()).length;
  const retry = (orderid: string, refundId: string) => set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/refunds/${refundId}/retry`, headers: set.admin.auth });

  /** The gateway's first ask of the refund, already failed, as a refund asked before a crash would leave it. */
  async function firstAskFailed(paymentId: string, refundId: string, amount: number): Promise<GatewayRefund> {
    const id = newGatewayId('rfnd_');
    const created_at = new Date(Date.now() - 5 * MINUTE).toISOString();
    // Asked before asks were numbered: its notes name the row only, as every refund's did.
    await set.shop.app.ctx.db
      .insertInto('sandbox_refunds')
      .values({ id, payment_id: paymentId, amount: amount * 100, notes: JSON.stringify({ shop_refund_id: refundId }), fails: 1, created_at })
      .execute();
    return sandboxRefundView({ id, payment_id: paymentId, amount: amount * 100, notes: JSON.stringify({ shop_refund_id: refundId }), fails: 1, created_at });
  }

  it('a late failure of the first ask leaves the retried refund on its way, and it is paid once', async () => {
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    const { paymentid } = await orderRow(set.shop, orderid);
    const refundId = await refundOnItsWay(set.shop, set.admin, orderid, 700);
    const first = await firstAskFailed(paymentid, refundId, 700);
    // Reconciliation finds the first ask at the gateway, failed: the refund is FAILED and the owner told.
    await reconcileRefunds(set.shop.app.ctx, new Date(Date.now() + 5 * MINUTE));
    expect(await refundRow(refundId)).toMatchObject({ status: 'FAILED', gateway_refund_id: first.id, attempt: 1 });
    expect((await orderRow(set.shop, orderid)).refunded_amount).toBe(0);
    const mailsAfterFailure = await failedMails();

    expect((await retry(orderid, refundId)).statusCode).toBe(200);
    const live = await refundRow(refundId);
    expect(live).toMatchObject({ status: 'PENDING', attempt: 2 });
    expect(live.gateway_refund_id).not.toBe(first.id);
    expect((await orderRow(set.shop, orderid)).refunded_amount).toBe(700);

    // The first ask's failure, delivered again under a new event id.
    await postRefundEvent(set.shop, set.secret, first);
    expect(await refundRow(refundId)).toMatchObject({ status: 'PENDING', gateway_refund_id: live.gateway_refund_id, attempt: 2 });
    expect((await orderRow(set.shop, orderid)).refunded_amount).toBe(700);
    expect(await failedMails()).toBe(mailsAfterFailure);

    // The live ask is paid: once, and there is nothing left to retry.
    await postRefundEvent(set.shop, set.secret, { id: live.gateway_refund_id ?? '', paymentId: paymentid, amount: 70_000, status: 'processed', notes: { shop_refund_id: refundId, shop_refund_attempt: '2' } });
    expect(await refundRow(refundId)).toMatchObject({ status: 'PROCESSED', attempt: 2 });
    expect(await orderRow(set.shop, orderid)).toMatchObject({ refunded_amount: 700 });
    expect((await retry(orderid, refundId)).statusCode).toBe(409);
    expect((await listSandboxRefunds(set.shop.app.ctx.db, paymentid)).filter((r) => !r.fails)).toHaveLength(1);
  });

  it('reconciliation after a crash during a retry takes the live ask, not the failed first one, and asks nothing again', async () => {
    const orderid = await deliveredPaidOrder(set.shop, set.customer);
    const { paymentid } = await orderRow(set.shop, orderid);
    const refundId = await refundOnItsWay(set.shop, set.admin, orderid, 500);
    await firstAskFailed(paymentid, refundId, 500);
    await reconcileRefunds(set.shop.app.ctx, new Date(Date.now() + 5 * MINUTE));
    expect((await retry(orderid, refundId)).statusCode).toBe(200);
    const asked = (await refundRow(refundId)).gateway_refund_id;
    // The process died after the gateway made the retry's refund and before its id was stored.
    await set.shop.app.ctx.db.updateTable('refunds').set({ status: 'CREATED', gateway_refund_id: null, updated_at: nowIso() }).where('id', '=', refundId).execute();

    // A late failure of the first ask while the retry's id is unknown changes nothing either.
    const [firstAsk] = (await listSandboxRefunds(set.shop.app.ctx.db, paymentid)).filter((r) => r.fails);
    await postRefundEvent(set.shop, set.secret, sandboxRefundView(firstAsk ?? (undefined as never)));
    expect(await refundRow(refundId)).toMatchObject({ status: 'CREATED', gateway_refund_id: null, attempt: 2 });

    await reconcileRefunds(set.shop.app.ctx, new Date(Date.now() + 5 * MINUTE));
    expect(await refundRow(refundId)).toMatchObject({ status: 'PENDING', gateway_refund_id: asked, attempt: 2 });
    expect((await orderRow(set.shop, orderid)).refunded_amount).toBe(500);
    // Two asks at the gateway in all: the failed first and the retry; reconciliation asked for no third.
    expect(await listSandboxRefunds(set.shop.app.ctx.db, paymentid)).toHaveLength(2);
  });
});
