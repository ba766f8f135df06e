import { describe, expect, it } from 'vitest';
import {
  codVerdict,
  couponAmount,
  couponVerdict,
  DEFAULT_DELIVERY_RULES,
  deliveryFeeFor,
  isServiceable,
  normaliseCouponCode,
  orderTotals,
  type CouponRules,
  type CouponUsage,
  type DeliveryRules,
} from './pricing';

const rules = (over: Partial<DeliveryRules> = {}): DeliveryRules => ({ ...DEFAULT_DELIVERY_RULES, ...over });
const coupon = (over: Partial<CouponRules> = {}): CouponRules => ({
  code: 'FESTIVE10',
  kind: 'PERCENT',
  value: 10,
  minOrder: 0,
  maxDiscount: null,
  validFrom: null,
  validTo: null,
  totalUses: null,
  perCustomer: null,
  firstOrderOnly: false,
  active: true,
  ...over,
});
const usage = (over: Partial<CouponUsage> = {}): CouponUsage => ({
  now: '2026-11-25T10:00:00.000Z',
  usedTotal: 0,
  usedByCustomer: 0,
  customerOrders: 0,
  ...over,
});

describe('orderTotals with the defaults', () => {
  it('is exactly the subtotal for every payment mode, so the original client totals stay right', () => {
    for (const subtotal of [0, 1, 749, 1019, 125000]) {
      for (const cashOnDelivery of [true, false]) {
        const t = orderTotals({ subtotal, rules: DEFAULT_DELIVERY_RULES, pincode: '560001', cashOnDelivery, discount: 0 });
        expect(t).toEqual({ subtotal, deliveryFee: 0, codFee: 0, discount: 0, total: subtotal, cod: { allowed: true, reason: null } });
      }
    }
  });
});

describe('isServiceable', () => {
  it('serves all of India when nothing is listed, but never a malformed pincode', () => {
    expect(isServiceable(rules(), '110001')).toBe(true);
    expect(isServiceable(rules(), '011001')).toBe(false);
    expect(isServiceable(rules(), '56000')).toBe(false);
    expect(isServiceable(rules(), '5600011')).toBe(false);
  });
  it('serves only allowed prefixes or whole pincodes when some are listed', () => {
    const r = rules({ pincodesAllowed: ['560', '110001'] });
    expect(isServiceable(r, '560102')).toBe(true);
    expect(isServiceable(r, '110001')).toBe(true);
    expect(isServiceable(r, '110002')).toBe(false);
  });
  it('lets a block win over an allow', () => {
    const r = rules({ pincodesAllowed: ['560'], pincodesBlocked: ['5601', '560001'] });
    expect(isServiceable(r, '560102')).toBe(false);
    expect(isServiceable(r, '560001')).toBe(false);
    expect(isServiceable(r, '560002')).toBe(true);
    expect(isServiceable(rules({ pincodesBlocked: ['7'] }), '700001')).toBe(false);
  });
});

describe('delivery fee', () => {
  it('charges the fee below the free-delivery value and nothing from it on', () => {
    const r = rules({ deliveryFee: 60, freeDeliveryFrom: 999 });
    expect(deliveryFeeFor(r, 998)).toBe(60);
    expect(deliveryFeeFor(r, 999)).toBe(0);
    expect(deliveryFeeFor(r, 5000)).toBe(0);
  });
  it('always charges without a threshold, and a threshold of 0 makes delivery free', () => {
    expect(deliveryFeeFor(rules({ deliveryFee: 60 }), 100000)).toBe(60);
    expect(deliveryFeeFor(rules({ deliveryFee: 60, freeDeliveryFrom: 0 }), 0)).toBe(0);
  });
  it('reads the value after the discount: a coupon can take an order back under the threshold', () => {
    const r = rules({ deliveryFee: 50, freeDeliveryFrom: 1000 });
    const t = orderTotals({ subtotal: 1000, rules: r, pincode: '560001', cashOnDelivery: false, discount: 100 });
    expect(t).toMatchObject({ subtotal: 1000, discount: 100, deliveryFee: 50, codFee: 0, total: 950 });
  });
});

