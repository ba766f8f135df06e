// Orders for the tests of this folder, written straight into the tables (order placement is another
// capability's; these tests only need an order to exist).
import { randomBytes } from 'node:crypto';
import { nowIso } from '../db/database';
import type { TestShop } from '../../../tests/support/test-shop';

export interface FixtureOrder {
  id: number;
  orderid: string;
  emailaddress: string;
}

export interface FixtureOrderOptions {
  userId: number;
  username?: string;
  emailaddress?: string;
  address?: string;
  lines?: { name: string; size: number; qty: number; price: number }[];
}

export async function insertTestOrder(shop: TestShop, options: FixtureOrderOptions): Promise<FixtureOrder> {
  const orderid = `order_${randomBytes(7).toString('hex').toUpperCase()}`;
  const emailaddress = options.emailaddress ?? `buyer-${randomBytes(3).toString('hex')}@example.in`;
  const lines = options.lines ?? [
    { name: 'Classic Cow Ghee', size: 500, qty: 2, price: 550 },
    { name: 'A2 Desi Ghee', size: 250, qty: 1, price: 420 },
  ];
  const total = lines.reduce((sum, l) => sum + l.qty * l.price, 0);
  const now = nowIso();
  const db = shop.app.ctx.db;
  const order = await db
    .insertInto('orders')
    .values({
      orderid,
      user_id: options.userId,
      receipt: `Receipt-${randomBytes(3).readUIntBE(0, 3) % 1_000_000}`,
      username: options.username ?? 'Asha Verma',
      emailaddress,
      mobilenumber: '9876543210',
      address: options.address ?? '12 Temple Street',
      pincode: '560001',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      note: '',
      total_amount: total,
      paymentmode: 'CASHONDELIVERY',
      payment_status: 'COD',
      paymentid: '',
      status: 'PREPARATION',
      gateway_order_id: null,
      verified_at: null,
      paid_at: null,
      client_created_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values(
      lines.map((l, position) => ({
        order_id: order.id,
        position,
        product_id: null,
        name: l.name,
        size_ml: l.size,
        unit_price: l.price,
        item_qty: l.qty,
        line_total: l.qty * l.price,
      })),
    )
    .execute();
  return { id: order.id, orderid, emailaddress };
}
