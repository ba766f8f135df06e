import { describe, expect, it } from 'vitest';
import {
  BARE_PLACEHOLDER_WORDS,
  PLACEHOLDERS,
  SAMPLE_PLACEHOLDER_VALUES,
  escapeHtml,
  formatChargesForMail,
  formatItemsForMail,
  isPlaceholderKey,
  placeholderValuesForOrder,
  renderTemplate,
} from './placeholders';

describe('PLACEHOLDERS', () => {
  it('offers the eleven placeholders of DESIGN.md §4 and the order number, with tokens and labels', () => {
    expect(PLACEHOLDERS.map((p) => p.token)).toEqual([
      '{{customerName}}',
      '{{orderNumber}}',
      '{{orderId}}',
      '{{receipt}}',
      '{{totalAmount}}',
      '{{paymentId}}',
      '{{mobileNumber}}',
      '{{address}}',
      '{{pincode}}',
      '{{district}}',
      '{{state}}',
      '{{items}}',
    ]);
    expect(PLACEHOLDERS[0]).toEqual({
      key: 'customerName',
      token: '{{customerName}}',
      label: 'Customer name',
    });
    for (const p of PLACEHOLDERS) expect(p.label.length).toBeGreaterThan(0);
  });

  it('recognises only known keys', () => {
    expect(isPlaceholderKey('orderId')).toBe(true);
    expect(isPlaceholderKey('orderid')).toBe(false);
    expect(isPlaceholderKey('constructor')).toBe(false);
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
  });
});

