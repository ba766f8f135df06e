import { describe, expect, it } from 'vitest';
import { shopCalendar } from './shop-time';

describe('shop calendar (Asia/Kolkata)', () => {
  it('starts the shop day at midnight in India, not at midnight UTC', () => {
    // 20:00 UTC on 31 May is 01:30 on 1 June in India.
    const cal = shopCalendar(new Date('2024-05-31T20:00:00Z'), 30);
    expect(cal.today).toBe('2024-06-01');
    expect(cal.month).toBe('2024-06');
    expect(cal.days).toHaveLength(30);
    expect(cal.days[0]).toBe('2024-05-03');
    expect(cal.days[29]).toBe('2024-06-01');
    expect(cal.since).toBe('2024-05-03');
  });

  it('reaches back to the 1st when the month is longer than the window', () => {
    const cal = shopCalendar(new Date('2024-05-31T10:00:00Z'), 30);
    expect(cal.today).toBe('2024-05-31');
    expect(cal.days[0]).toBe('2024-05-02');
    expect(cal.since).toBe('2024-05-01');
  });

  it('crosses month and leap-day boundaries day by day', () => {
    const cal = shopCalendar(new Date('2024-03-02T06:00:00Z'), 4);
    expect(cal.days).toEqual(['2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
  });

  it('is still the same day in India until 18:30 UTC', () => {
    expect(shopCalendar(new Date('2024-03-10T18:29:59Z'), 1).today).toBe('2024-03-10');
    expect(shopCalendar(new Date('2024-03-10T18:30:00Z'), 1).today).toBe('2024-03-11');
  });
});
