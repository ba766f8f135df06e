// What "nothing half written" means for the order tables, checked straight in the database after a fault or a
// load run. Shared by the fault suite and the load benchmark.
import { sql } from 'kysely';
import { ORDER_PLACED_MAIL_KIND } from '../../src/server/ordering/order-placed-mail';
import type { Executor } from '../../src/server/db/database';

export interface IntegrityReport {
  orders: number;
  /** Order ids whose lines are missing or do not add up to the order's total. */
  incomplete: string[];
  /** Lines whose total is not unit price times quantity. */
  badLines: number;
  /** Lines that belong to no order. */
  orphanLines: number;
  /** (account, receipt) pairs holding more than one order. */
  duplicateReceipts: number;
  /** Orders with more than one captured payment. */
  paidTwice: string[];
  /** Paid online orders without a captured payment on record. */
  paidWithoutPayment: string[];
  /** Order-placed mails queued, and how many the placed orders call for (customer and shop copy each). */
  placedMails: number;
  expectedPlacedMails: number;
}

export async function checkIntegrity(db: Executor): Promise<IntegrityReport> {
  const totals = await db
    .selectFrom('orders')
    .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select((eb) => [
      'orders.orderid',
      'orders.total_amount',
      eb.fn.count<number>('order_lines.id').as('lines'),
      eb.fn.coalesce(eb.fn.sum<number>('order_lines.line_total'), sql<number>`0`).as('sum'),
    ])
    .groupBy(['orders.id', 'orders.orderid', 'orders.total_amount'])
    .execute();
  const incomplete = totals.filter((t) => Number(t.lines) === 0 || Number(t.sum) !== Number(t.total_amount)).map((t) => t.orderid);

  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const badLines = await count(
    db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('n')).where(sql<boolean>`line_total <> unit_price * item_qty`),
  );
  const orphanLines = await count(
    db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('orders').select('orders.id').whereRef('orders.id', '=', 'order_lines.order_id')))),
  );
  const duplicateReceipts = (
    await db.selectFrom('orders').select(['user_id', 'receipt']).groupBy(['user_id', 'receipt']).having((eb) => eb.fn.countAll(), '>', 1).execute()
  ).length;
  const paidTwice = (
    await db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select('orders.orderid')
      .where('payments.status', '=', 'captured')
      .groupBy('orders.orderid')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute()
  ).map((r) => r.orderid);
  const paidWithoutPayment = (
    await db
      .selectFrom('orders')
      .select('orderid')
      .where('payment_status', '=', 'PAID')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('payments').select('payments.id').whereRef('payments.order_id', '=', 'orders.id').where('payments.status', '=', 'captured'),
          ),
        ),
      )
      .execute()
  ).map((r) => r.orderid);
  const placedOrders = await count(
    db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('payment_status', 'in', ['PAID', 'COD']),
  );
  const placedMails = await count(
    db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', ORDER_PLACED_MAIL_KIND),
  );
  return {
    orders: totals.length,
    incomplete,
    badLines,
    orphanLines,
    duplicateReceipts,
    paidTwice,
    paidWithoutPayment,
    placedMails,
    expectedPlacedMails: placedOrders * 2,
  };
}
