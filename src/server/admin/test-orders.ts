import { randomBytes } from 'node:crypto';
import type { OrderStatus } from '../../domain/order-status';
import type { PaymentMode, PaymentStatus } from '../../domain/constants';
import { shopTimestamp } from '../../domain/display';
import type { Executor } from '../db/database';

export interface SeedOrder {
  userId: number;
  createdAt: Date;
  username?: string;
  total?: number;
  status?: OrderStatus;
  paymentmode?: PaymentMode;
  paymentStatus?: PaymentStatus;
  note?: string;
  address?: string;
  orderid?: string;
  /** Rupees refunded so far. */
  refunded?: number;
}

let seq = 0;

/** Test support: writes an order with one line straight into the database, stamped in shop time. */
export async function seedOrder(db: Executor, o: SeedOrder): Promise<string> {
  seq += 1;
  const orderid = o.orderid ?? `order_${randomBytes(7).toString('hex').toUpperCase()}`;
  const mode = o.paymentmode ?? 'CASHONDELIVERY';
  const status = o.paymentStatus ?? (mode === 'ONLINE' ? 'PAID' : 'COD');
  const total = o.total ?? 550;
  const stamp = shopTimestamp(o.createdAt);
  const row = await db
    .insertInto('orders')
    .values({
      orderid,
      user_id: o.userId,
      receipt: `Receipt-${seq}-${randomBytes(3).toString('hex')}`,
      username: o.username ?? 'Test Customer',
      emailaddress: 'customer@example.in',
      mobilenumber: '9876543210',
      address: o.address ?? '12 Temple Street',
      pincode: '560001',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      note: o.note ?? '',
      total_amount: total,
      paymentmode: mode,
      payment_status: status,
      paymentid: status === 'PAID' ? `pay_${randomBytes(7).toString('hex').toUpperCase()}` : '',
      status: o.status ?? 'PREPARATION',
      refunded_amount: o.refunded ?? 0,
      ...(o.status === 'CANCELLED' ? { cancelled_at: stamp, cancelled_by: 'ADMIN', cancel_reason: 'Other' } : {}),
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values({
      order_id: row.id,
      position: 0,
      product_id: null,
      name: 'Classic Cow Ghee',
      size_ml: 500,
      unit_price: total,
      item_qty: 1,
      line_total: total,
    })
    .execute();
  return orderid;
}
