import { beforeAll, expect, it } from 'vitest';
import { orderNumber } from '../../../domain/display';
import { describeEachDatabase, useTestShop } from '../../../../tests/support/test-shop';
import { placedCodOrderId } from '../../../../tests/support/test-orders';
import { KARNATAKA_BUSINESS } from '../../business/test-business';
import { useCourier } from '../../shipping/courier-registry';
import { createSandboxCourier, sandboxAwb } from '../../shipping/sandbox-courier';
import { pollQuietShipments } from './poll-service';

describeEachDatabase('an AWB another order already has', (dialect) => {
  const set = useTestShop(dialect);
  beforeAll(async () => {
    expect((await set.shop.app.inject({ method: 'PUT', url: '/api/settings/business', headers: set.admin.auth, payload: KARNATAKA_BUSINESS })).statusCode).toBe(200);
  });

  const cod = () => placedCodOrderId(set.shop, set.customer);
  const ship = (orderid: string, payload: object = { mode: 'COURIER' }) =>
    set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment`, headers: set.admin.auth, payload });
  const manual = (orderid: string, awb: string) => ship(orderid, { mode: 'MANUAL', courier: 'Delhivery', awb });
  const cancelShipment = (orderid: string) => set.shop.app.inject({ method: 'POST', url: `/api/order/${orderid}/shipment/cancel`, headers: set.admin.auth });
  const rowOf = (orderid: string) => set.shop.app.ctx.db.selectFrom('orders').selectAll().where('orderid', '=', orderid).executeTakeFirstOrThrow();
  const count = async (table: 'mail_outbox' | 'message_outbox' | 'audit_log' | 'invoices') =>
    Number((await set.shop.app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const counts = async () => ({ mails: await count('mail_outbox'), messages: await count('message_outbox'), audit: await count('audit_log'), invoices: await count('invoices') });
  /** Nothing of a refused shipment was written: the order is as it was placed. */
  const untouched = async (orderid: string) => {
    const row = await rowOf(orderid);
    expect(row.status).toBe('PREPARATION');
    expect(await set.shop.app.ctx.db.selectFrom('shipments').select('id').where('order_id', '=', row.id).execute()).toEqual([]);
  };
  const backdateClaim = async (orderid: string) => {
    const row = await rowOf(orderid);
    await set.shop.app.ctx.db.updateTable('shipments').set({ updated_at: new Date(Date.now() - 120_000).toISOString() }).where('order_id', '=', row.id).execute();
  };

  it('typed on a second order: 409 naming the order that has it and what to do, the second order unchanged', async () => {
    const first = await cod();
    const second = await cod();
    expect((await manual(first, 'AWB111')).statusCode).toBe(200);
    const before = await counts();
    const res = await manual(second, 'AWB111');
    expect(res.statusCode, res.body).toBe(409);
    const message = `AWB AWB111 is already on order ${orderNumber((await rowOf(first)).id)}. Check the number on the courier's slip; if order ${orderNumber((await rowOf(first)).id)} has the wrong one, cancel its shipment first.`;
    expect(res.json()).toEqual({ error: 'CONFLICT', message, fields: { awb: message } });
    await untouched(second);
    expect(await counts()).toEqual(before);
  });

  it('two owners typing the same AWB on two orders at once: one ships, the other is 409 with nothing half-written', async () => {
    const orders = [await cod(), await cod()];
    const before = await counts();
    const answers = await Promise.all(orders.map((orderid) => manual(orderid, 'AWB222')));
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const winner = orders[answers.findIndex((r) => r.statusCode === 200)]!;
    const loser = orders[answers.findIndex((r) => r.statusCode === 409)]!;
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toMatch(new RegExp(`^AWB AWB222 is already on order ${orderNumber((await rowOf(winner)).id)}\\. `));
    await untouched(loser);
    expect((await rowOf(winner)).status).toBe('READY');
    // The winner's shipped mail, invoice and audit row only.
    const after = await counts();
    expect(after.invoices - before.invoices).toBe(1);
    expect(await set.shop.app.ctx.db.selectFrom('audit_log').select('target').where('action', '=', 'order.ship').where('target', 'in', orders).execute()).toEqual([{ target: winner }]);
  });

  it("a cancelled shipment gives its AWB up: typed on the wrong order, cancelled there, typed on the right one", async () => {
    const wrong = await cod();
    const right = await cod();
    expect((await manual(wrong, 'AWB333')).statusCode).toBe(200);
    expect((await cancelShipment(wrong)).statusCode).toBe(200);
    const res = await manual(right, 'AWB333');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'READY', shipment: { awb: 'AWB333' } });
    const old = await set.shop.app.ctx.db.selectFrom('shipments').select(['status', 'awb']).where('order_id', '=', (await rowOf(wrong)).id).executeTakeFirstOrThrow();
    expect(old).toEqual({ status: 'CANCELLED', awb: null });
    expect((await manual(wrong, 'AWB334')).json()).toMatchObject({ status: 'READY', shipment: { awb: 'AWB334' } });
  });

  it("a courier's AWB another order already has: 409, the booking kept and stored once the other order is put right", async () => {
    const typed = await cod();
    const booked = await cod();
    const taken = sandboxAwb(booked);
    expect((await manual(typed, taken)).statusCode).toBe(200);
    const before = await counts();
    const res = await ship(booked);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `The courier booked this order under AWB ${taken}, but order ${orderNumber((await rowOf(typed)).id)} already has that AWB. ` +
        `If order ${orderNumber((await rowOf(typed)).id)} has the wrong one, cancel its shipment, then press Ship here again; if it is right, ask the courier why it gave AWB ${taken} twice.`,
    );
    expect((await rowOf(booked)).status).toBe('PREPARATION');
    expect(await counts()).toEqual(before);
    // The poll resuming the claim meets the same AWB and leaves it, without failing.
    await backdateClaim(booked);
    await pollQuietShipments(set.shop.app.ctx);
    expect((await rowOf(booked)).status).toBe('PREPARATION');
    expect((await ship(booked)).statusCode).toBe(409);

    expect((await cancelShipment(typed)).statusCode).toBe(200);
    await backdateClaim(booked);
    const again = await ship(booked);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'READY', shipment: { awb: taken } });
  });

  it("an AWB typed on another order while the courier was booking: 409, not a server error", async () => {
    const typed = await cod();
    const booked = await cod();
    const sandbox = createSandboxCourier(set.shop.config.PUBLIC_URL);
    useCourier(set.shop.app.ctx, {
      ...sandbox,
      async schedulePickup(booking) {
        expect((await manual(typed, booking.awb)).statusCode).toBe(200);
        return sandbox.schedulePickup(booking);
      },
    });
    try {
      const res = await ship(booked);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(new RegExp(`^The courier booked this order under AWB ${sandboxAwb(booked)}, but order ${orderNumber((await rowOf(typed)).id)} already has`));
      expect((await rowOf(booked)).status).toBe('PREPARATION');
    } finally {
      useCourier(set.shop.app.ctx, createSandboxCourier(set.shop.config.PUBLIC_URL));
    }
  });
});
