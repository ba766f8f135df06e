import { describe, expect, it } from 'vitest';
import {
  descriptionPreview,
  displayOrderId,
  displayPaymentId,
  formatRupees,
  formatShopDate,
  formatShopDateTime,
  formatSize,
  orderDate,
  orderLabel,
  orderNumber,
  parseOrderNumber,
  orderTime,
  shopTimestamp,
  withOrderPrefix,
  withPaymentPrefix,
} from './display';

describe('order numbers', () => {
  it('shows the row id past the offset with the GS- prefix', () => {
    expect(orderNumber(1)).toBe('GS-1001');
    expect(orderNumber(43)).toBe('GS-1043');
  });

  it('reads back what a person types, in any case and spacing, and nothing else', () => {
    expect(parseOrderNumber('GS-1043')).toBe(43);
    expect(parseOrderNumber(' gs 1043 ')).toBe(43);
    expect(parseOrderNumber('GS1043')).toBe(43);
    expect(parseOrderNumber('GS-1000')).toBeUndefined();
    expect(parseOrderNumber('GS-999')).toBeUndefined();
    expect(parseOrderNumber('1043')).toBeUndefined();
    expect(parseOrderNumber('order_GS1043')).toBeUndefined();
    expect(parseOrderNumber('GS-99999999999999999999')).toBeUndefined();
  });

  it('labels an order by its number, or by its short id when the row id is unknown', () => {
    expect(orderLabel({ id: 7, orderid: 'order_Ab12' })).toBe('GS-1007');
    expect(orderLabel({ orderid: 'order_Ab12' })).toBe('Ab12');
    expect(orderLabel({ id: 0, orderid: 'order_Ab12' })).toBe('Ab12');
  });
});

describe('ids', () => {
  it('drops the 6-character order_ prefix', () => {
    expect(displayOrderId('order_Nx1AbC2dEf3GhI')).toBe('Nx1AbC2dEf3GhI');
  });

  it('drops the 4-character pay_ prefix', () => {
    expect(displayPaymentId('pay_Nx1AbC2dEf3GhI')).toBe('Nx1AbC2dEf3GhI');
  });

  it('keeps an id without the prefix and an empty payment id as they are', () => {
    expect(displayOrderId('ABC123')).toBe('ABC123');
    expect(displayPaymentId('')).toBe('');
    expect(displayPaymentId('paymentX')).toBe('paymentX');
  });

  it('adds a missing prefix for payment verification, never twice', () => {
    expect(withOrderPrefix('Nx1AbC')).toBe('order_Nx1AbC');
    expect(withOrderPrefix(' order_Nx1AbC ')).toBe('order_Nx1AbC');
    expect(withPaymentPrefix('Qz9')).toBe('pay_Qz9');
    expect(withPaymentPrefix('pay_Qz9')).toBe('pay_Qz9');
    expect(withOrderPrefix('  ')).toBe('');
  });
});

describe('shopTimestamp, orderDate and orderTime (shop time, Asia/Kolkata)', () => {
  it('stamps a moment in Indian time with its offset', () => {
    expect(shopTimestamp(new Date('2024-05-01T08:00:00.000Z'))).toBe('2024-05-01T13:30:00.000+05:30');
    // 20:00 UTC is 01:30 the next day in India.
    expect(shopTimestamp(new Date('2024-05-01T20:00:00.000Z'))).toBe('2024-05-02T01:30:00.000+05:30');
  });

  it('keeps text order equal to time order', () => {
    const times = ['2024-05-01T18:29:00Z', '2024-05-01T18:31:00Z', '2024-05-02T03:00:00Z'].map((t) => shopTimestamp(new Date(t)));
    expect([...times].sort()).toEqual(times);
  });

  it('shows the first 10 characters of createdAt as the date, as the spec says', () => {
    const stamp = shopTimestamp(new Date('2024-05-01T20:00:00.000Z'));
    expect(orderDate(stamp)).toBe('2024-05-02');
    expect(orderTime(stamp)).toBe('01:30');
    expect(orderDate('2024-12-31T23:59:00+05:30')).toBe('2024-12-31');
    expect(orderDate('not a date at all')).toBe('not a date');
  });

  it('shows any timestamp in Indian time, 24-hour with two digits', () => {
    expect(orderTime('2024-05-01T08:00:00.000Z')).toBe('13:30');
    expect(orderTime('2024-05-01T00:05:00Z')).toBe('05:35');
    expect(orderTime('2024-12-31T23:59:00+05:30')).toBe('23:59');
  });

  it('gives no time for anything that is not a date-time', () => {
    expect(orderTime('2024-05-01')).toBe('');
    expect(orderTime('garbage')).toBe('');
    expect(orderTime('2024-13-45T99:99:00Z')).toBe('');
  });
});

describe('descriptionPreview', () => {
  it('cuts at 80 characters and adds ...', () => {
    const text = 'a'.repeat(100);
    expect(descriptionPreview(text)).toBe(`${'a'.repeat(80)}...`);
  });

  it('keeps text of 80 characters or fewer whole', () => {
    expect(descriptionPreview('Pure ghee.')).toBe('Pure ghee.');
    expect(descriptionPreview('b'.repeat(80))).toBe('b'.repeat(80));
    expect(descriptionPreview('')).toBe('');
  });

  it('drops trailing spaces before the dots', () => {
    expect(descriptionPreview(`${'c'.repeat(79)} tail`)).toBe(`${'c'.repeat(79)}...`);
  });

  it('never splits an emoji', () => {
    const text = `${'d'.repeat(79)}🧈🧈🧈`;
    expect(descriptionPreview(text)).toBe(`${'d'.repeat(79)}🧈...`);
  });
});

describe('formatRupees', () => {
  it('uses Rs. and Indian digit grouping', () => {
    expect(formatRupees(0)).toBe('Rs. 0');
    expect(formatRupees(999)).toBe('Rs. 999');
    expect(formatRupees(1250)).toBe('Rs. 1,250');
    expect(formatRupees(125000)).toBe('Rs. 1,25,000');
    expect(formatRupees(12345678)).toBe('Rs. 1,23,45,678');
  });
});

describe('formatSize', () => {
  it('appends ml', () => {
    expect(formatSize(250)).toBe('250 ml');
  });
});

describe('formatShopDateTime', () => {
  it('reads an instant in India time, whatever zone it was written in', () => {
    expect(formatShopDateTime('2026-11-28T15:37:00.000Z')).toBe('28 Nov 2026, 21:07 IST');
    expect(formatShopDateTime('2026-11-28T21:07:00.000+05:30')).toBe('28 Nov 2026, 21:07 IST');
    expect(formatShopDateTime('2026-11-28')).toBe('');
  });
});

describe('formatShopDate', () => {
  it('is the date part of formatShopDateTime, in shop time, for a stamp or a bare date', () => {
    // 20:00 UTC is past midnight in India: the shop's date is the next day.
    expect(formatShopDate('2026-11-28T20:00:00.000Z')).toBe('29 Nov 2026');
    expect(formatShopDate('2026-11-28T21:07:00.000+05:30')).toBe('28 Nov 2026');
    expect(formatShopDate('2026-11-28')).toBe('28 Nov 2026');
    expect(formatShopDate('2026-02-30')).toBe('');
    expect(formatShopDate('not a date')).toBe('');
  });
});
