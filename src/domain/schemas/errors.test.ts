import { describe, expect, it } from 'vitest';
import { ERROR_CODES, apiErrorSchema, isApiError } from './errors';

describe('ERROR_CODES', () => {
  it('maps each code to itself', () => {
    for (const [key, value] of Object.entries(ERROR_CODES)) expect(value).toBe(key);
    expect(Object.keys(ERROR_CODES)).toEqual([
      'VALIDATION_FAILED',
      'NOT_FOUND',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'CONFLICT',
      'PRICE_CHANGED',
      'RATE_LIMITED',
      'PAYLOAD_TOO_LARGE',
      'BAD_REQUEST',
      'INVALID_JSON',
      'UNSUPPORTED_MEDIA_TYPE',
    ]);
  });
});

describe('apiErrorSchema', () => {
  it('reads an error with or without fields', () => {
    expect(apiErrorSchema.parse({ error: 'NOT_FOUND', message: 'No such order' })).toEqual({
      error: 'NOT_FOUND',
      message: 'No such order',
    });
    const withFields = { error: 'VALIDATION_FAILED', message: 'Email is required', fields: { email: 'Email is required' } };
    expect(apiErrorSchema.parse(withFields)).toEqual(withFields);
  });

  it('isApiError tells an error body from anything else', () => {
    expect(isApiError({ error: 'CONFLICT', message: 'Exists' })).toBe(true);
    expect(isApiError({ message: 'no code' })).toBe(false);
    expect(isApiError({ error: 'X', message: 'm', fields: { a: 1 } })).toBe(false);
    expect(isApiError('boom')).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
