import { describe, expect, it } from 'vitest';
import './array-buffer-detached';

const detached = (buffer: ArrayBuffer) => (buffer as ArrayBuffer & { detached: boolean }).detached;

describe('ArrayBuffer.prototype.detached on every Node the shop runs on', () => {
  it('is an own property of the prototype, as React looks for it', () => {
    expect(Object.prototype.hasOwnProperty.call(ArrayBuffer.prototype, 'detached')).toBe(true);
  });

  it('says false for a live buffer, empty or not, and true once its bytes were transferred away', () => {
    const live = new ArrayBuffer(8);
    expect(detached(live)).toBe(false);
    expect(detached(new ArrayBuffer(0))).toBe(false);
    structuredClone(live, { transfer: [live] });
    expect(live.byteLength).toBe(0);
    expect(detached(live)).toBe(true);
  });
});
