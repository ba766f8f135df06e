import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { codOrder, orderBody } from '../../../tests/support/test-orders';
import { describeEachDatabase, useTestShop } from '../../../tests/support/test-shop';
import { setStock, takeStock } from '../stock/stock-repository';
import { giveBackCouponAndBottles } from './cancel-steps';

const BUFFALO = 'Buffalo Ghee';

describeEachDatabase('the order rows are locked in: bottles, then the code', (dialect) => {
  const set = useTestShop(dialect);

  it('a cancel giving back a code and bottles waits behind a new order that holds the bottles, and neither fails', async () => {
    const db = set.shop.app.ctx.db;
    const code = `LOCKS${dialect.toUpperCase()}`;
    const coupon = { code, kind: 'PERCENT', value: 10, minOrder: 0, maxDiscount: null, validFrom: null, validTo: null, totalUses: 1000, perCustomer: null, firstOrderOnly: false, active: true };
    expect((await set.shop.app.inject({ method: 'POST', url: '/api/coupons', headers: set.admin.auth, payload: coupon })).statusCode).toBe(201);
    const productId = (await db.selectFrom('products').select('id').where('name', '=', BUFFALO).executeTakeFirstOrThrow()).id;
    await setStock(db, productId, 500, 10);
    const body = { ...orderBody({ paymentmode: 'CASHONDELIVERY', items: [{ name: BUFFALO, quantity: 500, itemQty: 1, finalPrice: 549 }], totalAmount: 494 }), coupon: code };
    const placed = await codOrder(set.shop, set.customer, body);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderRowId = placed.json().id as number;

    // Another order being written: it takes its bottle of the size first and claims the code's use last, as the
    // batch writer does. The cancel starts in between. Taken the other way round (the code first) the cancel held the
    // code's row while waiting for the size's, and PostgreSQL broke the deadlock by failing one of the two.
    let cancelling: Promise<boolean> | undefined;
    await db.transaction().execute(async (trx) => {
      expect((await takeStock(trx, [{ productId, size: 500, qty: 1 }])).kind).toBe('taken');
      cancelling = db.transaction().execute((cancel) => giveBackCouponAndBottles(cancel, orderRowId, false));
      await new Promise((resolve) => setTimeout(resolve, 400));
      await trx.updateTable('coupons').set({ used: sql`used + 1` }).where('code', '=', code).execute();
    });
    expect(await cancelling).toBe(true);
    const stock = await db.selectFrom('stock_levels').select('stock').where('product_id', '=', productId).where('size_ml', '=', 500).executeTakeFirstOrThrow();
    // 10, one to the placed order, one to the other, one back from the cancel.
    expect(stock.stock).toBe(9);
    expect((await db.selectFrom('coupons').select('used').where('code', '=', code).executeTakeFirstOrThrow()).used).toBe(1);
  });
});
