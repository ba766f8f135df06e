import { describe, expect, it } from 'vitest';
import type { Order } from '../../domain/schemas/order';
import { ORDER_CSV_HEADER, orderCsvCells } from './orders-csv';

describe('order rows', () => {
  const order: Order = {
    id: 1,
    orderid: 'order_ABCDEFGHIJKLMN',
    paymentid: 'pay_PQRSTUVWXYZ123',
    status: 'OUTFORDELIVERY',
    paymentmode: 'ONLINE',
    paymentstatus: 'PAID',
    address: '12 Temple Street',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560001',
    mobilenumber: '9876543210',
    totalAmount: 1650,
    items: [
      { name: 'Classic Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 550 },
      { name: 'A2 Desi Ghee', quantity: 250, itemQty: 1, finalPrice: 550 },
    ],
    createdAt: '2024-06-01T01:30:00.000+05:30',
    username: 'Asha Verma',
    emailaddress: 'asha@example.in',
    note: '',
    receipt: 'Receipt-42',
    subtotal: 1650,
    deliveryFee: 60,
    codFee: 0,
    discount: 60,
    couponCode: 'WELCOME',
  };

  it('shows ids without prefixes, shop-time date and labels', () => {
    const cells = orderCsvCells(order);
    expect(cells).toHaveLength(ORDER_CSV_HEADER.length);
    expect(cells.slice(0, 4)).toEqual(['ABCDEFGHIJKLMN', '2024-06-01', '01:30', 'Asha Verma']);
    expect(cells[10]).toBe('Out for Delivery');
    expect(cells[11]).toBe('Online');
    expect(cells[13]).toBe('PQRSTUVWXYZ123');
    expect(cells[15]).toBe('Classic Cow Ghee - 500 ml - 2 qty; A2 Desi Ghee - 250 ml - 1 qty');
    expect(cells.slice(16, 22)).toEqual([1650, 60, 0, 60, 'WELCOME', 1650]);
    expect(cells[ORDER_CSV_HEADER.indexOf('Order number')]).toBe(`GS-${1000 + order.id}`);
  });

  it('ends with the refunded rupees: money that went back, not a refund still on its way', () => {
    expect(ORDER_CSV_HEADER.slice(-2)).toEqual(['Order number', 'Refunded (Rs.)']);
    expect(orderCsvCells({ ...order, refundedAmount: 550, refundProcessedAmount: 550 }).at(-1)).toBe(550);
    expect(orderCsvCells({ ...order, refundedAmount: 550, refundProcessedAmount: 200 }).at(-1)).toBe(200);
    expect(orderCsvCells({ ...order, refundedAmount: 550, refundProcessedAmount: 0 }).at(-1)).toBe(0);
    expect(orderCsvCells(order).at(-1)).toBe(0);
  });
});
