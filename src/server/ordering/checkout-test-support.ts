// Shared by the checkout, orders and sandbox integration tests.
import type { CreateOrderBody } from '../../domain/schemas/order';
import type { Database } from '../db/schema';
import { SANDBOX_KEY_ID } from '../payments/sandbox/sandbox-gateway';
import { sandboxWebhooksSettled } from '../payments/sandbox/sandbox-routes';
import { readMailbox, type ParsedMail } from '../../../tests/support/mailbox';
import type { TestShop, TestUser } from '../../../tests/support/test-shop';

export const SUCCESS_CARD = { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' };
export const DECLINED_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 0002' };

let receipts = 0;

/**
 * A valid order for the seeded catalogue: 2 x A2 Desi Cow Ghee 500 ml (1199 less 15% = 1019) and
 * 1 x Buffalo Ghee 1000 ml (999, no offer): 3037 in all.
 */
export function orderBody(overrides: Partial<CreateOrderBody> = {}): CreateOrderBody {
  receipts += 1;
  return {
    username: 'Asha Verma',
    mobilenumber: '9876543210',
    emailaddress: 'asha@example.in',
    address: '12 Temple Street',
    pincode: '560001',
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    items: [
      { name: 'A2 Desi Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 1019 },
      { name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 },
    ],
    totalAmount: 3037,
    receipt: `Receipt-${Date.now() % 1_000_000}-${receipts}`,
    note: 'Please ring twice',
    createdAt: new Date().toISOString(),
    paymentmode: 'ONLINE',
    ...overrides,
  };
}

export async function createOrder(shop: TestShop, user: TestUser, body: CreateOrderBody = orderBody()) {
  return shop.app.inject({ method: 'POST', url: '/api/checkout/createorder', headers: user.auth, payload: body });
}

export async function codOrder(shop: TestShop, user: TestUser, body: CreateOrderBody = orderBody({ paymentmode: 'CASHONDELIVERY' })) {
  return shop.app.inject({ method: 'POST', url: '/api/checkout/codorder', headers: user.auth, payload: body });
}

export async function sandboxPay(shop: TestShop, orderId: string, card = SUCCESS_CARD) {
  return shop.app.inject({
    method: 'POST',
    url: '/sandbox/pay',
    payload: { order_id: orderId, key_id: SANDBOX_KEY_ID, card },
  });
}

export async function confirm(shop: TestShop, user: TestUser, payload: { orderid: string; paymentid: string; paymentsignature: string }) {
  return shop.app.inject({ method: 'PUT', url: '/api/checkout/updateorder', headers: user.auth, payload });
}

export async function countRows(shop: TestShop, table: keyof Database): Promise<number> {
  const row = await shop.app.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits for the sandbox's webhooks, delivers the outbox, and returns every mail written so far. */
export async function settledMailbox(shop: TestShop): Promise<ParsedMail[]> {
  await sandboxWebhooksSettled(shop.app.ctx);
  await shop.app.ctx.outbox.drain();
  return readMailbox(shop.dataDir);
}

export async function orderRow(shop: TestShop, orderid: string) {
  return shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirstOrThrow();
}
