import { describe, expect, it } from 'vitest';
import { whatsappStanding, type OrderSeen } from './whatsapp-standing';

const order = (id: number, over: Partial<OrderSeen> = {}): OrderSeen => ({
  id,
  status: 'PREPARATION',
  whatsappOptIn: true,
  paymentstatus: 'COD',
  refundedAmount: 0,
  refundProcessedAmount: 0,
  ...over,
});

describe('the profile’s WhatsApp panel says what is sent', () => {
  it('with the switch off, names the order ticked at checkout that is still messaged', () => {
    const standing = whatsappStanding(false, [order(2)]);
    expect(standing.stillMessaged).toEqual(['GS-1002']);
    expect(standing.notice).toBe('GS-1002 gets WhatsApp updates, as you asked at checkout.');
    expect(standing.help).toBe('Checkout asks each time, with the WhatsApp box unticked: an order gets messages only when you tick it there.');
  });

  it('names several oldest first, and leaves out orders not ticked or finished', () => {
    const orders = [
      order(9),
      order(3, { status: 'OUTFORDELIVERY' }),
      order(5, { whatsappOptIn: false }),
      order(6, { status: 'DELIVERED' }),
      order(7, { status: 'CANCELLED' }),
      order(8, { status: 'RETURNED' }),
      order(4, { status: 'READY' }),
    ];
    const standing = whatsappStanding(false, orders);
    expect(standing.stillMessaged).toEqual(['GS-1003', 'GS-1004', 'GS-1009']);
    expect(standing.notice).toBe('GS-1003, GS-1004 and GS-1009 get WhatsApp updates, as you asked at checkout.');
  });

  it('counts a finished order whose refund is on its way, as its refund is messaged', () => {
    const refunding = order(7, { status: 'CANCELLED', paymentstatus: 'PAID', refundedAmount: 549, refundProcessedAmount: 0 });
    const refunded = order(8, { status: 'CANCELLED', paymentstatus: 'PAID', refundedAmount: 549, refundProcessedAmount: 549 });
    expect(whatsappStanding(false, [refunding, refunded]).stillMessaged).toEqual(['GS-1007']);
  });

  it('says nothing of orders when none is messaged, or the orders are not read yet', () => {
    expect(whatsappStanding(false, [order(2, { whatsappOptIn: false })])).toMatchObject({ stillMessaged: [], notice: null });
    expect(whatsappStanding(false, undefined)).toMatchObject({ stillMessaged: [], notice: null });
  });

  it('with the switch on, says new orders start ticked and off stops every order', () => {
    const standing = whatsappStanding(true, [order(2)]);
    expect(standing).toMatchObject({ stillMessaged: [], notice: null });
    expect(standing.help).toBe(
      'Checkout starts with the WhatsApp box ticked, and you can untick it for an order there. Turning this off stops the messages about every order, those already placed too.',
    );
  });
});