describe('cash on delivery', () => {
  it('says why it is refused: switched off, pincode, over the limit', () => {
    expect(codVerdict(rules({ codEnabled: false }), '560001', 10).reason).toMatch(/not offered/);
    expect(codVerdict(rules({ codBlocked: ['5600'] }), '560001', 10).reason).toBe(
      'Cash on delivery is not available for pincode 560001. Please pay online.',
    );
    expect(codVerdict(rules({ codMaxOrderValue: 2000 }), '560001', 2001).reason).toBe(
      'Cash on delivery is available for orders up to Rs. 2,000. Please pay online.',
    );
  });
  it('allows exactly the limit', () => {
    expect(codVerdict(rules({ codMaxOrderValue: 2000 }), '560001', 2000)).toEqual({ allowed: true, reason: null });
  });
  it('adds the COD fee only to a cash-on-delivery order that is allowed', () => {
    const r = rules({ codFee: 40, deliveryFee: 50 });
    expect(orderTotals({ subtotal: 500, rules: r, pincode: '560001', cashOnDelivery: true, discount: 0 })).toMatchObject({
      deliveryFee: 50,
      codFee: 40,
      total: 590,
    });
    expect(orderTotals({ subtotal: 500, rules: r, pincode: '560001', cashOnDelivery: false, discount: 0 }).codFee).toBe(0);
    const refused = orderTotals({ subtotal: 500, rules: { ...r, codEnabled: false }, pincode: '560001', cashOnDelivery: true, discount: 0 });
    expect(refused.codFee).toBe(0);
    expect(refused.cod.allowed).toBe(false);
  });
  it('measures the limit after the discount, so a coupon can bring an order within it', () => {
    const r = rules({ codMaxOrderValue: 1000 });
    expect(orderTotals({ subtotal: 1100, rules: r, pincode: '560001', cashOnDelivery: true, discount: 0 }).cod.allowed).toBe(false);
    expect(orderTotals({ subtotal: 1100, rules: r, pincode: '560001', cashOnDelivery: true, discount: 100 }).cod.allowed).toBe(true);
  });
});

describe('couponAmount', () => {
  it('rounds a percentage like offers do (.5 up) and caps it', () => {
    expect(couponAmount({ kind: 'PERCENT', value: 10, maxDiscount: null }, 1015)).toBe(102);
    expect(couponAmount({ kind: 'PERCENT', value: 10, maxDiscount: 50 }, 1015)).toBe(50);
  });
  it('never gives more than the goods cost, and a percentage above 100 counts as 100', () => {
    expect(couponAmount({ kind: 'FLAT', value: 500, maxDiscount: null }, 300)).toBe(300);
    expect(couponAmount({ kind: 'PERCENT', value: 150, maxDiscount: null }, 300)).toBe(300);
    expect(couponAmount({ kind: 'FLAT', value: -20, maxDiscount: null }, 300)).toBe(0);
  });
});

