import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROOT_FIELD, fieldErrors, validationApiError } from './zod-fields';

const schema = z.strictObject({
  email: z.string().min(1, 'Email is required').regex(/@/, 'Email format is invalid'),
  items: z.array(z.strictObject({ itemQty: z.number().max(10, 'Too many') })),
});

describe('fieldErrors', () => {
  it('keys messages by dotted path', () => {
    const result = schema.safeParse({ email: 'x@y', items: [{ itemQty: 1 }, { itemQty: 11 }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ 'items.1.itemQty': 'Too many' });
  });

  it('keeps only the first message of a field', () => {
    const result = schema.safeParse({ email: '', items: [] });
    expect(result.error?.issues.filter((i) => i.path[0] === 'email')).toHaveLength(2);
    expect(fieldErrors(result.error!)).toEqual({ email: 'Email is required' });
  });

  it('puts whole-value problems under the root key', () => {
    const result = schema.safeParse({ email: 'x@y', items: [], extra: 1 });
    expect(Object.keys(fieldErrors(result.error!))).toEqual([ROOT_FIELD]);
  });

  it('stores a __proto__ path as a plain key', () => {
    const fields = fieldErrors({ issues: [{ path: ['__proto__'], message: 'bad' }] });
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.hasOwn(fields, '__proto__')).toBe(true);
  });

  it('is empty for no issues', () => {
    expect(fieldErrors({ issues: [] })).toEqual({});
  });
});

describe('validationApiError', () => {
  it('builds the 400 body', () => {
    const result = schema.safeParse({ email: '', items: [] });
    expect(validationApiError(result.error!)).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'Email is required',
      fields: { email: 'Email is required' },
    });
  });
});
