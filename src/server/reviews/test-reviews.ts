// Buyers for the review tests: an order written straight into the tables (ordering is another capability's) with
// one line of the given product, in the given status.
import { randomBytes } from 'node:crypto';
import { nowIso } from '../db/database';
import type { TestShop } from '../../../tests/support/test-shop';

export async function insertOrderOf(
  shop: TestShop,
  options: { userId: number; productId: number; status?: string; username?: string; updatedAt?: string },
): Promise<{ id: number; orderid: string; emailaddress: string }> {
  const db = shop.app.ctx.db;
  const orderid = `order_${randomBytes(7).toString('hex').toUpperCase()}`;
  const emailaddress = `buyer-${randomBytes(3).toString('hex')}@example.in`;
  const now = nowIso();
  const product = await db.selectFrom('products').select('name').where('id', '=', options.productId).executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      orderid,
      user_id: options.userId,
      receipt: `Receipt-${randomBytes(3).readUIntBE(0, 3) % 1_000_000}`,
      username: options.username ?? 'Asha Verma',
      emailaddress,
      mobilenumber: '9876543210',
      address: '12 Temple Street',
      pincode: '560001',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      note: '',
      total_amount: 500,
      paymentmode: 'CASHONDELIVERY',
      payment_status: 'COD',
      paymentid: '',
      status: options.status ?? 'DELIVERED',
      gateway_order_id: null,
      verified_at: null,
      paid_at: null,
      client_created_at: null,
      created_at: now,
      updated_at: options.updatedAt ?? now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values({ order_id: order.id, position: 0, product_id: options.productId, name: product.name, size_ml: 500, unit_price: 500, item_qty: 1, line_total: 500 })
    .execute();
  return { id: order.id, orderid, emailaddress };
}
