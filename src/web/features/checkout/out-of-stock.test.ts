import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { stockShortage } from './out-of-stock';

const body = {
  error: 'OUT_OF_STOCK',
  message: 'Only 2 of Cow Ghee 500 ml are left. Lower the quantity to 2 to place the order.',
  line: { index: 0, name: 'Cow Ghee', quantity: 500, left: 2 },
};

describe('stockShortage', () => {
  it("reads the line, its size and how many are left from the checkout's 409", () => {
    expect(stockShortage(new ApiError(409, 'OUT_OF_STOCK', body.message, {}, body))).toEqual({
      name: 'Cow Ghee',
      quantity: 500,
      left: 2,
      message: body.message,
    });
  });

  it('is null for any other error, or an answer without the line', () => {
    expect(stockShortage(new ApiError(409, 'PRICE_CHANGED', 'Prices changed', {}, { ...body, error: 'PRICE_CHANGED' }))).toBeNull();
    expect(stockShortage(new ApiError(409, 'OUT_OF_STOCK', body.message, {}, { error: 'OUT_OF_STOCK', message: body.message }))).toBeNull();
    expect(stockShortage(new Error('network'))).toBeNull();
  });
});