describe('renderTemplate', () => {
  const values = { customerName: 'Asha', orderId: 'Nx1', totalAmount: 'Rs. 1,100' };

  it('replaces known tokens, with or without spaces inside the braces', () => {
    expect(
      renderTemplate('Hi {{customerName}}, order {{ orderId }} costs {{  totalAmount}}.', values, {
        html: false,
      }),
    ).toBe('Hi Asha, order Nx1 costs Rs. 1,100.');
  });

  it('replaces every occurrence', () => {
    expect(renderTemplate('{{orderId}}/{{orderId}}', values, { html: false })).toBe('Nx1/Nx1');
  });

  it('leaves unknown placeholders visible', () => {
    expect(renderTemplate('Hi {{firstName}} {{ order_id }} {{}}', values, { html: false })).toBe(
      'Hi {{firstName}} {{ order_id }} {{}}',
    );
  });

  it('leaves a known placeholder without a value visible', () => {
    expect(renderTemplate('Pay id: {{paymentId}}', values, { html: true })).toBe(
      'Pay id: {{paymentId}}',
    );
  });

  it('replaces a known placeholder with an empty value by nothing', () => {
    expect(renderTemplate('Pay id: [{{paymentId}}]', { paymentId: '' }, { html: false })).toBe(
      'Pay id: []',
    );
  });

  it('escapes values in HTML mode', () => {
    const evil = { customerName: '<script>alert(1)</script>' };
    expect(renderTemplate('<p>Hi {{customerName}}</p>', evil, { html: true })).toBe(
      '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('leaves values untouched in text mode', () => {
    const evil = { customerName: '<script>alert(1)</script>' };
    expect(renderTemplate('Hi {{customerName}}', evil, { html: false })).toBe(
      'Hi <script>alert(1)</script>',
    );
  });

  it('does not expand tokens inside values or treat $ patterns specially', () => {
    const tricky = { customerName: '{{orderId}} $& $1', orderId: 'Nx1' };
    expect(renderTemplate('{{customerName}}', tricky, { html: false })).toBe('{{orderId}} $& $1');
  });

  it('ignores inherited object keys', () => {
    expect(renderTemplate('{{toString}} {{constructor}}', {}, { html: false })).toBe(
      '{{toString}} {{constructor}}',
    );
  });
});

describe('renderTemplate with the original client\'s bare words', () => {
  const values = placeholderValuesForOrder({
    username: 'Asha <Verma>',
    orderid: 'order_Nx1AbC2dEf3GhI',
    receipt: 'Receipt-4821',
    totalAmount: 1019,
    paymentid: 'pay_Qz9Yx8Wv7Ut6Sr',
    mobilenumber: '9876543210',
    address: '4 Lake Road & Co',
    pincode: '600001',
    district: 'Chennai',
    state: 'Tamil Nadu',
    items: [{ name: 'A2 Desi Cow Ghee', quantity: 500, itemQty: 1, finalPrice: 1019 }],
  });

  it('names the eleven words of DESIGN.md §7.4 and ORDERNUMBER, each the twin of a {{key}}', () => {
    expect(Object.keys(BARE_PLACEHOLDER_WORDS)).toEqual([
      'CUSTOMERNAME', 'ORDERID', 'ORDERNUMBER', 'RECIPET', 'TOTALAMOUNT', 'PAYMENTID', 'MOBILENUMBER', 'ADDRESS', 'PINCODE', 'DISTRICT', 'STATE', 'ITEMS',
    ]);
    expect(new Set(Object.values(BARE_PLACEHOLDER_WORDS))).toEqual(new Set(PLACEHOLDERS.map((p) => p.key)));
  });

  it('fills every bare word exactly as its {{key}} twin, in text and HTML', () => {
    for (const [word, key] of Object.entries(BARE_PLACEHOLDER_WORDS)) {
      for (const html of [false, true]) {
        expect(renderTemplate(`[${word}]`, values, { html }), word).toBe(renderTemplate(`[{{${key}}}]`, values, { html }));
      }
    }
    expect(renderTemplate('Dear CUSTOMERNAME, order ORDERID (RECIPET) of TOTALAMOUNT, paid PAYMENTID.', values, { html: false })).toBe(
      'Dear Asha <Verma>, order Nx1AbC2dEf3GhI (Receipt-4821) of Rs. 1,019, paid Qz9Yx8Wv7Ut6Sr.',
    );
  });

  it('escapes bare-word values in HTML like {{key}} values', () => {
    expect(renderTemplate('<p>CUSTOMERNAME at ADDRESS</p>', values, { html: true })).toBe(
      '<p>Asha &lt;Verma&gt; at 4 Lake Road &amp; Co</p>',
    );
  });

  it('mixes with {{key}} placeholders in one template', () => {
    expect(renderTemplate('{{customerName}} / CUSTOMERNAME / {{ orderId }} / ORDERID', values, { html: false })).toBe(
      'Asha <Verma> / Asha <Verma> / Nx1AbC2dEf3GhI / Nx1AbC2dEf3GhI',
    );
  });

  it('takes only whole upper-case words', () => {
    const text = 'State items Address orderid EMAILADDRESS ORDERIDS STATE_CODE PINCODE2 XITEMS';
    expect(renderTemplate(text, values, { html: false })).toBe(text);
    expect(renderTemplate('ITEMS:\nSTATE-PINCODE.', values, { html: false })).toBe(
      'A2 Desi Cow Ghee - 500 ml x 1 - Rs. 1,019:\nTamil Nadu-600001.',
    );
  });

  it('never expands a bare word or token that a value contains', () => {
    const tricky = { customerName: 'ORDERID {{state}} STATE', orderId: 'Nx1', state: 'Goa' };
    expect(renderTemplate('CUSTOMERNAME', tricky, { html: false })).toBe('ORDERID {{state}} STATE');
  });

  it('leaves a bare word without a value as written', () => {
    expect(renderTemplate('Paid: PAYMENTID', { customerName: 'Asha' }, { html: true })).toBe('Paid: PAYMENTID');
  });
});

describe('formatItemsForMail', () => {
  it('writes one line per item with the line total', () => {
    expect(
      formatItemsForMail([
        { name: 'Classic Cow Ghee', size: 500, itemQty: 2, unitPrice: 550 },
        { name: 'A2 Desi Ghee', size: 1000, itemQty: 1, unitPrice: 1250 },
      ]),
    ).toBe('Classic Cow Ghee - 500 ml x 2 - Rs. 1,100\nA2 Desi Ghee - 1000 ml x 1 - Rs. 1,250');
  });

  it('is empty for no items', () => {
    expect(formatItemsForMail([])).toBe('');
  });
});

describe('placeholderValuesForOrder', () => {
  const order = {
    username: 'Ravi Kumar',
    orderid: 'order_Nx1AbC2dEf3GhI',
    receipt: 'Receipt-4821',
    totalAmount: 125000,
    paymentid: 'pay_Qz9Yx8Wv7Ut6Sr',
    mobilenumber: '9876543210',
    address: '4 Lake Road',
    pincode: '600001',
    district: 'Chennai',
    state: 'Tamil Nadu',
    items: [{ name: 'Classic Cow Ghee', quantity: 500, itemQty: 2, finalPrice: 550 }],
  };

  it('builds every value from a returned order', () => {
    expect(placeholderValuesForOrder(order)).toEqual({
      customerName: 'Ravi Kumar',
      orderNumber: 'Nx1AbC2dEf3GhI',
      orderId: 'Nx1AbC2dEf3GhI',
      receipt: 'Receipt-4821',
      totalAmount: 'Rs. 1,25,000',
      paymentId: 'Qz9Yx8Wv7Ut6Sr',
      mobileNumber: '9876543210',
      address: '4 Lake Road',
      pincode: '600001',
      district: 'Chennai',
      state: 'Tamil Nadu',
      items: 'Classic Cow Ghee - 500 ml x 2 - Rs. 1,100',
    });
  });

  it('numbers an order by its row id when it has one', () => {
    expect(placeholderValuesForOrder({ ...order, id: 43 })).toMatchObject({ orderNumber: 'GS-1043', orderId: 'Nx1AbC2dEf3GhI' });
  });

  it('gives an empty payment id for an unpaid order', () => {
    expect(placeholderValuesForOrder({ ...order, paymentid: '' }).paymentId).toBe('');
  });

  it('fills every placeholder of a template', () => {
    const all = PLACEHOLDERS.map((p) => p.token).join('|');
    const out = renderTemplate(all, placeholderValuesForOrder(order), { html: true });
    expect(out).not.toContain('{{');
  });

  it('offers sample values for every placeholder', () => {
    for (const p of PLACEHOLDERS) expect(SAMPLE_PLACEHOLDER_VALUES[p.key]).not.toBe('');
  });
});

const SAMPLE_ORDER_FOR_CHARGES = {
  username: 'Asha',
  orderid: 'order_ABC',
  receipt: 'R-1',
  totalAmount: 999,
  paymentid: '',
  mobilenumber: '9876543210',
  address: 'x',
  pincode: '560001',
  district: 'd',
  state: 's',
};

describe('charges in the items placeholder', () => {
  const order = {
    ...SAMPLE_ORDER_FOR_CHARGES,
    items: [{ name: 'Buffalo Ghee', quantity: 1000, itemQty: 1, finalPrice: 999 }],
  };

  it('adds delivery, COD fee and discount lines after the items, only those charged', () => {
    const values = placeholderValuesForOrder({ ...order, deliveryFee: 60, codFee: 25, discount: 100, couponCode: 'FESTIVE10' });
    expect(values.items).toBe(
      'Buffalo Ghee - 1000 ml x 1 - Rs. 999\nDelivery - Rs. 60\nCash on delivery fee - Rs. 25\nDiscount (FESTIVE10) - minus Rs. 100',
    );
    expect(formatChargesForMail({ deliveryFee: 0, codFee: 0, discount: 50, couponCode: null })).toEqual(['Discount - minus Rs. 50']);
  });

  it('leaves an order without charges exactly as before', () => {
    expect(placeholderValuesForOrder({ ...order, deliveryFee: 0, codFee: 0, discount: 0, couponCode: null }).items).toBe(
      'Buffalo Ghee - 1000 ml x 1 - Rs. 999',
    );
    expect(placeholderValuesForOrder(order).items).toBe('Buffalo Ghee - 1000 ml x 1 - Rs. 999');
  });
});
