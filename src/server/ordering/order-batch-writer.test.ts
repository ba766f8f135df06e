import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, createTestUser, describeEachDatabase, type TestShop, type TestUser } from '../../../tests/support/test-shop';
import type { NewPlacement } from './order-batch-writer';
import { testPlacement } from '../../../tests/support/test-orders';

describeEachDatabase('order batch writer (group commit)', (dialect) => {
  let shop: TestShop;
  let user: TestUser;
  beforeAll(async () => {
    shop = await createTestShop(dialect);
    user = await createTestUser(shop);
  });
  afterAll(async () => shop.close());

  let sequence = 0;
  const placement = (receipt: string, orderid = `order_Batch${String((sequence += 1)).padStart(9, '0')}`): NewPlacement =>
    testPlacement({
      userId: user.id,
      orderid,
      receipt,
      username: 'Batch Customer',
      emailaddress: user.email,
      lines: [
        { name: 'Cow Ghee', size: 500, qty: 1, price: 300 },
        { name: 'Buffalo Ghee', size: 250, qty: 1, price: 200 },
      ],
    });
  const outboxCount = async () => Number((await shop.app.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('orders placed together are each written with their own lines and mails, and each caller gets its own order', async () => {
    const mailsBefore = await outboxCount();
    const placements = Array.from({ length: 30 }, (_, i) => placement(`Receipt-group-${i}`));
    const results = await Promise.all(placements.map((p) => shop.app.ctx.orderWriter.place(p)));
    results.forEach((result, i) => {
      expect(result.kind).toBe('created');
      if (result.kind !== 'created') return;
      expect(result.order.orderid).toBe(placements[i]?.order.orderid);
      expect(result.order.receipt).toBe(`Receipt-group-${i}`);
      expect(result.order.items.map((item) => item.name)).toEqual(['Cow Ghee', 'Buffalo Ghee']);
    });
    const stored = await shop.app.ctx.db.selectFrom('order_lines').select('order_id').where('name', '=', 'Buffalo Ghee').execute();
    expect(stored.length).toBeGreaterThanOrEqual(30);
    // The test shop sends order mails to the customer (customeremail is on by default): one per order at least.
    expect((await outboxCount()) - mailsBefore).toBeGreaterThanOrEqual(30);
  });

  it('of two placements with one receipt in one group, the first is written and the second hears receipt-taken', async () => {
    const [first, second] = await Promise.all([
      shop.app.ctx.orderWriter.place(placement('Receipt-twice')),
      shop.app.ctx.orderWriter.place(placement('Receipt-twice')),
    ]);
    expect(first?.kind).toBe('created');
    expect(second).toEqual({ kind: 'receipt-taken' });
  });

  it('an order that cannot be written (its order id is taken) fails alone; the rest of its group is written', async () => {
    const taken = placement('Receipt-original');
    await shop.app.ctx.orderWriter.place(taken);
    const results = await Promise.allSettled([
      shop.app.ctx.orderWriter.place(placement('Receipt-ok-1')),
      shop.app.ctx.orderWriter.place(placement('Receipt-clash', taken.order.orderid)),
      shop.app.ctx.orderWriter.place(placement('Receipt-ok-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const receipts = await shop.app.ctx.db.selectFrom('orders').select('receipt').where('receipt', 'in', ['Receipt-ok-1', 'Receipt-clash', 'Receipt-ok-2']).execute();
    expect(receipts.map((r) => r.receipt).sort()).toEqual(['Receipt-ok-1', 'Receipt-ok-2']);
  });
});
