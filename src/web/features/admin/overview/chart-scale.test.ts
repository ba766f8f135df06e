import { describe, expect, it } from 'vitest';
import { niceStep } from './chart-scale';

describe('niceStep', () => {
  it('rounds a raw step up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(3057, false)).toBe(5000);
    expect(niceStep(1200, false)).toBe(2000);
    expect(niceStep(2100, false)).toBe(2500);
    expect(niceStep(0.4, false)).toBe(0.5);
  });

  it('keeps order counts in whole steps', () => {
    expect(niceStep(1.5, true)).toBe(2);
    expect(niceStep(0.25, true)).toBe(1);
    expect(niceStep(2.2, true)).toBe(5);
    expect(niceStep(23, true)).toBe(25);
  });

  it('gives 1 for an empty chart', () => {
    expect(niceStep(0, true)).toBe(1);
    expect(niceStep(0, false)).toBe(1);
  });
});
