import { describe, expect, it } from 'vitest';
import {
  PLACEHOLDERS,
  SAMPLE_PLACEHOLDER_VALUES,
  escapeHtml,
  formatItemsForMail,
  isPlaceholderKey,
  placeholderValuesForOrder,
  renderTemplate,
} from './placeholders';

describe('PLACEHOLDERS', () => {
  it('offers the eleven placeholders of DESIGN.md §4 with tokens and labels', () => {
    expect(PLACEHOLDERS.map((p) => p.token)).toEqual([
      '{{customerName}}',
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
