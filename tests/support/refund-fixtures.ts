// Orders and refunds set up for the refund tests: a paid order already delivered, and a refund written but not yet
// asked of the gateway, so the test posts the gateway's answer itself.
import { beforeAll } from 'vitest';
import { recordRefund } from '../../src/server/ordering/refund-service';
import { gatewayFor } from '../../src/server/payments/gateway-registry';
import type { SandboxGateway } from '../../src/server/payments/sandbox/sandbox-gateway';
import { orderRow, placePaidOnlineOrder } from './test-orders';
import {
  adminOf,
  createTestShop,
  createTestUser,
  useTestShop,
  type SuiteShop,
  type TestDialect,
  type TestShop,
  type TestUser,
} from './test-shop';

export interface RefundShop extends SuiteShop {
  /** The sandbox gateway's webhook secret, to sign the refund events a test posts. */
  secret: string;
}

const webhookSecretOf = async (shop: TestShop) => (await (gatewayFor(shop.app.ctx) as SandboxGateway).secrets()).webhookSecret;

/** A shop with one customer and its admin, on the sandbox gateway. */
export async function refundShop(dialect: TestDialect): Promise<RefundShop> {
  const shop = await createTestShop(dialect);
  const customer = await createTestUser(shop);
  const admin = await adminOf(shop);
  return { shop, customer, admin, secret: await webhookSecretOf(shop) };
}

/** A refund shop for the suite around it (see useTestShop): read its fields inside tests. */
export function useRefundShop(dialect: TestDialect): RefundShop {
  const set = useTestShop(dialect) as RefundShop;
  beforeAll(async () => {
    set.secret = await webhookSecretOf(set.shop);
  });
  return set;
}

export async function deliveredPaidOrder(shop: TestShop, customer: TestUser): Promise<string> {
  const orderid = await placePaidOnlineOrder(shop, customer);
  await shop.app.ctx.db.updateTable('orders').set({ status: 'DELIVERED' }).where('orderid', '=', orderid).execute();
  return orderid;
}

/** A refund written and committed, on its way until the gateway answers; its id. */
export async function refundOnItsWay(shop: TestShop, admin: TestUser, orderid: string, amount: number): Promise<string> {
  const row = await orderRow(shop, orderid);
  return shop.app.ctx.db
    .transaction()
    .execute((trx) => recordRefund(shop.app.ctx, trx, row, { amount, reason: 'One bottle arrived dented', actorUserId: admin.id }));
}
