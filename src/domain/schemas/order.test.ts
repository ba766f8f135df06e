import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PaymentMode } from '../constants';
import type { OrderStatus } from '../order-status';
import {
  adminOrdersQuerySchema,
  confirmPaymentSchema,
  createOrderAnswerSchema,
  createOrderSchema,
  orderItemInputSchema,
  orderSchema,
  priceChangedAnswerSchema,
  verifyPaymentFormSchema,
  verifyPaymentSchema,
} from './order';
import type { AdminOrdersQuery, CreateOrderBody, CreateOrderInput } from './order';
import { errorsOf } from './test-helpers';

const item = { name: 'Classic Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 495 };

const body = {
  username: 'Asha Verma',
  mobilenumber: '9876543210',
  emailaddress: 'asha@example.com',
  address: '12 Temple Street',
  pincode: '560001',
  state: 'Karnataka',
  district: 'Bengaluru Urban',
  items: [item],
  totalAmount: 990,
  receipt: 'Receipt-123456',
  createdAt: '2024-05-01T08:00:00.000Z',
};

describe('orderItemInputSchema', () => {
  it('accepts name, size, itemQty and finalPrice', () => {
    expect(orderItemInputSchema.parse(item)).toEqual(item);
  });

  it('keeps itemQty between 1 and 10', () => {
    expect(errorsOf(orderItemInputSchema, { ...item, itemQty: 11 })).toEqual({
      itemQty: 'Quantity must be between 1 and 10',
    });
    expect(errorsOf(orderItemInputSchema, { ...item, itemQty: 0 })).toEqual({
      itemQty: 'Quantity must be between 1 and 10',
    });
  });

  it('needs a positive whole size and a whole non-negative price', () => {
    expect(errorsOf(orderItemInputSchema, { ...item, quantity: 0 })).toEqual({
      quantity: 'Size must be a positive whole number of ml',
    });
    expect(errorsOf(orderItemInputSchema, { ...item, finalPrice: -1 })).toEqual({
      finalPrice: 'Amount must be a whole number of rupees',
    });
    expect(errorsOf(orderItemInputSchema, { ...item, finalPrice: 49.5 })).toEqual({
      finalPrice: 'Amount must be a whole number of rupees',
    });
  });

  it('drops the original client\'s extra cart-line fields, keeping the four it prices', () => {
    const line = { ...item, id: 'p-1', price: [550, 990], description: 'Golden', images: 'https://x/1.webp', quantitysize: [500, 1000], instock: true, offerprice: 495 };
    expect(orderItemInputSchema.parse(line)).toEqual(item);
  });

  it('counts a line without itemQty as one bottle, as the original does', () => {
    const { itemQty: _omit, ...rest } = item;
    expect(orderItemInputSchema.parse(rest)).toEqual({ ...item, itemQty: 1 });
  });
});

describe('createOrderSchema', () => {
  it('applies defaults for note and payment mode', () => {
    const parsed = createOrderSchema.parse(body);
    expect(parsed.note).toBe('');
    expect(parsed.paymentmode).toBe('ONLINE');
  });

  it('accepts cash on delivery and trims the note', () => {
    const parsed = createOrderSchema.parse({ ...body, paymentmode: 'CASHONDELIVERY', note: '  ring twice ' });
    expect(parsed.paymentmode).toBe('CASHONDELIVERY');
    expect(parsed.note).toBe('ring twice');
  });

  it('rejects the label instead of the key for payment mode', () => {
    expect(errorsOf(createOrderSchema, { ...body, paymentmode: 'Cash on Delivery' })).toEqual({
      paymentmode: 'Choose Online or Cash on Delivery',
    });
  });

  it('requires the customer fields', () => {
    expect(errorsOf(createOrderSchema, { ...body, username: '', pincode: '12', mobilenumber: '' })).toEqual({
      username: 'Name is required',
      pincode: 'Pincode must be 6 digits',
      mobilenumber: 'Mobile number is required',
    });
  });

  it('needs 1 to 50 lines', () => {
    expect(errorsOf(createOrderSchema, { ...body, items: [] })).toEqual({
      items: 'Add at least one item to the order',
    });
    const many = Array.from({ length: 51 }, () => item);
    expect(errorsOf(createOrderSchema, { ...body, items: many })).toEqual({
      items: 'An order can have at most 50 lines',
    });
  });

  it('reports a bad line by its dotted path', () => {
    expect(errorsOf(createOrderSchema, { ...body, items: [item, { ...item, itemQty: 12 }] })).toEqual({
      'items.1.itemQty': 'Quantity must be between 1 and 10',
    });
  });

  it('checks total, receipt and note limits', () => {
    expect(errorsOf(createOrderSchema, { ...body, totalAmount: -5 })).toEqual({
      totalAmount: 'Amount must be a whole number of rupees',
    });
    expect(errorsOf(createOrderSchema, { ...body, receipt: '' })).toEqual({ receipt: 'Receipt is required' });
    expect(errorsOf(createOrderSchema, { ...body, receipt: 'r'.repeat(65) })).toEqual({
      receipt: 'Receipt can be at most 64 characters; this one has 65.',
    });
    expect(errorsOf(createOrderSchema, { ...body, note: 'n'.repeat(501) })).toEqual({
      note: 'Note can be at most 500 characters; this one has 501.',
    });
  });

  it('allows createdAt to be left out', () => {
    const { createdAt: _omit, ...rest } = body;
    expect(createOrderSchema.parse(rest).createdAt).toBeUndefined();
  });

  it('strips unknown keys such as a client-chosen status, payment id or owner', () => {
    const parsed = createOrderSchema.parse({ ...body, id: 42, status: 'DELIVERED', paymentstatus: 'PAID', paymentid: 'pay_X', user_id: 1, roles: ['ADMIN'] });
    expect(Object.keys(parsed).sort()).toEqual(
      ['username', 'mobilenumber', 'emailaddress', 'address', 'pincode', 'state', 'district', 'items', 'totalAmount', 'receipt', 'note', 'createdAt', 'paymentmode', 'gstin', 'businessName', 'whatsappOptIn'].sort(),
    );
  });

  it('takes the list spelling of a state typed loosely, and refuses a state not on the list', () => {
    expect(createOrderSchema.parse({ ...body, state: '  karnataka ' }).state).toBe('Karnataka');
    expect(createOrderSchema.parse({ ...body, state: 'ORISSA' }).state).toBe('Odisha');
    expect(createOrderSchema.parse({ ...body, state: 'Jammu & Kashmir' }).state).toBe('Jammu and Kashmir');
    expect(errorsOf(createOrderSchema, { ...body, state: 'Karnatka' })).toEqual({ state: 'Choose your state or union territory from the list' });
  });

  it('takes a business buyer: a checksum-valid GSTIN, upper-cased, with the business name', () => {
    const parsed = createOrderSchema.parse({ ...body, gstin: ' 29aagcb7383j1z4 ', businessName: 'Nandi Foods' });
    expect(parsed).toMatchObject({ gstin: '29AAGCB7383J1Z4', businessName: 'Nandi Foods' });
    expect(createOrderSchema.parse(body)).toMatchObject({ gstin: '', businessName: '' });
    expect(errorsOf(createOrderSchema, { ...body, gstin: '29AAGCB7383J1Z5', businessName: 'Nandi Foods' }).gstin).toMatch(/last character/);
    expect(errorsOf(createOrderSchema, { ...body, gstin: '29AAGCB7383J1Z4' })).toEqual({
      businessName: 'Business name is required with a GSTIN (it is printed on the invoice)',
    });
  });
});

describe('createOrderAnswerSchema', () => {
  it('reads the payment dialog data, amount in paise, currency INR', () => {
    const answer = {
      orderid: 'order_X',
      orderNumber: 'GS-1001',
      totalAmount: 990,
      amount: 99000,
      currency: 'INR',
      keyid: 'rzp_test_x',
      username: 'Asha',
      emailaddress: 'a@b.co',
      mobilenumber: '9876543210',
      address: '12 Temple Street',
    };
    expect(createOrderAnswerSchema.parse(answer)).toEqual(answer);
    expect(createOrderAnswerSchema.safeParse({ ...answer, currency: 'USD' }).success).toBe(false);
  });
});

describe('payment confirmation and verification', () => {
  it('confirmPaymentSchema needs all three values', () => {
    const ok = { orderid: 'order_X', paymentid: 'pay_Y', paymentsignature: 'abc' };
    expect(confirmPaymentSchema.parse(ok)).toEqual(ok);
    expect(errorsOf(confirmPaymentSchema, { ...ok, paymentsignature: '' })).toEqual({
      paymentsignature: 'Payment signature is required',
    });
    expect(confirmPaymentSchema.safeParse({ ...ok, amount: 1 }).success).toBe(false);
  });

  it('verifyPaymentSchema needs both ids', () => {
    expect(errorsOf(verifyPaymentSchema, { orderid: '', paymentid: '' })).toEqual({
      orderid: 'Order id is required',
      paymentid: 'Payment id is required',
    });
  });

  it('verifyPaymentFormSchema adds missing prefixes once', () => {
    expect(verifyPaymentFormSchema.parse({ orderid: 'X1', paymentid: 'pay_Y1' })).toEqual({
      orderid: 'order_X1',
      paymentid: 'pay_Y1',
    });
  });
});

describe('orderSchema (answer)', () => {
  const order = {
    id: 1,
    orderid: 'order_X',
    paymentid: '',
    status: 'PREPARATION',
    paymentmode: 'CASHONDELIVERY',
    paymentstatus: 'COD',
    address: '12 Temple Street',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560001',
    mobilenumber: '9876543210',
    totalAmount: 990,
    items: [item],
    createdAt: '2024-05-01T08:00:00.000Z',
    username: 'Asha',
    emailaddress: 'a@b.co',
    note: '',
    receipt: 'Receipt-1',
    subtotal: 990,
    deliveryFee: 0,
    codFee: 0,
    discount: 0,
    couponCode: null,
  };

  it('reads a returned order', () => {
    expect(orderSchema.parse(order)).toEqual(order);
  });

  it('rejects unknown status and payment values', () => {
    expect(orderSchema.safeParse({ ...order, status: 'SHIPPED' }).success).toBe(false);
    expect(orderSchema.safeParse({ ...order, paymentstatus: 'DONE' }).success).toBe(false);
  });
});

describe('adminOrdersQuerySchema', () => {
  it('defaults to newest first, offset 0, the newest 1,000 (the original client pages in the browser)', () => {
    expect(adminOrdersQuerySchema.parse({})).toEqual({ sort: 'newest', offset: 0, limit: 1000 });
    expect(adminOrdersQuerySchema.parse({ limit: '1000' }).limit).toBe(1000);
    expect(adminOrdersQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
  });

  it('coerces offset and limit from query strings', () => {
    const q = adminOrdersQuerySchema.parse({ offset: '10', limit: '20', sort: 'oldest' });
    expect(q).toEqual({ sort: 'oldest', offset: 10, limit: 20 });
  });

  it('keeps limit within 1 to 1,000 and offset at 0 or more', () => {
    expect(adminOrdersQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(adminOrdersQuerySchema.safeParse({ limit: '2.5' }).success).toBe(false);
    expect(adminOrdersQuerySchema.safeParse({ offset: '-1' }).success).toBe(false);
    expect(adminOrdersQuerySchema.safeParse({ offset: 'abc' }).success).toBe(false);
  });

  it('filters by a known status and a trimmed search of up to 100 characters', () => {
    const q = adminOrdersQuerySchema.parse({ status: 'READY', q: '  Nx1 ' });
    expect(q.status).toBe('READY');
    expect(q.q).toBe('Nx1');
    expect(adminOrdersQuerySchema.safeParse({ status: 'Active' }).success).toBe(false);
    expect(adminOrdersQuerySchema.safeParse({ q: 'q'.repeat(101) }).success).toBe(false);
  });

  it('treats a blank status or search as no filter', () => {
    const q = adminOrdersQuerySchema.parse({ status: '', q: '   ' });
    expect(q.status).toBeUndefined();
    expect(q.q).toBeUndefined();
  });

  it('accepts payment=pending only, and ignores unknown parameters', () => {
    expect(adminOrdersQuerySchema.parse({ payment: 'pending' }).payment).toBe('pending');
    expect(adminOrdersQuerySchema.safeParse({ payment: 'paid' }).success).toBe(false);
    expect(adminOrdersQuerySchema.parse({ _: '1712345' })).not.toHaveProperty('_');
  });

  it('rejects an unknown sort', () => {
    expect(adminOrdersQuerySchema.safeParse({ sort: 'price' }).success).toBe(false);
  });
});

describe('priceChangedAnswerSchema', () => {
  it('reads current prices and total', () => {
    const answer = {
      error: 'PRICE_CHANGED',
      message: 'Prices have changed',
      prices: [{ name: 'Classic Cow Ghee', quantity: 500, finalPrice: 520 }],
      totalAmount: 1040,
    };
    expect(priceChangedAnswerSchema.parse(answer)).toEqual(answer);
    expect(priceChangedAnswerSchema.safeParse({ ...answer, error: 'CONFLICT' }).success).toBe(false);
  });
});

describe('inferred types', () => {
  it('make query filters optional and defaults present', () => {
    expectTypeOf<AdminOrdersQuery['status']>().toEqualTypeOf<OrderStatus | undefined>();
    expectTypeOf<AdminOrdersQuery['limit']>().toEqualTypeOf<number>();
    expectTypeOf<CreateOrderInput['note']>().toEqualTypeOf<string>();
    expectTypeOf<CreateOrderBody['note']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CreateOrderInput['paymentmode']>().toEqualTypeOf<PaymentMode>();
  });
});