describe('couponVerdict', () => {
  it('applies a valid code', () => {
    expect(couponVerdict(coupon(), 1000, usage())).toEqual({ applied: true, discount: 100, reason: null });
    expect(couponVerdict(coupon({ kind: 'FLAT', value: 150 }), 1000, usage())).toEqual({ applied: true, discount: 150, reason: null });
  });
  it('tells how much more to add below the minimum order', () => {
    expect(couponVerdict(coupon({ minOrder: 1200 }), 1000, usage())).toEqual({
      applied: false,
      discount: 0,
      reason: 'Add Rs. 200 more to use FESTIVE10.',
    });
    expect(couponVerdict(coupon({ minOrder: 1000 }), 1000, usage()).applied).toBe(true);
  });
  it('refuses outside its dates', () => {
    expect(couponVerdict(coupon({ validTo: '2026-11-25T09:59:59.999Z' }), 1000, usage()).reason).toBe('FESTIVE10 has expired.');
    expect(couponVerdict(coupon({ validFrom: '2026-11-25T10:00:00.001Z' }), 1000, usage()).reason).toBe('FESTIVE10 is not valid yet.');
    expect(
      couponVerdict(coupon({ validFrom: '2026-11-25T10:00:00.000Z', validTo: '2026-11-25T10:00:00.000Z' }), 1000, usage()).applied,
    ).toBe(true);
  });
  it('counts uses per customer and in all', () => {
    expect(couponVerdict(coupon({ perCustomer: 1 }), 1000, usage({ usedByCustomer: 1 })).reason).toBe('You have already used FESTIVE10.');
    expect(couponVerdict(coupon({ perCustomer: 2 }), 1000, usage({ usedByCustomer: 1 })).applied).toBe(true);
    expect(couponVerdict(coupon({ totalUses: 5 }), 1000, usage({ usedTotal: 5 })).reason).toBe('FESTIVE10 has been fully used.');
    expect(couponVerdict(coupon({ totalUses: 5 }), 1000, usage({ usedTotal: 4 })).applied).toBe(true);
  });
  it('keeps a first-order code for customers without orders, and refuses an inactive code', () => {
    expect(couponVerdict(coupon({ firstOrderOnly: true }), 1000, usage({ customerOrders: 1 })).reason).toBe(
      'FESTIVE10 is for a first order only.',
    );
    expect(couponVerdict(coupon({ firstOrderOnly: true }), 1000, usage()).applied).toBe(true);
    expect(couponVerdict(coupon({ active: false }), 1000, usage()).reason).toBe('FESTIVE10 is no longer active.');
  });
  it('refuses a code that would give nothing', () => {
    expect(couponVerdict(coupon({ kind: 'PERCENT', value: 1 }), 10, usage()).applied).toBe(false);
  });
  it('says every refusal one way: a sentence naming the code', () => {
    const refusals = [
      couponVerdict(coupon({ active: false }), 1000, usage()),
      couponVerdict(coupon({ validFrom: '2026-11-26T00:00:00.000Z' }), 1000, usage()),
      couponVerdict(coupon({ validTo: '2026-11-24T00:00:00.000Z' }), 1000, usage()),
      couponVerdict(coupon({ perCustomer: 1 }), 1000, usage({ usedByCustomer: 1 })),
      couponVerdict(coupon({ totalUses: 1 }), 1000, usage({ usedTotal: 1 })),
      couponVerdict(coupon({ firstOrderOnly: true }), 1000, usage({ customerOrders: 1 })),
      couponVerdict(coupon({ minOrder: 1200 }), 1000, usage()),
      couponVerdict(coupon({ kind: 'PERCENT', value: 1 }), 10, usage()),
    ].map((verdict) => verdict.reason);
    for (const reason of refusals) expect(reason).toMatch(/^(?=.*FESTIVE10)[A-Z].*\.$/);
  });
});

describe('orderTotals with every charge', () => {
  it('adds fees and takes off the discount, never below the fees', () => {
    const r = rules({ deliveryFee: 60, freeDeliveryFrom: 2000, codFee: 30 });
    expect(orderTotals({ subtotal: 1500, rules: r, pincode: '560001', cashOnDelivery: true, discount: 150 })).toEqual({
      subtotal: 1500,
      deliveryFee: 60,
      codFee: 30,
      discount: 150,
      total: 1440,
      cod: { allowed: true, reason: null },
    });
    // A discount above the subtotal is clipped: the goods can be free, the fees are still paid.
    expect(orderTotals({ subtotal: 100, rules: r, pincode: '560001', cashOnDelivery: true, discount: 500 })).toMatchObject({
      discount: 100,
      total: 90,
    });
  });
});

describe('normaliseCouponCode', () => {
  it('makes codes case-insensitive', () => {
    expect(normaliseCouponCode('  festive10 ')).toBe('FESTIVE10');
  });
});
